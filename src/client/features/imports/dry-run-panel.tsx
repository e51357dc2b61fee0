import type { DryRunResult } from '#shared/imports/import-api.ts'
import {
  LISTED_FIELD_CHOICES,
  LISTED_FIELDS,
  type ListedField,
  type ValueMapping,
} from '#shared/imports/value-mapping.ts'
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS } from '#shared/imports/column-mapping.ts'
import { Button } from '../../components/ui/button.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx'
import { BadRowsLink } from './bad-rows-link.tsx'
import { ChoiceSelect } from './choice-select.tsx'
import { HeldRows } from './held-rows.tsx'
import { PossibleDuplicateRows } from './possible-duplicate-rows.tsx'

/** A refused row's field as the mapping screen names it ("Area of Interest", not areaOfInterest). */
function fieldLabel(field: string | null): string {
  const known = IMPORT_FIELDS.find((name) => name === field)
  // A custom field's problem names it in its message; the column shows its key.
  return known ? IMPORT_FIELD_LABELS[known] : (field ?? '').replace(/^customFields\./, '')
}

const LEAVE_EMPTY = '__empty__'
const UNDECIDED = '__undecided__'

type DryRunPanelProps = {
  importId: number
  result: DryRunResult
  values: ValueMapping
  onValuesChange: (values: ValueMapping) => void
  onPage: (page: number) => void
  isChecking: boolean
  /** Whether the held rows of erased people are confirmed, to be written by the run. */
  includeErased: boolean
  onIncludeErasedChange: (include: boolean) => void
}

const count = (n: number) => n.toLocaleString('en-US')

/**
 * What the run would do: counts, the new rows that look like talents already in
 * the pool, the file's values that fit no list (mapped here, or left empty), and the
 * refused rows with their reasons, a page at a time.
 */
export function DryRunPanel({
  importId,
  result,
  values,
  onValuesChange,
  onPage,
  isChecking,
  includeErased,
  onIncludeErasedChange,
}: DryRunPanelProps) {
  const unmapped = LISTED_FIELDS.flatMap((field) =>
    result.unmappedValues[field].map((item) => ({ field, ...item })),
  )
  function place(field: ListedField, value: string, choice: string) {
    const next = { ...values[field] } as Record<string, string | null>
    if (choice === UNDECIDED) delete next[value]
    else next[value] = choice === LEAVE_EMPTY ? null : choice
    onValuesChange({ ...values, [field]: next })
  }
  return (
    <section aria-labelledby="dry-run-heading" className="grid gap-4 rounded-xl border p-4">
      <h2 id="dry-run-heading" className="text-lg font-semibold">
        What the import will do
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-busy={isChecking}>
        {[
          ['New talents', result.created],
          ['Updated talents', result.updated],
          ['Rows skipped', result.skipped],
          ['Rows refused', result.invalid],
          ...(result.held > 0 ? [['Rows held', result.held] as const] : []),
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-muted/50 p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold">{count(Number(value))}</dd>
          </div>
        ))}
      </dl>
      <HeldRows
        count={result.held}
        rows={result.heldRows}
        confirmed={includeErased}
        onConfirmedChange={onIncludeErasedChange}
      />
      <PossibleDuplicateRows
        count={result.possibleDuplicates}
        rows={result.possibleDuplicateRows}
      />
      {unmapped.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="font-medium">Values to map</h3>
          <p className="text-sm text-muted-foreground">
            These values fit none of Scout&apos;s choices. Pick one for each, or leave it empty,
            then check the rows again.
          </p>
          <ul className="grid gap-2">
            {unmapped.map(({ field, value, count: times }) => (
              <li key={`${field}:${value}`} className="flex flex-wrap items-center gap-3">
                <span className="min-w-48 text-sm">
                  {IMPORT_FIELD_LABELS[field]} “{value}” ({count(times)} rows)
                </span>
                <ChoiceSelect
                  label={`${IMPORT_FIELD_LABELS[field]} for “${value}”`}
                  value={
                    Object.hasOwn(values[field], value)
                      ? (values[field][value] ?? LEAVE_EMPTY)
                      : UNDECIDED
                  }
                  choices={[
                    { value: UNDECIDED, label: 'Choose…' },
                    { value: LEAVE_EMPTY, label: 'Leave empty' },
                    ...LISTED_FIELD_CHOICES[field].map((choice) => ({
                      value: choice,
                      label: choice,
                    })),
                  ]}
                  onChange={(choice) => place(field, value, choice)}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.errors.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="font-medium">Refused rows</h3>
          <BadRowsLink importId={importId} />
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Row</TableHead>
                <TableHead>Field</TableHead>
                <TableHead>Why</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {result.errors.map((error, i) => (
                <TableRow key={`${error.row}-${error.field}-${i}`}>
                  <TableCell>{error.row}</TableCell>
                  <TableCell>{fieldLabel(error.field)}</TableCell>
                  <TableCell className="whitespace-normal">{error.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {result.pageCount > 1 ? (
            <nav aria-label="Refused rows pages" className="flex items-center gap-3">
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={result.page <= 1 || isChecking}
                onClick={() => onPage(result.page - 1)}
              >
                Previous
              </Button>
              <span className="text-sm">
                Page {result.page} of {result.pageCount}
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={result.page >= result.pageCount || isChecking}
                onClick={() => onPage(result.page + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
