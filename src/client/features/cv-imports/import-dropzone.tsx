import { FileStack } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { CV_IMPORT_ACCEPT, CV_IMPORT_MAX_FILES } from '#shared/cv-import.ts'
import { Button } from '../../components/ui/button.tsx'
import { Progress } from '../../components/ui/progress.tsx'
import { parseApiError } from '../../lib/api.ts'
import { cn } from '../../lib/cn.ts'
import { useFileDrop } from '../../lib/use-file-drop.ts'
import { getErrorMessage } from '../../lib/get-error-message.ts'
import { useStartImport } from './api.ts'

/**
 * Drop or pick a stack of CVs (or a zip of them) to import. The files go up in one
 * request with a progress bar; the import's own page then shows each file as it is read.
 */
export function ImportDropzone() {
  const start = useStartImport()
  const navigate = useNavigate()
  const [percent, setPercent] = useState(0)
  const [tooMany, setTooMany] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const hintId = useId()

  function send(list: FileList | null | undefined) {
    const files = Array.from(list ?? [])
    if (files.length === 0) return
    setTooMany(files.length > CV_IMPORT_MAX_FILES)
    if (files.length > CV_IMPORT_MAX_FILES) return
    setPercent(0)
    start.mutate(
      { files, onProgress: ({ loaded, total }) => setPercent((loaded / total) * 100) },
      { onSuccess: ({ importId }) => void navigate(`/dashboard/cv-imports/${importId}`) },
    )
  }

  const error = start.isError
    ? (parseApiError(start.error)?.message ?? getErrorMessage(start.error))
    : null
  const { isDragging, dropProps } = useFileDrop((files) => send(files))
  return (
    <section
      aria-label="Upload CVs"
      {...dropProps}
      className={cn(
        'grid justify-items-center gap-3 rounded-xl border-2 border-dashed p-8 text-center',
        isDragging && 'border-primary bg-primary/5',
      )}
    >
      <FileStack aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-medium">Drop CV files or a zip of them here</p>
      <p id={hintId} className="text-sm text-muted-foreground">
        Up to {CV_IMPORT_MAX_FILES} files — PDF, DOCX, ODT, RTF, TXT or Markdown. Each file becomes
        a talent, or goes to the talent with the same e-mail.
      </p>
      <Button
        type="button"
        disabled={start.isPending}
        onClick={() => input.current?.click()}
        aria-describedby={hintId}
      >
        {start.isPending ? 'Uploading...' : 'Choose files'}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={CV_IMPORT_ACCEPT}
        aria-label="CV files to import"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          send(event.target.files)
          event.target.value = ''
        }}
      />
      {start.isPending ? (
        <Progress value={percent} label="Uploading CVs" className="w-full max-w-md" />
      ) : null}
      {tooMany ? (
        <p role="alert" className="text-sm text-destructive">
          An import takes up to {CV_IMPORT_MAX_FILES} files. Choose fewer, or import the rest next.
        </p>
      ) : null}
      {error === null ? null : (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </section>
  )
}
