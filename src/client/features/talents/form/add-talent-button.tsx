import { Plus } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { useTalentScreens } from '../screens.ts'

/** The floating add button (spec section 2), bottom-right, below the scroll-to-top button. */
export function AddTalentButton({ onClick }: { onClick: () => void }) {
  const { TalentForm } = useTalentScreens()
  // The form's code starts loading on a sign of intent (pointer over or focus).
  const preloadTalentForm = () => void TalentForm.preload()
  return (
    <Button
      type="button"
      size="icon"
      aria-label="Add talent"
      title="Add talent"
      onClick={onClick}
      onPointerEnter={preloadTalentForm}
      onFocus={preloadTalentForm}
      className="fixed right-4 bottom-4 z-30 size-14 rounded-full shadow-lg shadow-primary/30 sm:right-6 sm:bottom-6 [&_svg:not([class*='size-'])]:size-6"
    >
      <Plus aria-hidden="true" />
    </Button>
  )
}
