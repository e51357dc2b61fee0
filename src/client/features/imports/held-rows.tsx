import { useId } from 'react'
import type { HeldRow } from '#shared/imports/import-api.ts'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { Label } from '../../components/ui/label.tsx'

type HeldRowsProps = {
  /** Every held row of the file; `rows` holds the first of them. */
  count: number
  rows: HeldRow[]
  confirmed: boolean
  onConfirmedChange: (confirmed: boolean) => void
}

const formatCount = (n: number) => n.toLocaleString('en-US')

/**
 * On a spreadsheet import's check, the new rows of people who asked to be erased (security rule
 * 63), each with the day they asked. They are held — not added — unless the importer ticks the
 * box, as the talent form asks for a confirmation.
 */
export function HeldRows({ count, rows, confirmed, onConfirmedChange }: HeldRowsProps) {
  const checkboxId = useId()
  if (count === 0) return null
  const heading =
    count === 1
      ? '1 row is held: this person asked to be erased'
      : `${formatCount(count)} rows are held: these people asked to be erased`
  return (
    <section
      aria-labelledby="held-rows-heading"
      className="grid gap-2 rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm"
    >
      <h3 id="held-rows-heading" className="font-medium">
        {heading}
      </h3>
      <p className="text-muted-foreground">
        They will not be added unless you confirm that each person agreed to be in the pool again.
      </p>
      <ul className="grid gap-1">
        {rows.map((row) => (
          <li key={row.row}>
            <span className="font-medium">
              Row {row.row}: {row.fullName}
            </span>{' '}
            — {row.message}
          </li>
        ))}
      </ul>
      {count > rows.length ? (
        <p className="text-muted-foreground">
          Showing the first {formatCount(rows.length)} of {formatCount(count)}.
        </p>
      ) : null}
      <div className="flex items-center gap-2">
        <Checkbox
          id={checkboxId}
          checked={confirmed}
          onCheckedChange={(checked) => onConfirmedChange(checked === true)}
        />
        <Label htmlFor={checkboxId} className="font-normal">
          Import the held rows too
        </Label>
      </div>
    </section>
  )
}
