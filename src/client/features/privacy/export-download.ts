import { apiRequest } from '../../lib/api.ts'

export type DownloadProgress = { bytes: number }
export type DownloadResult = { fileName: string; bytes: number }

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? ''
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback
}

/**
 * GETs a file through the fetch wrapper (so the Bearer token goes with it, the bytes can be
 * counted as they arrive and a refusal becomes an error the caller shows as a toast), then hands
 * it to the browser's own download, as the talent export does.
 */
export async function downloadFile(
  url: string,
  fallbackName: string,
  onProgress: (progress: DownloadProgress) => void,
): Promise<DownloadResult> {
  const response = await apiRequest('GET', url)
  const chunks: Uint8Array<ArrayBuffer>[] = []
  let bytes = 0
  const reader = response.body?.getReader()
  for (;;) {
    const chunk = await reader?.read()
    if (!chunk || chunk.done) break
    chunks.push(chunk.value)
    bytes += chunk.value.byteLength
    onProgress({ bytes })
  }
  const fileName = fileNameOf(response, fallbackName)
  const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? '' })
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = fileName
  link.click()
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000)
  return { fileName, bytes }
}
