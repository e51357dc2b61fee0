import type { Talent } from '#shared/talent.ts'
import { Checkbox } from '../../../components/ui/checkbox.tsx'

type SelectTalentCheckboxProps = {
  talent: Talent
  checked: boolean
  onToggle: (talent: Talent, shiftKey: boolean) => void
}

/**
 * A row's or card's checkbox: a click or Space toggles it, with Shift the range from
 * the last one clicked. It never opens the talent, which a click or Enter on the row does.
 */
export function SelectTalentCheckbox({ talent, checked, onToggle }: SelectTalentCheckboxProps) {
  return (
    <Checkbox
      checked={checked}
      aria-label={`Select ${talent.fullName}`}
      className="size-5"
      onClick={(event) => {
        event.stopPropagation()
        event.preventDefault()
        onToggle(talent, event.shiftKey)
      }}
      onKeyDown={(event) => {
        // The row opens the talent on Enter or Space; Space here is the checkbox's own.
        if (event.key === ' ' || event.key === 'Enter') event.stopPropagation()
      }}
    />
  )
}
