import type { LucideIcon } from 'lucide-react'
import { useId, useRef, type ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'
import { useFileDrop } from '../../lib/use-file-drop.ts'
import { Button } from '../ui/button.tsx'
import { Progress } from '../ui/progress.tsx'
import type { ImportUpload } from './use-import-upload.ts'

type ImportDropzoneProps = {
  /** The drop area's accessible name ('Upload CVs'). */
  label: string
  icon: LucideIcon
  prompt: string
  /** What may be dropped; it also describes the button. */
  hint: ReactNode
  chooseLabel: string
  /** The hidden file input's accessible name. */
  inputLabel: string
  accept: string
  multiple?: boolean
  /** The upload progressbar's accessible name. */
  progressLabel: string
  upload: Pick<ImportUpload<never>, 'isPending' | 'percent' | 'error'>
  /** A refusal found before anything is sent (too many files), shown above the server's. */
  notice?: string | null
  /** Dropped or chosen files: never an empty list. */
  onFiles: (files: File[]) => void
}

/** Drop or pick the files an import starts from; the bar shows them going up. */
export function ImportDropzone({
  label,
  icon: Icon,
  prompt,
  hint,
  chooseLabel,
  inputLabel,
  accept,
  multiple = false,
  progressLabel,
  upload,
  notice = null,
  onFiles,
}: ImportDropzoneProps) {
  const input = useRef<HTMLInputElement>(null)
  const hintId = useId()
  function take(list: FileList | null | undefined) {
    const files = Array.from(list ?? [])
    if (files.length > 0) onFiles(files)
  }
  const { isDragging, dropProps } = useFileDrop(take)
  return (
    <section
      aria-label={label}
      {...dropProps}
      className={cn(
        'grid justify-items-center gap-3 rounded-xl border-2 border-dashed p-8 text-center',
        isDragging && 'border-primary bg-primary/5',
      )}
    >
      <Icon aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-medium">{prompt}</p>
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <Button
        type="button"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
        aria-describedby={hintId}
      >
        {upload.isPending ? 'Uploading...' : chooseLabel}
      </Button>
      <input
        ref={input}
        type="file"
        multiple={multiple}
        accept={accept}
        aria-label={inputLabel}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          take(event.target.files)
          event.target.value = ''
        }}
      />
      {upload.isPending ? (
        <Progress value={upload.percent} label={progressLabel} className="w-full max-w-md" />
      ) : null}
      <Refusal message={notice} />
      <Refusal message={upload.error} />
    </section>
  )
}

function Refusal({ message }: { message: string | null }) {
  if (message === null) return null
  return (
    <p role="alert" className="text-sm text-destructive">
      {message}
    </p>
  )
}
