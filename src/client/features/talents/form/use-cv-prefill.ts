import { useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { CvParseResult } from '#shared/cv-parse.ts'
import type { TalentFormValues, TalentInput } from '#shared/talent.ts'

/**
 * Fills the add form from a parsed CV: only fields the person left empty, each marked
 * so they check it; the upload's id rides along so the CV is attached when the talent is saved.
 */
export function useCvPrefill(form: UseFormReturn<TalentFormValues, unknown, TalentInput>) {
  const [filled, setFilled] = useState<ReadonlySet<string>>(new Set())

  function apply({ suggested, fileId }: CvParseResult) {
    const done = new Set<string>()
    const fill = (field: 'fullName' | 'email' | 'phone' | 'linkedinUrl', value: string | null) => {
      if (value === null || (form.getValues(field) ?? '') !== '') return
      form.setValue(field, value, { shouldDirty: true })
      done.add(field)
    }
    fill('fullName', suggested.fullName)
    fill('email', suggested.email)
    fill('phone', suggested.phone)
    fill('linkedinUrl', suggested.linkedinUrl)
    if (suggested.areaOfInterest !== null && form.getValues('areaOfInterest') === undefined) {
      form.setValue('areaOfInterest', suggested.areaOfInterest, { shouldDirty: true })
      done.add('areaOfInterest')
    }
    if (suggested.seniorityLevel !== null && form.getValues('seniorityLevel') === undefined) {
      form.setValue('seniorityLevel', suggested.seniorityLevel, { shouldDirty: true })
      done.add('seniorityLevel')
    }
    form.setValue('cvFileId', fileId)
    setFilled(done)
  }

  return { filled, apply }
}
