import { memo, type KeyboardEvent } from 'react'
import type { FieldDefinition } from '#shared/fields.ts'
import type { Talent } from '#shared/talent.ts'
import { FieldCell } from './field-columns.tsx'
import { TableCell, TableRow } from '../../../components/ui/table.tsx'
import { capitalize, capitalizeWords, formatLongDate } from '../../../lib/talent-format.ts'
import { MatchSnippet } from '../search/match-snippet.tsx'
import { TalentRowActions } from './talent-row-actions.tsx'
import { SelectTalentCheckbox } from '../bulk/select-talent-checkbox.tsx'

type TalentTableRowProps = {
  talent: Talent
  /** The row's place among the loaded talents (the windowed table measures rows by it). */
  index: number
  measureElement: (row: HTMLTableRowElement | null) => void
  onSelect: (talent: Talent) => void
  onEdit: (talent: Talent) => void
  onDelete: (talent: Talent) => void
  /** The row's checkbox. */
  isSelected: boolean
  onToggleSelect: (talent: Talent, shiftKey: boolean) => void
  /** The custom field columns, after Actions. */
  fields: FieldDefinition[]
}

/**
 * One clickable, keyboard-activatable row of list presentation A (spec section 2). Memoised
 *: the windowed table re-renders as rows scroll in and out; a row that stays need not.
 */
export const TalentTableRow = memo(function TalentTableRow({
  talent,
  index,
  measureElement,
  onSelect,
  onEdit,
  onDelete,
  isSelected,
  onToggleSelect,
  fields,
}: TalentTableRowProps) {
  function handleKeyDown(event: KeyboardEvent<HTMLTableRowElement>) {
    if (event.key !== 'Enter' && event.key !== ' ') return
    event.preventDefault()
    onSelect(talent)
  }

  return (
    <TableRow
      ref={measureElement}
      data-index={index}
      tabIndex={0}
      aria-label={`View ${talent.fullName}`}
      aria-rowindex={index + 2}
      className="cursor-pointer outline-none focus-visible:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      onClick={() => onSelect(talent)}
      onKeyDown={handleKeyDown}
    >
      <TableCell>
        <SelectTalentCheckbox talent={talent} checked={isSelected} onToggle={onToggleSelect} />
      </TableCell>
      {/* Fixed column widths (talent-table.tsx): text longer than its column is truncated. */}
      <TableCell className="truncate font-medium" title={talent.fullName}>
        {talent.fullName}
      </TableCell>
      <TableCell>
        <div className="grid">
          <span className="truncate" title={talent.email}>
            {talent.email}
          </span>
          {talent.phone ? (
            <span className="truncate text-xs text-muted-foreground">{talent.phone}</span>
          ) : null}
          <MatchSnippet match={talent.match} className="mt-0.5" />
        </div>
      </TableCell>
      <TableCell className="truncate">{capitalize(talent.areaOfInterest)}</TableCell>
      <TableCell>{capitalizeWords(talent.seniorityLevel)}</TableCell>
      <TableCell>{formatLongDate(talent.createdAt)}</TableCell>
      {/* spec section 2: the Added By cell always reads Admin. */}
      <TableCell>Admin</TableCell>
      <TableCell>
        {/* spec section 6: the table shows delete to everyone. */}
        <TalentRowActions
          fullName={talent.fullName}
          onEdit={() => onEdit(talent)}
          onDelete={() => onDelete(talent)}
        />
      </TableCell>
      {fields.map((field) => (
        <FieldCell key={field.key} field={field} value={talent.customFields[field.key]} />
      ))}
    </TableRow>
  )
})
