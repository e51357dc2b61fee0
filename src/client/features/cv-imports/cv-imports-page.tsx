import { useQuery } from '@tanstack/react-query'
import { FileStack } from 'lucide-react'
import { useState } from 'react'
import { CV_IMPORT_ACCEPT, CV_IMPORT_MAX_FILES } from '#shared/cv-import.ts'
import { ImportDropzone } from '../../components/imports-kit/import-dropzone.tsx'
import { ImportsOverview } from '../../components/imports-kit/imports-overview.tsx'
import { useImportUpload } from '../../components/imports-kit/use-import-upload.ts'
import { cvImportListOptions, useStartImport } from './api.ts'
import { countsLine, formatImportDate, importerName } from './format.ts'

/**
 * Drop or pick a stack of CVs (or a zip of them) to import. The files go up in one
 * request with a progress bar; the import's own page then shows each file as it is read.
 */
function CvDropzone() {
  const upload = useImportUpload(useStartImport(), (id) => `/dashboard/cv-imports/${id}`)
  const [tooMany, setTooMany] = useState(false)
  return (
    <ImportDropzone
      label="Upload CVs"
      icon={FileStack}
      prompt="Drop CV files or a zip of them here"
      hint={`Up to ${CV_IMPORT_MAX_FILES} files — PDF, DOCX, ODT, RTF, TXT or Markdown. Each file becomes a talent, or goes to the talent with the same e-mail.`}
      chooseLabel="Choose files"
      inputLabel="CV files to import"
      accept={CV_IMPORT_ACCEPT}
      multiple
      progressLabel="Uploading CVs"
      upload={upload}
      notice={
        tooMany
          ? `An import takes up to ${CV_IMPORT_MAX_FILES} files. Choose fewer, or import the rest next.`
          : null
      }
      onFiles={(files) => {
        setTooMany(files.length > CV_IMPORT_MAX_FILES)
        if (files.length <= CV_IMPORT_MAX_FILES) upload.start({ files })
      }}
    />
  )
}

/** /dashboard/cv-imports: take in a stack of CVs, and see the imports so far. */
export function CvImportsPage() {
  const query = useQuery(cvImportListOptions())
  return (
    <ImportsOverview
      title="Import CVs"
      description="Build talents from a stack of CVs. The import runs on the server: you can close this page and come back."
      upload={<CvDropzone />}
      listHeading="Recent imports"
      listHeadingId="recent-imports"
      query={query}
      pathFor={(item) => `/dashboard/cv-imports/${item.id}`}
      summary={(item) =>
        `${item.total} files · ${formatImportDate(item.createdAt)} by ${importerName(item)}`
      }
      status={(item) =>
        item.state === 'running'
          ? `Reading ${item.done} of ${item.total} files…`
          : item.state === 'undone'
            ? 'Undone'
            : countsLine(item.counts)
      }
    />
  )
}
