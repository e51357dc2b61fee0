import { useQuery } from '@tanstack/react-query'
import { Download, FileText, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { CV_TYPE_LABELS, formatFileSize, type CvDetail } from '#shared/cv.ts'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDeleteDialog } from '../../components/ui/confirm-delete-dialog.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { mutateThen } from '../../lib/mutate-then.ts'
import { cvFileUrl, cvOptions, useRemoveCv } from './api.ts'
import { CvPreview } from './cv-preview.tsx'
import { CvText } from './cv-text.tsx'
import { CvUpload } from './cv-upload.tsx'
import { CvVersions } from './cv-versions.tsx'
import { formatUploadedAt, uploaderName } from './format.ts'

type CvPanelProps = {
  talentId: number
  /** Removing follows the delete rule: admins and the talent's adder (the server decides too). */
  canRemove: boolean
}

function CvSummary({ cv, talentId, canRemove }: { cv: CvDetail } & CvPanelProps) {
  const remove = useRemoveCv(talentId)
  const [isConfirming, setIsConfirming] = useState(false)

  function handleRemove() {
    mutateThen(remove, undefined, {
      onSuccess: () => {
        setIsConfirming(false)
        toast({ title: 'CV removed', description: `${cv.fileName} was removed.` })
      },
      onError: () => {
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to remove the CV.' })
      },
    })
  }

  return (
    <div className="grid gap-3 rounded-lg border p-4">
      <div className="flex items-start gap-3">
        <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0">
          <p className="truncate font-medium" title={cv.fileName}>
            {cv.fileName}
          </p>
          <p className="text-sm text-muted-foreground">
            {CV_TYPE_LABELS[cv.mimeType]} · {formatFileSize(cv.sizeBytes)} · uploaded{' '}
            {formatUploadedAt(cv.uploadedAt)} by {uploaderName(cv.uploadedBy)}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <a href={cvFileUrl(talentId)} download={cv.fileName}>
            <Download aria-hidden="true" />
            Download
          </a>
        </Button>
        <CvUpload talentId={talentId} mode="replace" />
        {canRemove ? (
          <Button type="button" size="sm" variant="outline" onClick={() => setIsConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        ) : null}
      </div>
      <ConfirmDeleteDialog
        open={isConfirming}
        title="Remove CV"
        description={`Remove ${cv.fileName} and its earlier versions? This cannot be undone.`}
        isPending={remove.isPending}
        onConfirm={handleRemove}
        onClose={() => setIsConfirming(false)}
      />
    </div>
  )
}

/**
 * The detail view's CV tab: the file, read in place (its pages or its formatted body,
 * then its selectable text), its versions; or a place to attach one.
 */
export function CvPanel({ talentId, canRemove }: CvPanelProps) {
  const query = useQuery(cvOptions(talentId))
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading CV" className="grid gap-3">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    )
  }
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p>Could not load the CV.</p>
        <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  const cv = query.data
  if (cv === null) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">No CV attached to this talent.</p>
        <CvUpload talentId={talentId} mode="attach" />
      </div>
    )
  }
  return (
    <div className="grid gap-4">
      <CvSummary cv={cv} talentId={talentId} canRemove={canRemove} />
      <CvPreview cv={cv} talentId={talentId} />
      <CvText cv={cv} />
      <CvVersions talentId={talentId} versions={cv.versions} />
    </div>
  )
}
