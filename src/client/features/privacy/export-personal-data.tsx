import { useMutation, useQueryClient } from '@tanstack/react-query'
import { FileArchive } from 'lucide-react'
import { useState } from 'react'
import { formatFileSize } from '#shared/cv.ts'
import { personalDataFileName } from '#shared/privacy-log.ts'
import { Button } from '../../components/ui/button.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { downloadFile } from './export-download.ts'
import { PRIVACY_LOG_KEY } from './privacy-log-api.ts'

type ExportPersonalDataProps = { talentId: number }

/**
 * 'Export personal data' on the talent detail view (security rule 53): one zip of everything
 * Scout holds about the person, ready to send. While it downloads the button is busy and says
 * how much has arrived; a toast says when it is ready or why it failed. Shown only to those who
 * may (admins and the talent's adder); the server checks again.
 */
export function ExportPersonalData({ talentId }: ExportPersonalDataProps) {
  const queryClient = useQueryClient()
  const [bytes, setBytes] = useState(0)
  const exporting = useMutation({
    mutationFn: () =>
      downloadFile(
        `/api/talents/${talentId}/personal-data`,
        personalDataFileName(talentId, new Date()),
        (progress) => setBytes(progress.bytes),
      ),
    onSuccess: ({ fileName }) => {
      toast({ title: 'Personal data exported', description: `${fileName} is downloading.` })
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Export failed',
        description:
          parseApiError(error)?.message ?? 'The file could not be downloaded. Try again.',
      })
    },
    onSettled: () => {
      setBytes(0)
      // The export is in the privacy log now (Settings → Privacy).
      void queryClient.invalidateQueries({ queryKey: PRIVACY_LOG_KEY })
    },
  })

  return (
    <div className="flex w-full items-center gap-2 sm:w-auto">
      <Button
        type="button"
        variant="outline"
        className="flex-1 sm:flex-none"
        disabled={exporting.isPending}
        aria-busy={exporting.isPending}
        onClick={() => exporting.mutate()}
      >
        {exporting.isPending ? <Spinner decorative /> : <FileArchive aria-hidden="true" />}
        {exporting.isPending ? 'Exporting…' : 'Export personal data'}
      </Button>
      <span role="status" className="text-sm text-muted-foreground tabular-nums">
        {exporting.isPending && bytes > 0 ? formatFileSize(bytes) : null}
      </span>
    </div>
  )
}
