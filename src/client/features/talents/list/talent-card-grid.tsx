import { Plus, UsersRound } from 'lucide-react'
import type { Talent } from '#shared/talent.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { TalentCardList } from './talent-card-list.tsx'
import { CARD_GRID_CLASS } from './use-grid-columns.ts'

type TalentCardGridProps = {
  talents: Talent[]
  isLoading: boolean
  /** spec section 6: admin status is passed to the grid; only admins see delete on cards. */
  isAdmin: boolean
  onSelect: (talent: Talent) => void
  onEdit: (talent: Talent) => void
  onDelete: (talent: Talent) => void
  onAddFirst: () => void
  isSelected: (id: number) => boolean
  onToggleSelect: (talent: Talent, shiftKey: boolean) => void
}

/** List presentation B (spec section 2). */
export function TalentCardGrid(props: TalentCardGridProps) {
  const { talents, isLoading, isAdmin, onSelect, onEdit, onDelete, onAddFirst } = props

  if (isLoading) {
    // spec section 9: six skeleton cards while loading.
    return (
      <div className={CARD_GRID_CLASS} aria-busy="true" aria-label="Loading talents">
        {[0, 1, 2, 3, 4, 5].map((card) => (
          <div key={card} className="grid gap-3 rounded-xl border bg-card p-3">
            <Skeleton className="h-4 w-2/3" />
            <div className="flex items-center gap-2">
              <Skeleton className="size-10 rounded-full" />
              <Skeleton className="h-4 flex-1" />
            </div>
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-6 w-full" />
          </div>
        ))}
      </div>
    )
  }

  if (talents.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card/60 px-6 py-12 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
          <UsersRound className="size-6" aria-hidden="true" />
        </div>
        <h3 className="text-lg font-semibold">No talents found</h3>
        <p className="max-w-md text-sm text-muted-foreground">
          Your talent pool is currently empty. Add new talents to start building your database.
        </p>
        <Button type="button" onClick={onAddFirst}>
          <Plus aria-hidden="true" />
          Add First Talent
        </Button>
      </div>
    )
  }

  return (
    <TalentCardList
      talents={talents}
      isAdmin={isAdmin}
      onSelect={onSelect}
      onEdit={onEdit}
      onDelete={onDelete}
      isSelected={props.isSelected}
      onToggleSelect={props.onToggleSelect}
    />
  )
}
