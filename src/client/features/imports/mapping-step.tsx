import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  fieldTarget,
  IGNORE_COLUMN,
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  mappingProblems,
  type ColumnTarget,
} from '#shared/imports/column-mapping.ts'
import {
  EXISTING_TALENT_POLICIES,
  type DryRunProgress,
  type ExistingTalentPolicy,
  type ImportMapping,
  type ImportPrivacyDefaults,
  type SpreadsheetImportCreated,
} from '#shared/imports/import-api.ts'
import {
  LAWFUL_BASES,
  LAWFUL_BASIS_LABELS,
  PRIVACY_SOURCES,
  SOURCE_LABELS,
  type LawfulBasis,
  type PrivacySource,
} from '#shared/privacy.ts'
import type { ValueMapping } from '#shared/imports/value-mapping.ts'
import { Button } from '../../components/ui/button.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx'
import { parseApiError } from '../../lib/api.ts'
import { getErrorMessage } from '../../lib/get-error-message.ts'
import { importFieldsOptions, importPreviewOptions, useDryRun, useRunImport } from './api.ts'
import { ChoiceSelect } from './choice-select.tsx'
import { DryRunPanel } from './dry-run-panel.tsx'
import { DryRunProgressBar } from './dry-run-progress.tsx'

const TARGET_CHOICES = [
  { value: IGNORE_COLUMN, label: 'Leave out' },
  ...IMPORT_FIELDS.map((field) => ({ value: field, label: IMPORT_FIELD_LABELS[field] })),
]

const POLICY_LABELS: Record<ExistingTalentPolicy, string> = {
  skip: 'Skip the row',
  fillEmpty: 'Fill only empty fields',
  overwrite: 'Overwrite with the file’s values',
}

const SOURCE_CHOICES = PRIVACY_SOURCES.map((source) => ({
  value: source,
  label: SOURCE_LABELS[source],
}))
const BASIS_CHOICES = LAWFUL_BASES.map((basis) => ({
  value: basis,
  label: LAWFUL_BASIS_LABELS[basis],
}))

const EMPTY_VALUES: ValueMapping = { areaOfInterest: {}, seniorityLevel: {}, status: {} }

/** A column's first three values that are not empty, as the preview shows them. */
const firstValues = (rows: readonly (readonly string[])[], column: number) =>
  rows
    .map((row) => row[column] ?? '')
    .filter((cell) => cell !== '')
    .slice(0, 3)
    .join(', ')

