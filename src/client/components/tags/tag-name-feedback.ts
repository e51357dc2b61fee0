import { TAG_EXISTS_MESSAGE, createTagSchema, isDuplicateTag, type CreateTag } from '#shared/tag.ts'
import { toast } from '../ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'

// spec sections 5 and 8: what a tag name form says, shared by 'Create New Tag' (talent form and
// Tags page) and the Tags page's rename, so the rules and their words exist once.

function toastTagExists() {
  toast({ variant: 'destructive', title: 'Tag already exists', description: TAG_EXISTS_MESSAGE })
}

/**
 * The trimmed, valid name; or undefined after a toast: 'Invalid tag name' for a bad name, 'Tag
 * already exists' for a case-insensitive duplicate of `existingNames`.
 */
export function checkTagName(
  name: string,
  existingNames: readonly string[],
): CreateTag | undefined {
  const parsed = createTagSchema.safeParse({ name })
  if (!parsed.success) {
    toast({
      variant: 'destructive',
      title: 'Invalid tag name',
      description: parsed.error.issues[0]?.message ?? 'Tag name must be at least 2 characters long',
    })
    return undefined
  }
  if (isDuplicateTag(parsed.data.name, existingNames)) {
    toastTagExists()
    return undefined
  }
  return parsed.data
}

/** A refused tag save: 409 is a duplicate, 400 a bad name, anything else `failure`. */
export function toastTagSaveError(error: unknown, failure: string) {
  const apiError = parseApiError(error)
  if (apiError?.status === 409) {
    toastTagExists()
    return
  }
  if (apiError?.status === 400) {
    toast({
      variant: 'destructive',
      title: 'Invalid tag name',
      description: apiError.fieldErrors.name?.[0] ?? apiError.message,
    })
    return
  }
  toast({ variant: 'destructive', title: 'Error', description: failure })
}
