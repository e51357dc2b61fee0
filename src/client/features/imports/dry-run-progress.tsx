import type { DryRunProgress } from '#shared/imports/import-api.ts'
import { Progress } from '../../components/ui/progress.tsx'
import { dryRunLine } from './format.ts'

/** A large file's dry run, running on the server: rows checked of the whole file. */
export function DryRunProgressBar({ progress }: { progress: DryRunProgress }) {
  return (
    <div className="grid gap-2">
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {dryRunLine(progress)}
      </p>
      <Progress
        value={(progress.done / Math.max(progress.total, 1)) * 100}
        label="Checking rows"
        valueText={`${progress.done} of ${progress.total} rows`}
      />
    </div>
  )
}
