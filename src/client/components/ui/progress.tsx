import { cn } from '../../lib/cn.ts'

type ProgressProps = {
  /** 0–100 */
  value: number
  /** The progressbar's accessible name ('Uploading CVs', 'Reading CVs'). */
  label: string
  /** Spoken and shown instead of the bare percentage, e.g. '12 of 20 files'. */
  valueText?: string
  className?: string
}

/**
 * The one progress bar for long work (uploads, imports, exports): a
 * native-semantics progressbar with its value for assistive technology.
 */
export function Progress({ value, label, valueText, className }: ProgressProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)))
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn('h-2 overflow-hidden rounded-full bg-muted', className)}
    >
      <div className="h-full bg-primary transition-[width]" style={{ width: `${clamped}%` }} />
    </div>
  )
}
