import type { Talent } from '#shared/talent.ts'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { TalentTableRows } from './talent-table-rows.tsx'
import { FieldColumnHead, type FieldColumns } from './field-columns.tsx'

type TalentTableProps = {
  talents: Talent[]
  isLoading: boolean
  onSelect: (talent: Talent) => void
  onEdit: (talent: Talent) => void
  onDelete: (talent: Talent) => void
  isSelected: (id: number) => boolean
  onToggleSelect: (talent: Talent, shiftKey: boolean) => void
  /** The header's checkbox: every loaded talent, or none. */
  onSelectAllLoaded: (checked: boolean) => void
  /** The custom field columns shown after Added By. */
  fieldColumns: FieldColumns
}

const COLUMNS = ['Name', 'Contact', 'Area', 'Level', 'Added', 'Added By', 'Actions'] as const
/**
 * Fixed column widths (Contact takes the rest, at least 20rem of the table's 74rem): the table is
 * windowed, and with automatic widths its columns would shift as rows of other lengths scroll in
 * and out. Long text is truncated; narrow screens scroll the table sideways, as before.
 */
const COLUMN_WIDTHS: Record<(typeof COLUMNS)[number], string | undefined> = {
  Name: '13rem',
  Contact: undefined,
  Area: '15rem',
  Level: '5.5rem',
  Added: '8rem',
  'Added By': '6rem',
  Actions: '6.5rem',
}

function SkeletonRows() {
  // spec section 9: three skeleton rows while loading.
  return [0, 1, 2].map((row) => (
    <TableRow key={row} aria-hidden="true">
      <TableCell />
      {COLUMNS.map((column) => (
        <TableCell key={column}>
          <Skeleton className="h-4 w-full min-w-16" />
        </TableCell>
      ))}
    </TableRow>
  ))
}

/** List presentation A (spec section 2): one clickable, keyboard-activatable row per talent. */
export function TalentTable(props: TalentTableProps) {
  const { talents, isLoading, onSelect, onEdit, onDelete, isSelected } = props
  const hasRows = !isLoading && talents.length > 0
  const selectedLoaded = talents.filter((t) => isSelected(t.id)).length
  const allLoaded = hasRows && selectedLoaded === talents.length
  const fields = props.fieldColumns.shown
  const columnCount = COLUMNS.length + 1 + fields.length
  return (
    <div className="min-w-0 rounded-xl border bg-card">
      <Table
        className="min-w-[74rem] table-fixed"
        style={{ minWidth: `${74 + 9 * fields.length}rem` }}
        aria-label="Talents"
        aria-busy={isLoading}
        // Windowed: only some rows are in the DOM, so say how many there are (header included).
        aria-rowcount={hasRows ? talents.length + 1 : undefined}
      >
        <colgroup>
          <col style={{ width: '3rem' }} />
          {COLUMNS.map((column) => (
            <col key={column} style={{ width: COLUMN_WIDTHS[column] }} />
          ))}
          {fields.map((field) => (
            <col key={field.key} style={{ width: '9rem' }} />
          ))}
        </colgroup>
        <TableHeader>
          <TableRow className="hover:bg-transparent" aria-rowindex={1}>
            <TableHead scope="col">
              <Checkbox
                aria-label="Select all loaded talents"
                className="size-5"
                disabled={!hasRows}
                checked={allLoaded ? true : selectedLoaded > 0 ? 'indeterminate' : false}
                onCheckedChange={(checked) => props.onSelectAllLoaded(checked === true)}
              />
            </TableHead>
            {COLUMNS.map((column) => (
              <TableHead key={column} scope="col">
                {column}
              </TableHead>
            ))}
            {fields.map((field) => (
              <FieldColumnHead key={field.key} field={field} columns={props.fieldColumns} />
            ))}
          </TableRow>
        </TableHeader>
        {hasRows ? (
          <TalentTableRows
            talents={talents}
            columnCount={columnCount}
            fields={fields}
            onSelect={onSelect}
            onEdit={onEdit}
            onDelete={onDelete}
            isSelected={isSelected}
            onToggleSelect={props.onToggleSelect}
          />
        ) : (
          <TableBody>
            {isLoading ? <SkeletonRows /> : null}
            {!isLoading && talents.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell
                  colSpan={columnCount}
                  className="py-10 text-center text-muted-foreground"
                >
                  No talents found. Add new talents to see them here.
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        )}
      </Table>
    </div>
  )
}
