import { formatFileSize, type CvFile } from '#shared/cv.ts'
import { cvVersionUrl } from './api.ts'
import { formatUploadedAt, uploaderName } from './format.ts'

type CvVersionsProps = { talentId: number; versions: CvFile[] }

/** Earlier versions of the CV, each downloadable (replacing keeps them). */
export function CvVersions({ talentId, versions }: CvVersionsProps) {
  const earlier = versions.slice(1)
  if (earlier.length === 0) return null
  return (
    <section aria-label="Earlier versions" className="grid gap-2">
      <h3 className="text-sm font-medium">Earlier versions</h3>
      <ul className="grid gap-1 text-sm">
        {earlier.map((version) => (
          <li key={version.id} className="flex flex-wrap gap-x-2">
            <a
              className="underline underline-offset-4 hover:text-primary"
              href={cvVersionUrl(talentId, version.id)}
              download={version.fileName}
            >
              {version.fileName}
            </a>
            <span className="text-muted-foreground">
              {formatFileSize(version.sizeBytes)} · {formatUploadedAt(version.uploadedAt)} by{' '}
              {uploaderName(version.uploadedBy)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
