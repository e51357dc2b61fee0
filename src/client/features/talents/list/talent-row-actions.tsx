import { Pencil, Trash2 } from 'lucide-react'
import type { MouseEvent } from 'react'
import { Button } from '../../../components/ui/button.tsx'

type TalentRowActionsProps = {
  fullName: string
  onEdit: () => void
  /** Absent when the viewer may not delete here (spec section 6: card view, non-admins). */
  onDelete?: () => void
}

/** Edit and delete icon buttons; clicking them does not open the talent (spec section 2). */
export function TalentRowActions({ fullName, onEdit, onDelete }: TalentRowActionsProps) {
  function handle(action: () => void) {
    return (event: MouseEvent<HTMLButtonElement>) => {
      event.stopPropagation()
      action()
    }
  }

  return (
    <div className="flex items-center gap-1">
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={`Edit ${fullName}`}
        title="Edit"
        onClick={handle(onEdit)}
        onKeyDown={(event) => event.stopPropagation()}
      >
        <Pencil aria-hidden="true" />
      </Button>
      {onDelete === undefined ? null : (
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete ${fullName}`}
          title="Delete"
          className="text-muted-foreground hover:bg-destructive/15 hover:text-destructive"
          onClick={handle(onDelete)}
          onKeyDown={(event) => event.stopPropagation()}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </div>
  )
}
