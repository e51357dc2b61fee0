import type { MatchField, TalentMatch } from '#shared/search/talent-match.ts'
import { cn } from '../../../lib/cn.ts'
import { HighlightedText } from '../../../components/highlight/highlighted-text.tsx'

const FIELD_LABELS: Record<MatchField, string> = {
  name: 'Name',
  email: 'Email',
  tags: 'Tags',
  status: 'Status',
  area: 'Area',
  level: 'Level',
  notes: 'Notes',
  phone: 'Phone',
  links: 'Link',
  cv: 'CV',
}

type MatchSnippetProps = {
  /** The list item's `match`: absent or null without a search with words. */
  match: TalentMatch | null | undefined
  className?: string
}

/** Why a search result matched: the field and a snippet with the words marked. */
export function MatchSnippet({ match, className }: MatchSnippetProps) {
  if (match === null || match === undefined) return null
  return (
    <p className={cn('line-clamp-2 text-xs break-words text-muted-foreground', className)}>
      <span className="font-medium text-foreground/80">{FIELD_LABELS[match.field]}: </span>
      <HighlightedText text={match.snippet} ranges={match.highlights} />
    </p>
  )
}
