import type { UseMutationResult } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { parseApiError } from '../../lib/api.ts'
import { getErrorMessage } from '../../lib/get-error-message.ts'
import type { UploadProgress } from '../../lib/upload.ts'

type WithProgress = { onProgress: (progress: UploadProgress) => void }

export type ImportUpload<V> = {
  /** Sends the files (with the bar reset), then opens the new import's page. */
  start: (variables: V) => void
  isPending: boolean
  /** 0–100, of the request's body sent. */
  percent: number
  /** The server's message when the upload was refused. */
  error: string | null
}

/**
 * An upload that creates an import: its progress while the files go up, then the import's own
 * page, where the server's work on them shows.
 */
export function useImportUpload<V extends WithProgress>(
  mutation: UseMutationResult<{ importId: number }, Error, V>,
  pathFor: (importId: number) => string,
): ImportUpload<Omit<V, 'onProgress'>> {
  const navigate = useNavigate()
  const [percent, setPercent] = useState(0)
  function start(variables: Omit<V, 'onProgress'>) {
    setPercent(0)
    const onProgress = ({ loaded, total }: UploadProgress) => setPercent((loaded / total) * 100)
    mutation.mutate(
      // What Omit took off, put back: the variables are V again.
      { ...variables, onProgress } as V,
      { onSuccess: ({ importId }) => void navigate(pathFor(importId)) },
    )
  }
  const error = mutation.isError
    ? (parseApiError(mutation.error)?.message ?? getErrorMessage(mutation.error))
    : null
  return { start, isPending: mutation.isPending, percent, error }
}
