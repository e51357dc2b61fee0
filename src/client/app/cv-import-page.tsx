import { CvImportPage as PageOfCvImports } from '../features/cv-imports/cv-import-page.tsx'
import { CvImportPartsProvider, type CvImportParts } from '../features/cv-imports/parts.ts'
import { PossibleDuplicates } from '../features/duplicates/duplicate-warning.tsx'

const parts: CvImportParts = { PossibleDuplicates }

/** One CV import, its review rows warning of likely duplicates as the talent form does. */
export function CvImportPage() {
  return (
    <CvImportPartsProvider parts={parts}>
      <PageOfCvImports />
    </CvImportPartsProvider>
  )
}
