import { Sheet } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { IMPORT_ACCEPT, IMPORT_MAX_MB } from '#shared/imports/import-api.ts'
import { Button } from '../../components/ui/button.tsx'
import { Progress } from '../../components/ui/progress.tsx'
import { parseApiError } from '../../lib/api.ts'
import { cn } from '../../lib/cn.ts'
import { getErrorMessage } from '../../lib/get-error-message.ts'
import { useFileDrop } from '../../lib/use-file-drop.ts'
import { useUploadSpreadsheet } from './api.ts'

/** Drop or pick one spreadsheet; its mapping screen opens once it is up. */
export function UploadDropzone() {
  const upload = useUploadSpreadsheet()
  const navigate = useNavigate()
  const [percent, setPercent] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  const hintId = useId()

  function send(list: FileList | null | undefined) {
    const file = list?.[0]
    if (!file) return
    setPercent(0)
    upload.mutate(
      { file, onProgress: ({ loaded, total }) => setPercent((loaded / total) * 100) },
      { onSuccess: ({ importId }) => void navigate(`/dashboard/imports/${importId}`) },
    )
  }

  const error = upload.isError
    ? (parseApiError(upload.error)?.message ?? getErrorMessage(upload.error))
    : null
  const { isDragging, dropProps } = useFileDrop((files) => send(files))
  return (
    <section
      aria-label="Upload a spreadsheet"
      {...dropProps}
      className={cn(
        'grid justify-items-center gap-3 rounded-xl border-2 border-dashed p-8 text-center',
        isDragging && 'border-primary bg-primary/5',
      )}
    >
      <Sheet aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-medium">Drop a spreadsheet here</p>
      <p id={hintId} className="text-sm text-muted-foreground">
        A .csv, .tsv or .xlsx file up to {IMPORT_MAX_MB} MB, one talent a row. You map its columns
        and see what will happen before anything is written.
      </p>
      <Button
        type="button"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
        aria-describedby={hintId}
      >
        {upload.isPending ? 'Uploading...' : 'Choose a file'}
      </Button>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        aria-label="Spreadsheet to import"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          send(event.target.files)
          event.target.value = ''
        }}
      />
      {upload.isPending ? (
        <Progress value={percent} label="Uploading the spreadsheet" className="w-full max-w-md" />
      ) : null}
      {error === null ? null : (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </section>
  )
}
