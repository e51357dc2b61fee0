import { FileUp } from 'lucide-react'
import { useRef } from 'react'
import type { CvParseResult } from '#shared/cv-parse.ts'
import { CV_ACCEPT } from '#shared/cv.ts'
import { Button } from '../../components/ui/button.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { getErrorMessage } from '../../lib/get-error-message.ts'
import { cn } from '../../lib/cn.ts'
import { useFileDrop } from '../../lib/use-file-drop.ts'
import { useAttachUpload, useParseCv } from './api.ts'

type CvPrefillProps = {
  /** The fields read from the CV, for the form to fill; the CV is attached when it is saved. */
  onParsed: (result: CvParseResult) => void
  /** The CV went to an existing talent instead: the form has nothing left to do. */
  onAttachedElsewhere: () => void
}

/** 'From a CV' at the top of the add form: drop or pick a CV to fill the fields. */
export function CvPrefill({ onParsed, onAttachedElsewhere }: CvPrefillProps) {
  const parse = useParseCv()
  const attach = useAttachUpload()
  const input = useRef<HTMLInputElement>(null)
  const result = parse.data

  function send(file: File | undefined) {
    if (!file) return
    parse.mutate({ file, onProgress: () => undefined }, { onSuccess: onParsed })
  }

  function handleAttachElsewhere(fileId: number, talentId: number) {
    attach.mutate(
      { fileId, talentId },
      {
        onSuccess: () => {
          toast({ title: 'CV attached', description: 'The CV was added to the existing talent.' })
          onAttachedElsewhere()
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: 'Error',
            description: parseApiError(error)?.message ?? 'Failed to attach the CV.',
          })
        },
      },
    )
  }

  const { isDragging, dropProps } = useFileDrop((files) => send(files[0]))
  return (
    <div
      {...dropProps}
      className={cn(
        'grid gap-2 rounded-lg border border-dashed p-3 text-sm',
        isDragging && 'border-primary bg-primary/5',
      )}
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={parse.isPending}
          onClick={() => input.current?.click()}
        >
          {parse.isPending ? <Spinner decorative /> : <FileUp aria-hidden="true" />}
          {parse.isPending ? 'Reading the CV...' : 'From a CV'}
        </Button>
        <span className="text-muted-foreground">
          Drop a CV here to fill the form from it (PDF, DOCX, ODT, RTF, TXT, Markdown).
        </span>
        <input
          ref={input}
          type="file"
          accept={CV_ACCEPT}
          aria-label="CV to fill the form from"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            send(event.target.files?.[0])
            event.target.value = ''
          }}
        />
      </div>
      {parse.isError ? (
        <p role="alert" className="text-destructive">
          {parseApiError(parse.error)?.message ?? getErrorMessage(parse.error)}
        </p>
      ) : null}
      {result ? (
        <p role="status">
          Read from {result.fileName}. Check the fields marked ‘Read from the CV’; the CV is
          attached when you save.
        </p>
      ) : null}
      {result?.existingTalentId != null ? (
        <div role="alert" className="flex flex-wrap items-center gap-2">
          <span>A talent with the e-mail {result.suggested.email} already exists.</span>
          <Button
            type="button"
            size="sm"
            disabled={attach.isPending}
            onClick={() => handleAttachElsewhere(result.fileId, result.existingTalentId ?? 0)}
          >
            Attach the CV to that talent instead
          </Button>
        </div>
      ) : null}
    </div>
  )
}
