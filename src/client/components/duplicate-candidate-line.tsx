import { Link } from 'react-router'
import type { DuplicateReason } from '#shared/duplicates.ts'

type DuplicateCandidateLineProps = {
  talentId: number
  fullName: string
  reasons: readonly DuplicateReason[]
  confidence: number
}

/**
 * "Possible duplicate: Dana Reyes — same phone number", the other talent opening in a
 * new tab so the form (or the import) being filled keeps its place. One line for every screen
 * that warns: the talent form, a CV import's review row, a spreadsheet import's dry run.
 */
export function DuplicateCandidateLine({
  talentId,
  fullName,
  reasons,
  confidence,
}: DuplicateCandidateLineProps) {
  return (
    <p>
      <span className="font-medium">Possible duplicate: </span>
      <Link
        to={`/dashboard?talent=${talentId}`}
        target="_blank"
        rel="noreferrer"
        className="font-medium underline underline-offset-2"
      >
        {fullName}
      </Link>
      {` — ${reasons.join(', ')}`}
      <span className="text-muted-foreground">{` (${Math.round(confidence * 100)}% likely)`}</span>
    </p>
  )
}
