import { useMutation } from '@tanstack/react-query'
import { ChevronDown, Download } from 'lucide-react'
import { useState } from 'react'
import { formatFileSize } from '#shared/cv.ts'
import type { ExportFormat } from '#shared/talent-export.ts'
import { Button } from '../../../components/ui/button.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { toast } from '../../../components/ui/use-toast.ts'
import { parseApiError } from '../../../lib/api.ts'
import { downloadTalentExport, type ExportProgress, type ExportTarget } from './download-export.ts'

type ExportMenuProps = {
  /** What the file holds: the dashboard's applied filters, search and sort, or a selection. */
  target: ExportTarget
  size?: 'sm'
}

const talentCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'talent' : 'talents'}`

/**
 * 'Export' on the dashboard, a menu of 'Export CSV' and 'Export Excel'. The file
 * holds every talent of the current view, not only the loaded rows; while it downloads, the
 * button says how much has arrived, and a toast says when it is ready or why it failed.
 */
export function ExportMenu({ target, size }: ExportMenuProps) {
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const exporting = useMutation({
    mutationFn: (format: ExportFormat) => downloadTalentExport(target, format, setProgress),
    onSuccess: ({ fileName, total }) => {
      const count = total === undefined ? '' : `${talentCount(total)} in `
      toast({ title: 'Export ready', description: `${count}${fileName}.` })
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Export failed',
        description:
          parseApiError(error)?.message ?? 'The file could not be downloaded. Try again.',
      })
    },
    onSettled: () => setProgress(null),
  })

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size={size} disabled={exporting.isPending}>
          {exporting.isPending ? <Spinner decorative /> : <Download aria-hidden="true" />}
          {exporting.isPending ? 'Exporting…' : 'Export'}
          {exporting.isPending ? null : <ChevronDown aria-hidden="true" />}
        </Button>
      </DropdownMenuTrigger>
      {/* Announced as it grows; sighted users see it beside the button. */}
      <span role="status" className="text-sm text-muted-foreground tabular-nums">
        {progress && progress.bytes > 0 ? formatFileSize(progress.bytes) : null}
      </span>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => exporting.mutate('csv')}>Export CSV</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => exporting.mutate('xlsx')}>Export Excel</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
