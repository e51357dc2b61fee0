import { Upload } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { CV_ACCEPT } from '#shared/cv.ts'
import { Button } from '../../components/ui/button.tsx'
import { Progress } from '../../components/ui/progress.tsx'
import { getErrorMessage } from '../../lib/get-error-message.ts'
import { parseApiError } from '../../lib/api.ts'
import { cn } from '../../lib/cn.ts'
import { useFileDrop } from '../../lib/use-file-drop.ts'
import { useUploadCv } from './api.ts'

type CvUploadProps = {
  talentId: number
  /** 'Attach CV' on a talent without one; 'Replace' on one that has it. */
  mode: 'attach' | 'replace'
}

function uploadErrorMessage(error: unknown): string {
  return parseApiError(error)?.message ?? getErrorMessage(error)
}

/**
 * Drag and drop or pick a CV, with a progress bar while it uploads. The server decides
 * the type from the bytes; its message (type, size) is shown as it is.
 */
export function CvUpload({ talentId, mode }: CvUploadProps) {
  const upload = useUploadCv(talentId)
  const [percent, setPercent] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  const hintId = useId()

  function send(file: File | undefined) {
    if (!file) return
    setPercent(0)
    upload.mutate({
      file,
      onProgress: ({ loaded, total }) => setPercent(Math.round((loaded / total) * 100)),
    })
  }

  const label = mode === 'attach' ? 'Attach CV' : 'Replace'
  const { isDragging, dropProps } = useFileDrop((files) => send(files[0]))
  return (
    <div
      {...dropProps}
      className={cn(
        'grid gap-2 rounded-lg border border-dashed p-4 text-sm',
        isDragging && 'border-primary bg-primary/5',
        mode === 'replace' && 'border-none p-0',
      )}
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant={mode === 'attach' ? 'default' : 'outline'}
          size="sm"
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
        >
          <Upload aria-hidden="true" />
          {upload.isPending ? 'Uploading...' : label}
        </Button>
        {mode === 'attach' ? (
          <span id={hintId} className="text-muted-foreground">
            or drop a file here — PDF, DOCX, ODT, RTF, TXT or Markdown
          </span>
        ) : (
          <span id={hintId} className="sr-only">
            PDF, DOCX, ODT, RTF, TXT or Markdown
          </span>
        )}
        <input
          ref={input}
          type="file"
          accept={CV_ACCEPT}
          aria-label="CV file"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            send(event.target.files?.[0])
            event.target.value = ''
          }}
        />
      </div>
      {upload.isPending ? <Progress value={percent} label="Uploading CV" /> : null}
      {upload.isError ? (
        <p role="alert" className="text-destructive">
          {uploadErrorMessage(upload.error)}
        </p>
      ) : null}
    </div>
  )
}
