import type { ComponentType } from 'react'
import type { PrivacyRequestBulkInput } from '#shared/privacy-requests.ts'
import type { LazyComponent } from '../../lib/lazy-page.tsx'
import { createParts } from '../../lib/parts.tsx'
import type { TalentProfileProps } from './detail/talent-profile.tsx'
import type { TalentFormProps } from './form/talent-form.tsx'

/**
 * The dashboard's screens that show other features' parts (parts.ts), each loaded when first
 * needed: app/ composes them with their parts and hands them to the dashboard here.
 */
export type TalentScreens = {
  TalentProfile: LazyComponent<TalentProfileProps>
  TalentForm: LazyComponent<TalentFormProps>
  /** The bulk toolbar's 'Ask the person': a notice or consent request to the selection. */
  BulkPrivacyRequestMenu: ComponentType<{
    target: () => Pick<PrivacyRequestBulkInput, 'ids' | 'filter'>
  }>
}

export const { PartsProvider: TalentScreensProvider, useParts: useTalentScreens } =
  createParts<TalentScreens>('The dashboard')
