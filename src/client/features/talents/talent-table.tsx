import type { KeyboardEvent } from 'react'
import type { Talent } from '#shared/talent.ts'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx'
import { capitalize, capitalizeWords, formatLongDate } from './format.ts'
import { TalentRowActions } from './talent-row-actions.tsx'

type TalentTableProps = {
  talents: Talent[]
  isLoading: boolean
  onSelect: (talent: Talent) => void
  onEdit: (talent: Talent) => void
  onDelete: (talent: Talent) => void
}

const COLUMNS = ['Name', 'Contact', 'Area', 'Level', 'Added', 'Added By', 'Actions'] as const

function SkeletonRows() {
  // spec section 9: three skeleton rows while loading.
  return [0, 1, 2].map((row) => (
    <TableRow key={row} aria-hidden="true">
      {COLUMNS.map((column) => (
        <TableCell key={column}>
          <Skeleton className="h-4 w-full min-w-16" />
        </TableCell>
      ))}
    </TableRow>
  ))
}

/** List presentation A (spec section 2): one clickable, keyboard-activatable row per talent. */
export function TalentTable({ talents, isLoading, onSelect, onEdit, onDelete }: TalentTableProps) {
  function handleKeyDown(event: KeyboardEvent<HTMLTableRowElement>, talent: Talent) {
    if (event.key !== 'Enter' && event.key !== ' ') return
    event.preventDefault()
    onSelect(talent)
  }

  return (
    <div className="min-w-0 rounded-xl border bg-card">
      <Table aria-label="Talents" aria-busy={isLoading}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {COLUMNS.map((column) => (
              <TableHead key={column} scope="col">
                {column}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {isLoading ? <SkeletonRows /> : null}
          {!isLoading && talents.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell
                colSpan={COLUMNS.length}
                className="py-10 text-center text-muted-foreground"
              >
                No talents found. Add new talents to see them here.
              </TableCell>
            </TableRow>
          ) : null}
          {talents.map((talent) => (
            <TableRow
              key={talent.id}
              tabIndex={0}
              aria-label={`View ${talent.fullName}`}
              className="cursor-pointer outline-none focus-visible:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
              onClick={() => onSelect(talent)}
              onKeyDown={(event) => handleKeyDown(event, talent)}
            >
              <TableCell className="font-medium">{talent.fullName}</TableCell>
              <TableCell>
                <div className="grid">
                  <span>{talent.email}</span>
                  {talent.phone ? (
                    <span className="text-xs text-muted-foreground">{talent.phone}</span>
                  ) : null}
                </div>
              </TableCell>
              <TableCell>{capitalize(talent.areaOfInterest)}</TableCell>
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
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
