import { useQuery } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { parseQuery } from '#shared/search/parse-query.ts'
import { printQuery } from '#shared/search/print-query.ts'
import { queryChips, withoutTerm, type QueryChip } from '#shared/search/query-chips.ts'
import { MAX_SEARCH_LENGTH, searchProblem } from '#shared/search/search-query-schema.ts'
import { Input } from '../../../components/ui/input.tsx'
import type { TalentListFilters } from '../api.ts'
import { QueryChipList } from './query-chip-list.tsx'
import { filterFieldsOptions } from '../filters/field-definitions-api.ts'
import { resultCountText } from './result-count.ts'
import { SEARCH_PLACEHOLDER } from './search-placeholder.ts'

/** How long typing pauses before the list follows (each pause is one request, not each key). */
const TYPING_PAUSE_MS = 200

type TalentSearchProps = {
  applied: TalentListFilters
  onApply: (filters: TalentListFilters, options?: { replace?: boolean }) => void
  /** The list's total for this search (X-Total-Count), once known. */
  total: number | undefined
  isTotalEstimated: boolean
}

/**
 * The dashboard's search box: the query language as `q`, applied as the person types;
 * its field terms as removable chips; the number of results. A spec `search` from a link (its
 * substring search of names and e-mails) shows here, and typing turns it into a `q`.
 */
export function TalentSearch({ applied, onApply, total, isTotalEstimated }: TalentSearchProps) {
  const appliedText = applied.q ?? applied.search ?? ''
  const [text, setText] = useState(appliedText)
  // The applied text last seen, and the last one this box sent: a change of the URL that is
  // not this box's own echo (a chip removed, Back, the filter panel) replaces what is typed.
  const [seenText, setSeenText] = useState(appliedText)
  const [sentText, setSentText] = useState<string | undefined>(undefined)
  const timer = useRef<number | undefined>(undefined)

  if (appliedText !== seenText) {
    setSeenText(appliedText)
    if (appliedText !== sentText) setText(appliedText)
  }

  // The pending keystrokes' timer must not fire into a page that is gone.
  useEffect(() => () => window.clearTimeout(timer.current), [])

  function commit(value: string) {
    window.clearTimeout(timer.current)
    const q = value.trimStart()
    // Over a limit (security rule 43): the message shows under the box and nothing is sent.
    if (searchProblem(q) !== undefined) return
    setSentText(q)
    const isSearching = applied.q !== undefined || applied.search !== undefined
    // Starting or clearing a search is a history entry; refining one as it is typed is not.
    onApply(
      { ...applied, q: q === '' ? undefined : q, search: undefined },
      { replace: isSearching && q !== '' },
    )
  }

  const fieldsQuery = useQuery(filterFieldsOptions())

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value
    setText(value)
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => commit(value), TYPING_PAUSE_MS)
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    commit(text)
  }

  // The custom fields the viewer may see: their terms (`notice:<=4`) show as chips too.
  const fields = fieldsQuery.data ?? []

  function handleRemoveChip(chip: QueryChip) {
    const q = printQuery(withoutTerm(parseQuery(applied.q ?? '', fields), chip.index))
    onApply({ ...applied, q: q.trim() === '' ? undefined : q })
  }

  const chips = applied.q === undefined ? [] : queryChips(parseQuery(applied.q, fields))
  const isSearch = appliedText !== ''
  const problem = searchProblem(text.trimStart())

  return (
    <div className="grid gap-2">
      <form role="search" aria-label="Talents" onSubmit={handleSubmit} className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search talents"
          placeholder={SEARCH_PLACEHOLDER}
          value={text}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={handleChange}
          className="pl-9"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : 'talent-search-problem'}
        />
      </form>
      {problem === undefined ? null : (
        <p id="talent-search-problem" role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        {isSearch && total !== undefined ? (
          <p role="status" className="text-sm text-muted-foreground">
            {resultCountText(total, isTotalEstimated)}
          </p>
        ) : null}
        <QueryChipList chips={chips} onRemove={handleRemoveChip} />
      </div>
    </div>
  )
}
