import { X } from 'lucide-react'
import type { FieldTerm } from '#shared/search/parse-query.ts'
import type { QueryChip } from '#shared/search/query-chips.ts'
import type { SearchField } from '#shared/search/search-fields.ts'
import { capitalizeWords } from '../../../lib/talent-format.ts'

const FIELD_LABELS: Record<SearchField, string> = {
  area: 'Area',
  level: 'Level',
  tag: 'Tag',
  status: 'Status',
  addedby: 'Added by',
  has: 'Has',
  consent: 'Consent',
  informed: 'Informed',
  source: 'Source',
}

/** A chip's words: `Level: Senior`, `Not Status: Hired`, `Has: CV`. */
export function chipLabel(term: FieldTerm): string {
  const not = term.negated ? 'Not ' : ''
  if (term.field === 'custom') {
    return term.condition.test === 'has'
      ? `${not}Has: ${term.label}`
      : `${not}${term.label}: ${term.value}`
  }
  const value =
    term.field === 'has'
      ? term.value.toUpperCase()
      : term.field === 'level' ||
          term.field === 'consent' ||
          term.field === 'informed' ||
          term.field === 'source'
        ? capitalizeWords(term.value)
        : term.value
  return `${not}${FIELD_LABELS[term.field]}: ${value}`
}

type QueryChipListProps = {
  chips: QueryChip[]
  onRemove: (chip: QueryChip) => void
}

/** The search's field terms as removable chips; removing one rewrites the search. */
export function QueryChipList({ chips, onRemove }: QueryChipListProps) {
  if (chips.length === 0) return null
  return (
    <ul aria-label="Search filters" className="flex flex-wrap gap-1.5">
      {chips.map((chip) => {
        const label = chipLabel(chip.term)
        return (
          <li
            key={`${chip.index}:${chip.text}`}
            className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-2.5 text-xs font-medium text-secondary-foreground"
            title={chip.text}
          >
            {label}
            <button
              type="button"
              aria-label={`Remove ${label}`}
              onClick={() => onRemove(chip)}
              className="rounded-full p-0.5 opacity-70 outline-none hover:bg-background/40 hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </li>
        )
      })}
    </ul>
  )
}
