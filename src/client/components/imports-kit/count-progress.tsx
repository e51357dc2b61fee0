import { Progress } from '../ui/progress.tsx'

type CountProgressProps = {
  /** How many are done of how many in all. */
  counts: { done: number; total: number }
  /** The progressbar's accessible name ('Reading CVs', 'Importing rows'). */
  label: string
  /** What is counted, plural: 'files', 'rows', 'talents'. */
  unit: string
}

/** Work on the server counted in items: the bar, and '12 of 20 files' for assistive technology. */
export function CountProgress({ counts: { done, total }, label, unit }: CountProgressProps) {
  return (
    <Progress
      value={(done / Math.max(total, 1)) * 100}
      label={label}
      valueText={`${done} of ${total} ${unit}`}
    />
  )
}
