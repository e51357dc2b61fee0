import type { Talent } from '#shared/talent.ts'
import { cn } from '../../../lib/cn.ts'
import { TalentCard } from './talent-card.tsx'
import { CARD_GRID_CLASS, useGridColumns } from './use-grid-columns.ts'
import { useWindowedRows } from './use-windowed-rows.ts'

type TalentCardListProps = {
  talents: Talent[]
  isAdmin: boolean
  onSelect: (talent: Talent) => void
  onEdit: (talent: Talent) => void
  onDelete: (talent: Talent) => void
  isSelected: (id: number) => boolean
  onToggleSelect: (talent: Talent, shiftKey: boolean) => void
}

/** A card row's height before it is measured (a card with a phone number at 1440 px, plus pb-3). */
const ROW_ESTIMATE_PX = 225

/**
 * The loaded talents as a grid of cards, windowed by rows: only the rows in and near
 * the window are in the DOM, so a long scroll costs what a screenful does. Each row is a grid of
 * its own, so a row coming in lays out itself only, not every card shown (one grid re-places all
 * its items when one is added before them). Each card keeps its place in the list for assistive
 * technology (aria-posinset/aria-setsize); the rows are presentational.
 */
export function TalentCardList({
  talents,
  isAdmin,
  onSelect,
  onEdit,
  onDelete,
  isSelected,
  onToggleSelect,
}: TalentCardListProps) {
  const columns = useGridColumns()
  const { setListElement, measureElement, slices, onFocus, onBlur } = useWindowedRows({
    count: Math.ceil(talents.length / columns),
    estimateSize: ROW_ESTIMATE_PX,
    gap: 0,
    overscan: 2,
  })

  return (
    <div
      ref={setListElement}
      role="list"
      aria-label="Talents"
      // The virtualizer keeps the scroll position steady itself; the browser's anchoring would
      // correct it a second time.
      className="[overflow-anchor:none]"
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {slices.map((slice) => {
        if (slice.kind === 'spacer') {
          return <div key={slice.key} aria-hidden="true" style={{ height: slice.height }} />
        }
        const first = slice.index * columns
        return (
          <div
            key={slice.index}
            ref={measureElement}
            data-index={slice.index}
            role="none"
            // pb-3: the gap-3 between rows, inside the row so its measured height includes it.
            className={cn(CARD_GRID_CLASS, 'pb-3')}
          >
            {talents.slice(first, first + columns).map((talent, column) => (
              <div
                key={talent.id}
                role="listitem"
                aria-posinset={first + column + 1}
                aria-setsize={talents.length}
                className="flex min-w-0"
              >
                <TalentCard
                  talent={talent}
                  onSelect={onSelect}
                  onEdit={onEdit}
                  onDelete={isAdmin ? onDelete : undefined}
                  isSelected={isSelected(talent.id)}
                  onToggleSelect={onToggleSelect}
                />
              </div>
            ))}
          </div>
        )
      })}
    </div>
  )
}
