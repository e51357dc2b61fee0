import { CvPanel } from '../../features/cvs/cv-panel.tsx'
import { UndoMergeButton } from '../../features/duplicates/undo-merge-button.tsx'
import { CustomFieldValues } from '../../features/fields/custom-field-values.tsx'
import { EraseTalentDialog } from '../../features/privacy/erase-talent-dialog.tsx'
import { ExportPersonalData } from '../../features/privacy/export-personal-data.tsx'
import { PrivacyPanel } from '../../features/privacy/privacy-panel.tsx'
import {
  TalentProfile as ProfileOfTalents,
  type TalentProfileProps,
} from '../../features/talents/detail/talent-profile.tsx'
import {
  TalentProfilePartsProvider,
  type TalentProfileParts,
} from '../../features/talents/parts.ts'

const parts: TalentProfileParts = {
  CvPanel,
  PrivacyPanel,
  ExportPersonalData,
  EraseTalentDialog,
  UndoMergeButton,
  CustomFieldValues,
}

/**
 * A talent's profile with its CV and Privacy tabs, its privacy actions, History's undo and its
 * custom field values.
 */
export function TalentProfile(props: TalentProfileProps) {
  return (
    <TalentProfilePartsProvider parts={parts}>
      <ProfileOfTalents {...props} />
    </TalentProfilePartsProvider>
  )
}
