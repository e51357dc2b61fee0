import { Link } from 'react-router'

type KeptTalentsProps = { kept: readonly { talentId: number; fullName: string }[] }

/**
 * After an undo (a CV or spreadsheet import): the talents left as they were because someone
 * changed them since, each a link to its profile. Nothing when there are none.
 */
export function KeptTalents({ kept }: KeptTalentsProps) {
  if (kept.length === 0) return null
  return (
    <div role="status" className="grid gap-1 rounded-lg border p-4 text-sm">
      <p className="font-medium">Kept, because someone changed them after the import:</p>
      <ul className="list-disc pl-5">
        {kept.map((talent) => (
          <li key={talent.talentId}>
            <Link
              to={`/dashboard?talent=${talent.talentId}`}
              className="text-primary hover:underline"
            >
              {talent.fullName}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
