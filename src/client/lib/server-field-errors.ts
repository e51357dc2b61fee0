import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import type { ParsedApiError } from './api.ts'

/**
 * Puts the server's 400 fieldErrors on the form's own fields (STYLE: forms), focusing the first.
 * Returns whether any landed on a field the form shows.
 */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  apiError: ParsedApiError | undefined,
): boolean {
  if (apiError === undefined) return false
  let shown = false
  for (const field of fields) {
    const message = apiError.fieldErrors[field]?.[0]
    if (message === undefined) continue
    setError(field, { type: 'server', message }, { shouldFocus: !shown })
    shown = true
  }
  return shown
}
