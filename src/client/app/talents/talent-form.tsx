import { CvPrefill } from '../../features/cvs/cv-prefill.tsx'
import { DuplicateWarning } from '../../features/duplicates/duplicate-warning.tsx'
import { CustomFieldInputs } from '../../features/fields/custom-field-inputs.tsx'
import {
  TalentForm as FormOfTalents,
  type TalentFormProps,
} from '../../features/talents/form/talent-form.tsx'
import { TalentFormPartsProvider, type TalentFormParts } from '../../features/talents/parts.ts'

const parts: TalentFormParts = {
  CvPrefill,
  DuplicateWarning,
  CustomFieldInputs,
}

/** The add/edit talent form with its CV prefill, its duplicate warning and the custom fields. */
export function TalentForm(props: TalentFormProps) {
  return (
    <TalentFormPartsProvider parts={parts}>
      <FormOfTalents {...props} />
    </TalentFormPartsProvider>
  )
}
