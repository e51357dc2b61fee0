import type { z } from 'zod'
import { getAuthToken } from './auth-token.ts'

export type UploadProgress = { loaded: number; total: number }

/** POSTs one file as multipart/form-data (field `file`), as uploadFiles does. */
export function uploadFile<S extends z.ZodType>(
  url: string,
  file: File,
  schema: S,
  onProgress?: (progress: UploadProgress) => void,
): Promise<z.output<S>> {
  return uploadFiles(url, [file], schema, onProgress)
}

/**
 * POSTs files as multipart/form-data (a field `file` each) and reports upload progress — fetch
 * cannot, so this is the one place that uses XMLHttpRequest. Same contract as lib/api.ts: cookies
 * and the Bearer token, `status: body` thrown on failure (parseApiError reads it), the JSON answer
 * validated with `schema`.
 */
export function uploadFiles<S extends z.ZodType>(
  url: string,
  files: readonly File[],
  schema: S,
  onProgress?: (progress: UploadProgress) => void,
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.withCredentials = true
    request.setRequestHeader('Accept', 'application/json')
    const token = getAuthToken()
    if (token !== undefined) request.setRequestHeader('Authorization', `Bearer ${token}`)
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total })
    })
    request.addEventListener('load', () => {
      if (request.status < 200 || request.status >= 300) {
        reject(new Error(`${request.status}: ${request.responseText || request.statusText}`))
        return
      }
      try {
        resolve(schema.parse(JSON.parse(request.responseText)))
      } catch (error) {
        reject(error instanceof Error ? error : new Error('Unreadable answer'))
      }
    })
    request.addEventListener('error', () => reject(new Error('Network error during upload')))
    const form = new FormData()
    for (const file of files) form.append('file', file)
    request.send(form)
  })
}
