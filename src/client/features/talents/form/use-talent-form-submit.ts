import { useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { Talent, TalentFormValues, TalentInput } from '#shared/talent.ts'
import { toast } from '../../../components/ui/use-toast.ts'
import { parseApiError, type ParsedApiError } from '../../../lib/api.ts'
import { fetchCurrentTalent, useCreateTalent, useUpdateTalent } from '../api.ts'
import { ERASED_PERSON_PREFIX } from '#shared/erasure.ts'
import { toNewTalentBody, toUpdateBody } from './talent-form-values.ts'
import { saveFailureDescription } from './talent-save-failure.ts'

const FORM_FIELDS = [
  'fullName',
  'email',
  'phone',
  'linkedinUrl',
  'areaOfInterest',
  'seniorityLevel',
  'notes',
  'tags',
  'status',
] as const

type TalentForm = UseFormReturn<TalentFormValues, unknown, TalentInput>

/**
 * Puts the server's fieldErrors on their fields (spec: server validation errors show on their
 * fields). Returns whether any landed on a field the form shows.
 */
function showFieldErrors(form: TalentForm, apiError: ParsedApiError): boolean {
  let shown = false
  for (const field of FORM_FIELDS) {
    const message = apiError.fieldErrors[field]?.[0]
    if (message === undefined) continue
    form.setError(field, { type: 'server', message }, { shouldFocus: !shown })
    shown = true
  }
  // Custom fields (security rule 66): the server's message on the field it names.
  for (const [name, messages] of Object.entries(apiError.fieldErrors)) {
    const message = messages[0]
    if (!name.startsWith('customFields.') || message === undefined) continue
    form.setError(
      name as `customFields.${string}`,
      { type: 'server', message },
      { shouldFocus: !shown },
    )
    shown = true
  }
  return shown
}

type Options = { talent: Talent | null; form: TalentForm; onSaved: (saved: Talent) => void }

/** Saves the form: POST for a new talent, PUT for an edit, with the spec section 8 toasts. */
export function useTalentFormSubmit({ talent, form, onSaved }: Options) {
  const createTalent = useCreateTalent()
  const updateTalent = useUpdateTalent()
  // A server message no field can show (e.g. the stale-edit 409), shown above the fields.
  const [formError, setFormError] = useState<string>()
  // After a stale-edit 409 the current version's updatedAt, so that saving again (having read
  // the warning) is based on it instead of failing forever.
  const [refreshedUpdatedAt, setRefreshedUpdatedAt] = useState<string>()
  // Security rule 52: the server's "This person asked to be erased on …" for a new talent;
  // saving again then needs the person's confirmation.
  const [erasedWarning, setErasedWarning] = useState<string>()

  function baseUpdatedAt(current: Talent): string {
    if (refreshedUpdatedAt === undefined) return current.updatedAt
    // ISO timestamps from the server compare correctly as text; the later one wins.
    return refreshedUpdatedAt > current.updatedAt ? refreshedUpdatedAt : current.updatedAt
  }

  function loadCurrentVersion(id: number) {
    fetchCurrentTalent(id).then(
      (current) => setRefreshedUpdatedAt(current.updatedAt),
      // The talent may be gone; the next save then reports the 404.
      () => undefined,
    )
  }

  function handleFailure(error: unknown, isUpdate: boolean) {
    const apiError = parseApiError(error)
    if (
      !isUpdate &&
      apiError?.status === 409 &&
      apiError.message?.startsWith(ERASED_PERSON_PREFIX)
    ) {
      setErasedWarning(apiError.message)
      return
    }
    const onField = apiError === undefined ? false : showFieldErrors(form, apiError)
    if (apiError?.message !== undefined && !onField) setFormError(apiError.message)
    if (isUpdate && talent !== null && apiError?.status === 409 && !onField) {
      loadCurrentVersion(talent.id)
    }
    toast({
      variant: 'destructive',
      title: 'Error',
      description: saveFailureDescription(error, isUpdate),
    })
  }

  function submit(values: TalentInput, confirmErased = false) {
    if (createTalent.isPending || updateTalent.isPending) return
    setFormError(undefined)
    if (talent === null) {
      createTalent.mutate(toNewTalentBody(values, confirmErased), {
        onSuccess: (saved) => {
          toast({
            title: 'Talent created',
            description: `${saved.fullName} has been added to the talent pool.`,
          })
          onSaved(saved)
        },
        onError: (error) => handleFailure(error, false),
      })
      return
    }
    updateTalent.mutate(
      { id: talent.id, input: toUpdateBody(values, baseUpdatedAt(talent)) },
      {
        onSuccess: (saved) => {
          toast({ title: 'Success', description: 'Talent updated successfully!' })
          onSaved(saved)
        },
        onError: (error) => handleFailure(error, true),
      },
    )
  }

  const mutation = talent === null ? createTalent : updateTalent
  return {
    submit,
    erasedWarning,
    dismissErasedWarning: () => setErasedWarning(undefined),
    isPending: mutation.isPending,
    isSaved: mutation.isSuccess,
    formError,
  }
}
