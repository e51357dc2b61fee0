import { Suspense, useRef } from 'react'
import type { Talent } from '#shared/talent.ts'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '../../../components/ui/sheet.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { useMediaQuery } from '../../../lib/use-media-query.ts'
import { useTalentScreens } from '../screens.ts'

/** Where the fields will be, for the moment the form's code takes to arrive. */
function TalentFormLoading() {
  return (
    <div role="status" className="grid gap-5 px-6 py-6">
      <span className="sr-only">Loading the form…</span>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="grid gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
    </div>
  )
}

/** spec section 9: the update dialog closes 500 ms after success. */
const UPDATE_CLOSE_DELAY_MS = 500

type TalentFormDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** null adds a talent ('Add New Talent'); a talent edits it ('Edit Talent'). */
  talent: Talent | null
  /** Overrides the title, e.g. 'Edit Talent Profile' from the detail view. */
  title?: string
}

/**
 * The add/edit talent dialog (spec section 2): a centred dialog on desktop and a bottom sheet
 * below 768 px, which closes on Escape. The fields scroll; the buttons stay in view.
 */
export function TalentFormDialog({ open, onOpenChange, talent, title }: TalentFormDialogProps) {
  const { TalentForm } = useTalentScreens()
  const isMobile = useMediaQuery('(max-width: 767px)')
  const sheetRef = useRef<HTMLDivElement>(null)
  const dialogRef = useRef<HTMLDivElement>(null)
  const heading = title ?? (talent === null ? 'Add New Talent' : 'Edit Talent')
  const description =
    talent === null
      ? 'Add a new candidate profile to the talent pool.'
      : `Update the profile of ${talent.fullName}.`

  function handleSaved() {
    if (talent === null) {
      onOpenChange(false)
      return
    }
    setTimeout(() => onOpenChange(false), UPDATE_CLOSE_DELAY_MS)
  }

  const form = (
    <Suspense fallback={<TalentFormLoading />}>
      <TalentForm
        key={talent?.id ?? 'new'}
        talent={talent}
        onCancel={() => onOpenChange(false)}
        onSaved={handleSaved}
        focusFirstField={!isMobile}
      />
    </Suspense>
  )

  if (isMobile) {
    return (
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent
          side="bottom"
          className="max-h-[92dvh] gap-0 overflow-hidden"
          ref={sheetRef}
          // Focus the sheet itself, not the first input: a phone keyboard would cover the sheet.
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            sheetRef.current?.focus()
          }}
        >
          <SheetHeader className="border-b px-6 pt-5 pb-4 text-left">
            <SheetTitle className="text-lg">{heading}</SheetTitle>
            <SheetDescription>{description}</SheetDescription>
          </SheetHeader>
          {form}
        </SheetContent>
      </Sheet>
    )
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex max-h-[90dvh] flex-col gap-0 overflow-hidden p-0 sm:max-w-2xl"
        ref={dialogRef}
        // Hold focus on the dialog until the form mounts and takes it to 'Full Name'.
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          dialogRef.current?.focus()
        }}
      >
        <DialogHeader className="border-b px-6 pt-6 pb-4">
          <DialogTitle>{heading}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {form}
      </DialogContent>
    </Dialog>
  )
}