/** The mapping screen of one sheet; a new sheet starts it afresh. */
function MappingForm({
  importId,
  preview,
}: {
  importId: number
  preview: SpreadsheetImportCreated
}) {
  const [columns, setColumns] = useState<ColumnTarget[]>(preview.suggestedMapping.columns)
  // Custom fields the person may fill (GET /api/fields: private ones for admins only).
  const fields = useQuery(importFieldsOptions()).data ?? []
  const targetChoices = [
    ...TARGET_CHOICES,
    ...fields.map((field) => ({ value: fieldTarget(field.key), label: `${field.label} (field)` })),
  ]
  const [existing, setExisting] = useState<ExistingTalentPolicy>('skip')
  const [values, setValues] = useState<ValueMapping>(EMPTY_VALUES)
  const [privacy, setPrivacy] = useState<ImportPrivacyDefaults>(preview.suggestedMapping.privacy)
  const [checked, setChecked] = useState<string | null>(null)
  const [includeErased, setIncludeErased] = useState(false)
  const [progress, setProgress] = useState<DryRunProgress | null>(null)
  const dryRun = useDryRun(importId)
  const run = useRunImport(importId)

  const mapping: ImportMapping = {
    ...(preview.sheet === null ? {} : { sheet: preview.sheet }),
    columns,
    values,
    existing,
    privacy,
  }
  const problems = mappingProblems(columns)
  const isCurrent = checked === JSON.stringify(mapping)
  const check = (page: number, fresh: boolean) => {
    setProgress(null)
    dryRun.mutate(
      { mapping, page, fresh, onProgress: setProgress },
      { onSuccess: () => setChecked(JSON.stringify(mapping)) },
    )
  }
  const result = dryRun.data
  const toWrite =
    result === undefined ? 0 : result.created + result.updated + (includeErased ? result.held : 0)
  const canRun = isCurrent && toWrite > 0
  const error = dryRun.error ?? run.error
  const message = error ? (parseApiError(error)?.message ?? getErrorMessage(error)) : null

  return (
    <div className="grid gap-6">
      <section aria-labelledby="columns-heading" className="grid gap-3">
        <h2 id="columns-heading" className="text-lg font-semibold">
          Columns
        </h2>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Column</TableHead>
              {/* On a phone the first values go under the column's name, so the field fits. */}
              <TableHead className="hidden sm:table-cell">First values</TableHead>
              <TableHead>Goes into</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.columns.map((header, column) => (
              <TableRow key={`${column}-${header}`}>
                <TableCell className="max-w-32 sm:max-w-none">
                  <span className="font-medium">{header || `Column ${column + 1}`}</span>
                  <span className="block truncate text-muted-foreground sm:hidden">
                    {firstValues(preview.sampleRows, column)}
                  </span>
                </TableCell>
                <TableCell className="hidden max-w-64 truncate text-muted-foreground sm:table-cell">
                  {firstValues(preview.sampleRows, column)}
                </TableCell>
                <TableCell>
                  <ChoiceSelect
                    label={`Field for column ${header || column + 1}`}
                    value={columns[column] ?? IGNORE_COLUMN}
                    choices={targetChoices}
                    onChange={(target) =>
                      setColumns(
                        columns.map((t, i) => (i === column ? (target as ColumnTarget) : t)),
                      )
                    }
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
      <fieldset className="grid gap-2">
        <legend className="font-medium">When an e-mail already belongs to a talent</legend>
        {EXISTING_TALENT_POLICIES.map((policy) => (
          <label key={policy} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="existing"
              value={policy}
              checked={existing === policy}
              onChange={() => setExisting(policy)}
            />
            {POLICY_LABELS[policy]}
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="font-medium">Privacy record of new talents</legend>
        <p className="text-sm text-muted-foreground">
          Used for every new talent whose row has no source or lawful basis of its own.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm">Source</span>
          <ChoiceSelect
            label="Source where the file has none"
            value={privacy.source}
            choices={SOURCE_CHOICES}
            onChange={(source) => setPrivacy({ ...privacy, source: source as PrivacySource })}
          />
          <span className="text-sm">Lawful basis</span>
          <ChoiceSelect
            label="Lawful basis where the file has none"
            value={privacy.lawfulBasis}
            choices={BASIS_CHOICES}
            onChange={(basis) => setPrivacy({ ...privacy, lawfulBasis: basis as LawfulBasis })}
          />
        </div>
      </fieldset>
      {problems.length > 0 ? (
        <ul role="alert" className="grid gap-1 text-sm text-destructive">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant={canRun ? 'outline' : 'default'}
          disabled={problems.length > 0 || dryRun.isPending}
          onClick={() => check(1, true)}
        >
          {dryRun.isPending
            ? 'Checking rows...'
            : result
              ? 'Check the rows again'
              : 'Check the rows'}
        </Button>
        <Button
          type="button"
          disabled={!canRun || run.isPending}
          onClick={() => run.mutate({ includeErased })}
        >
          {run.isPending ? 'Starting...' : `Import ${toWrite.toLocaleString('en-US')} talents`}
        </Button>
      </div>
      {dryRun.isPending && progress ? <DryRunProgressBar progress={progress} /> : null}
      {result && !isCurrent && !dryRun.isPending ? (
        <p className="text-sm text-muted-foreground">
          The mapping changed since the last check: check the rows again before importing.
        </p>
      ) : null}
      {message === null ? null : (
        <p role="alert" className="text-sm text-destructive">
          {message}
        </p>
      )}
      {result ? (
        <DryRunPanel
          importId={importId}
          result={result}
          values={values}
          onValuesChange={setValues}
          onPage={(page) => check(page, false)}
          isChecking={dryRun.isPending}
          includeErased={includeErased}
          onIncludeErasedChange={setIncludeErased}
        />
      ) : null}
    </div>
  )
}

/** Step two of an import: pick the sheet (a workbook), map its columns, try it on every row. */
export function MappingStep({ importId }: { importId: number }) {
  const [sheet, setSheet] = useState<string | undefined>(undefined)
  const preview = useQuery(importPreviewOptions(importId, sheet))
  if (preview.isPending) return <Skeleton aria-label="Reading the file" className="h-48 w-full" />
  if (preview.isError) {
    return (
      <LoadError
        title={parseApiError(preview.error)?.message ?? 'Could not read this file.'}
        onRetry={() => void preview.refetch()}
        isRetrying={preview.isFetching}
      />
    )
  }
  return (
    <div className="grid gap-6">
      {preview.data.sheets.length > 1 ? (
        <div className="flex items-center gap-3">
          <span className="text-sm font-medium">Sheet</span>
          <ChoiceSelect
            label="Sheet"
            value={preview.data.sheet ?? ''}
            choices={preview.data.sheets.map((name) => ({ value: name, label: name }))}
            onChange={setSheet}
          />
        </div>
      ) : null}
      <MappingForm key={preview.data.sheet ?? ''} importId={importId} preview={preview.data} />
    </div>
  )
}
