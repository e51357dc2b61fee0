import {
  exportFileName,
  type ExportFormat,
  type TalentSelectionExportInput,
} from '#shared/talent-export.ts'
import { apiRequest, withQueryParams } from '../../../lib/api.ts'
import type { TalentListFilters } from '../api.ts'

/**
 * What a file holds: every talent matching the dashboard's filters (its URL state), or a
 * hand-picked selection by id, in the dashboard's sort.
 */
export type ExportTarget =
  { filters: TalentListFilters } | { ids: readonly number[]; sort: TalentListFilters['sort'] }

export type ExportProgress = { bytes: number; total: number | undefined }
export type ExportResult = { fileName: string; total: number | undefined }

/** The file name the server chose (Content-Disposition), or the same rule's name for today. */
function fileNameOf(response: Response, format: ExportFormat): string {
  const header = response.headers.get('content-disposition') ?? ''
  return /filename="([^"]+)"/.exec(header)?.[1] ?? exportFileName(format, new Date())
}

function totalOf(response: Response): number | undefined {
  const total = Number(response.headers.get('x-total-count'))
  return Number.isInteger(total) && total >= 0 ? total : undefined
}

function requestExport(target: ExportTarget, format: ExportFormat): Promise<Response> {
  if ('filters' in target) {
    return apiRequest('GET', withQueryParams('/api/talents/export', { ...target.filters, format }))
  }
  const body: TalentSelectionExportInput = { format, ids: [...target.ids], sort: target.sort }
  return apiRequest('POST', '/api/talents/export', body)
}

/**
 * Downloads the talents of `target` as a file. Read through
 * the fetch wrapper rather than a plain link so the Bearer token is sent, the bytes can be
 * counted as they arrive (the progress) and a failure becomes a toast, not a broken download;
 * the file is then handed to the browser's own download.
 */
export async function downloadTalentExport(
  target: ExportTarget,
  format: ExportFormat,
  onProgress: (progress: ExportProgress) => void,
): Promise<ExportResult> {
  const response = await requestExport(target, format)
  const total = totalOf(response)
  const chunks: Uint8Array<ArrayBuffer>[] = []
  let bytes = 0
  const reader = response.body?.getReader()
  for (;;) {
    const chunk = await reader?.read()
    if (!chunk || chunk.done) break
    chunks.push(chunk.value)
    bytes += chunk.value.byteLength
    onProgress({ bytes, total })
  }
  const fileName = fileNameOf(response, format)
  const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? '' })
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = fileName
  link.click()
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000)
  return { fileName, total }
}
