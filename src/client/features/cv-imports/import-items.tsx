import { FileText } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { CvImportItem } from '#shared/cv-import.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { ITEM_STATE_LABELS } from './format.ts'
import { ReviewForm } from './review-form.tsx'

function StateBadge({ state }: { state: CvImportItem['state'] }) {
  const variant =
    state === 'failed' ? 'destructive' : state === 'needs_review' ? 'default' : 'secondary'
  return (
    <Badge variant={variant} className="gap-1">
      {state === 'reading' ? <Spinner decorative /> : null}
      {ITEM_STATE_LABELS[state]}
    </Badge>
  )
}

function ItemRow({
  importId,
  item,
  canReview,
}: {
  importId: number
  item: CvImportItem
  canReview: boolean
}) {
  const [isReviewing, setIsReviewing] = useState(false)
  const formId = `review-form-${item.id}`
  return (
    <li className="grid grid-cols-[minmax(0,1fr)] gap-3 border-b py-3 last:border-b-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 flex-1 truncate font-medium" title={item.fileName}>
          {item.fileName}
        </span>
        <StateBadge state={item.state} />
        {item.talentId !== null && item.talentName !== null ? (
          <Link
            to={`/dashboard?talent=${item.talentId}`}
            className="text-sm text-primary underline-offset-4 hover:underline"
          >
            {item.talentName}
          </Link>
        ) : null}
        {item.state === 'needs_review' && canReview ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-expanded={isReviewing}
            aria-controls={formId}
            onClick={() => setIsReviewing((open) => !open)}
          >
            {isReviewing ? 'Close' : 'Review'}
          </Button>
        ) : null}
      </div>
      {item.reason === null ? null : (
        <p className="pl-7 text-sm text-muted-foreground">{item.reason}</p>
      )}
      {isReviewing && item.state === 'needs_review' ? (
        <div id={formId} className="pl-7">
          <ReviewForm importId={importId} item={item} />
        </div>
      ) : null}
    </li>
  )
}

type ImportItemsProps = { importId: number; items: CvImportItem[]; canReview: boolean }

/** One row per file of an import, with its state; 'needs review' rows open a form in place. */
export function ImportItems({ importId, items, canReview }: ImportItemsProps) {
  return (
    <ul aria-label="Files" className="grid grid-cols-[minmax(0,1fr)]">
      {items.map((item) => (
        <ItemRow key={item.id} importId={importId} item={item} canReview={canReview} />
      ))}
    </ul>
  )
}
