import type { ComponentType } from 'react'
import type { Control } from 'react-hook-form'
import type { CvParseResult } from '#shared/cv-parse.ts'
import type { Talent, TalentFormValues } from '#shared/talent.ts'
import { createParts } from '../../lib/parts.tsx'

/** Other features' parts on a talent's profile; app/ fills them in. */
export type TalentProfileParts = {
  /** The CV tab: preview, versions, upload and remove. */
  CvPanel: ComponentType<{ talentId: number; canRemove: boolean }>
  /** The Privacy tab: source, lawful basis and consent. */
  PrivacyPanel: ComponentType<{ talentId: number }>
  /** 'Export personal data' in the profile's header. */
  ExportPersonalData: ComponentType<{ talentId: number }>
  /** The 'Erase' dialog; onErased once the talent is gone. */
  EraseTalentDialog: ComponentType<{
    open: boolean
    talent: Pick<Talent, 'id' | 'fullName' | 'updatedAt'>
    onClose: () => void
    onErased: () => void
  }>
  /** 'Undo merge' on a merge's History entry. */
  UndoMergeButton: ComponentType<{ mergeId: number }>
  /** The custom field values, labelled, in the fields' order. */
  CustomFieldValues: ComponentType<{ values: Record<string, unknown> }>
}

/** Other features' parts on the add/edit form; app/ fills them in. */
export type TalentFormParts = {
  /** 'From a CV' at the top of the add form. */
  CvPrefill: ComponentType<{
    onParsed: (result: CvParseResult) => void
    onAttachedElsewhere: () => void
  }>
  /** 'Possible duplicate: …' under the fields, as they are typed. */
  DuplicateWarning: ComponentType<{ control: Control<TalentFormValues>; excludeId?: number }>
  /**
   * The custom fields, each with its control; `onCheck` hands the form the check of their
   * values (the server's messages), which its resolver runs.
   */
  CustomFieldInputs: ComponentType<{
    control: Control<TalentFormValues>
    idPrefix: string
    existing: Record<string, unknown>
    onCheck: (check: ((values: Record<string, unknown>) => Record<string, string>) | null) => void
  }>
}

export const { PartsProvider: TalentProfilePartsProvider, useParts: useTalentProfileParts } =
  createParts<TalentProfileParts>('The talent profile')

export const { PartsProvider: TalentFormPartsProvider, useParts: useTalentFormParts } =
  createParts<TalentFormParts>('The talent form')
