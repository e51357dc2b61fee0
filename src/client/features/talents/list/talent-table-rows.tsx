import type { FieldDefinition } from '#shared/fields.ts'
import type { Talent } from '#shared/talent.ts'
import { TableBody } from '../../../components/ui/table.tsx'
import { TalentTableRow } from './talent-table-row.tsx'
import { useWindowedRows } from './use-windowed-rows.ts'

type TalentTableRowsProps = {
  talents: Talent[]
  columnCount: number
  fields: FieldDefinition[]
  onSelect: (talent: Talent) => void
  onEdit: (talent: Talent) => void
  onDelete: (talent: Talent) => void
  isSelected: (id: number) => boolean
  onToggleSelect: (talent: Talent, shiftKey: boolean) => void
}

/** A row's height before it is measured (a talent with a phone number). */
const ROW_ESTIMATE_PX = 61

/**
 * The table's body, windowed: only the rows in and near the window are in the DOM;
 * spacer rows stand for the others, so the table keeps its height and the scrollbar its meaning.
 */
export function TalentTableRows({
  talents,
  columnCount,
  isSelected,
  ...handlers
}: TalentTableRowsProps) {
  const { setListElement, measureElement, slices, onFocus, onBlur } = useWindowedRows({
    count: talents.length,
    estimateSize: ROW_ESTIMATE_PX,
    gap: 0,
    overscan: 8,
  })

  return (
    <TableBody
      ref={setListElement}
      // The virtualizer keeps the scroll position steady itself; the browser's anchoring would
      // correct it a second time.
      className="[overflow-anchor:none]"
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {slices.map((slice) => {
        if (slice.kind === 'spacer') {
          return (
            <tr key={slice.key} aria-hidden="true">
              <td colSpan={columnCount} className="p-0" style={{ height: slice.height }} />
            </tr>
          )
        }
        const talent = talents[slice.index]
        if (talent === undefined) return null
        return (
          <TalentTableRow
            key={talent.id}
            talent={talent}
            index={slice.index}
            measureElement={measureElement}
            isSelected={isSelected(talent.id)}
            {...handlers}
          />
        )
      })}
    </TableBody>
  )
}
