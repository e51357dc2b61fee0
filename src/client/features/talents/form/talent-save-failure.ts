import { parseApiError } from '../../../lib/api.ts'
import { getErrorMessage } from '../../../lib/get-error-message.ts'

const SAVE_FAILED = 'Failed to save talent. Please try again.'

/** A failed fetch (offline, connection refused) rejects with a TypeError before any response. */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError
}

/**
 * The toast text for a failed save (spec section 8): an update refused by the server gives
 * 'Failed to update talent', an update that never reached it 'Network error when updating
 * talent'; otherwise the server's message, else the error's own, else the generic sentence.
 */
export function saveFailureDescription(error: unknown, isUpdate: boolean): string {
  const apiError = parseApiError(error)
  if (isNetworkError(error)) {
    return isUpdate ? 'Network error when updating talent' : SAVE_FAILED
  }
  if (apiError !== undefined) {
    return isUpdate ? 'Failed to update talent' : (apiError.message ?? SAVE_FAILED)
  }
  const message = getErrorMessage(error).trim()
  return message === '' || message === 'Unknown error' ? SAVE_FAILED : message
}
