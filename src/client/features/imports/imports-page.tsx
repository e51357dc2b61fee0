import { useQuery } from '@tanstack/react-query'
import { Sheet } from 'lucide-react'
import { IMPORT_ACCEPT, IMPORT_MAX_MB } from '#shared/imports/import-api.ts'
import { ImportDropzone } from '../../components/imports-kit/import-dropzone.tsx'
import { ImportsOverview } from '../../components/imports-kit/imports-overview.tsx'
import { useImportUpload } from '../../components/imports-kit/use-import-upload.ts'
import { formatDateTime } from '../../lib/date-time.ts'
import { importListOptions, useUploadSpreadsheet } from './api.ts'
import { stateLine } from './format.ts'

/** Drop or pick one spreadsheet; its mapping screen opens once it is up. */
function SpreadsheetDropzone() {
  const upload = useImportUpload(useUploadSpreadsheet(), (id) => `/dashboard/imports/${id}`)
  return (
    <ImportDropzone
      label="Upload a spreadsheet"
      icon={Sheet}
      prompt="Drop a spreadsheet here"
      hint={`A .csv, .tsv or .xlsx file up to ${IMPORT_MAX_MB} MB, one talent a row. You map its columns and see what will happen before anything is written.`}
      chooseLabel="Choose a file"
      inputLabel="Spreadsheet to import"
      accept={IMPORT_ACCEPT}
      progressLabel="Uploading the spreadsheet"
      upload={upload}
      onFiles={([file]) => {
        if (file) upload.start({ file })
      }}
    />
  )
}

/** /dashboard/imports: bring talents in from a spreadsheet, and see the imports so far. */
export function ImportsPage() {
  const query = useQuery(importListOptions())
  return (
    <ImportsOverview
      title="Import talents"
      description="Bring your pool in from a spreadsheet. The import runs on the server: you can close this page and come back."
      upload={<SpreadsheetDropzone />}
      listHeading="Imports"
      listHeadingId="recent-spreadsheet-imports"
      query={query}
      pathFor={(item) => `/dashboard/imports/${item.id}`}
      summary={(item) =>
        `${item.fileName} · ${formatDateTime(item.createdAt)}${item.createdBy ? ` by ${item.createdBy.name}` : ''}`
      }
      status={stateLine}
    />
  )
}
