import type { ComponentType } from 'react'
import { createParts } from '../../lib/parts.tsx'

/** Another feature's part on a CV import's review row; app/ fills it in. */
export type CvImportParts = {
  /** 'Possible duplicate: …' for the fields being reviewed, as on the talent form. */
  PossibleDuplicates: ComponentType<{
    fields: {
      fullName?: string | null
      email?: string | null
      phone?: string | null
      areaOfInterest?: string | null
    }
  }>
}

export const { PartsProvider: CvImportPartsProvider, useParts: useCvImportParts } =
  createParts<CvImportParts>('A CV import')
