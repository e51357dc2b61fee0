import type { PossibleDuplicateRow } from '#shared/imports/import-api.ts'
import { DuplicateCandidateLine } from '../../components/duplicate-candidate-line.tsx'

type PossibleDuplicateRowsProps = {
  /** Every flagged row of the file; `rows` holds the first of them. */
  count: number
  rows: PossibleDuplicateRow[]
}

const formatCount = (n: number) => n.toLocaleString('en-US')

/**
 * On a spreadsheet import, the new rows that look like talents already in the pool, each
 * with the talents it may be and why, as the talent form warns. A warning, not a block: the run
 * still adds them (the person removes a row from the file, or merges later).
 */
export function PossibleDuplicateRows({ count, rows }: PossibleDuplicateRowsProps) {
  if (count === 0) return null
  const heading =
    count === 1
      ? '1 row looks like a talent already in the pool'
      : `${formatCount(count)} rows look like talents already in the pool`
  return (
    <section
      aria-labelledby="possible-duplicate-rows-heading"
      className="grid gap-2 rounded-md border border-primary/40 bg-primary/10 px-3 py-2 text-sm"
    >
      <h3 id="possible-duplicate-rows-heading" className="font-medium">
        {heading}
      </h3>
      <p className="text-muted-foreground">
        They will still be added. Check them, and take a row out of the file if it is someone you
        already have.
      </p>
      <ul className="grid gap-2">
        {rows.map((row) => (
          <li key={row.row} className="grid gap-0.5">
            <span className="font-medium">
              Row {row.row}: {row.fullName}
            </span>
            {row.candidates.map((candidate) => (
              <DuplicateCandidateLine key={candidate.talentId} {...candidate} />
            ))}
          </li>
        ))}
      </ul>
      {count > rows.length ? (
        <p className="text-muted-foreground">
          Showing the first {formatCount(rows.length)} of {formatCount(count)}.
        </p>
      ) : null}
    </section>
  )
}
