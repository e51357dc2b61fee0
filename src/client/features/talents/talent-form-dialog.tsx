import type { Talent } from '../../../shared/talent.ts'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx'

type TalentFormDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  talent: Talent | null
  title?: string
}

/** Add (talent = null) or edit a talent in a dialog. The form itself is filled in shortly. */
export function TalentFormDialog({ open, onOpenChange, talent, title }: TalentFormDialogProps) {
  const heading = title ?? (talent ? 'Edit Talent' : 'Add New Talent')
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{heading}</DialogTitle>
          <DialogDescription>
            {talent ? 'Update the talent profile.' : 'Add a new candidate to the talent pool.'}
          </DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  )
}
