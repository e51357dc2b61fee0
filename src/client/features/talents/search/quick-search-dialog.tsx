import { useQuery } from '@tanstack/react-query'
import { ArrowRight, Search } from 'lucide-react'
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import { MAX_SEARCH_LENGTH } from '#shared/search/search-query-schema.ts'
import type { Talent } from '#shared/talent.ts'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { cn } from '../../../lib/cn.ts'
import { capitalize, capitalizeWords } from '../../../lib/talent-format.ts'
import { MatchSnippet } from './match-snippet.tsx'
import { quickSearchOptions } from './quick-search-api.ts'
import { resultCountText } from './result-count.ts'

/** A shorter pause than the dashboard's: the results here are one small page. */
const TYPING_PAUSE_MS = 120
const LISTBOX_ID = 'quick-search-results'

function optionId(index: number) {
  return `quick-search-option-${index}`
}

/** Where a result, or 'See all results', opens: the dashboard with the search in its URL. */
function dashboardUrl(q: string, talentId?: number) {
  const params = new URLSearchParams({ q })
  if (talentId !== undefined) params.set('talent', String(talentId))
  return `/dashboard?${params.toString()}`
}

type QuickSearchDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * Type, see the best results with why they matched, arrow keys and
 * Enter (or a click) open a talent; the last option opens every result on the dashboard.
 */
export function QuickSearchDialog({ open, onOpenChange }: QuickSearchDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        showCloseButton={false}
        className="top-[12vh] translate-y-0 gap-0 overflow-hidden p-0 sm:max-w-2xl"
      >
        <DialogTitle className="sr-only">Quick search</DialogTitle>
        <DialogDescription className="sr-only">
          Search talents by name, e-mail, notes, tags or CV text. Arrow keys choose a result, Enter
          opens it.
        </DialogDescription>
        {/* Inside the content, so each opening starts empty. */}
        <QuickSearchPanel onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function QuickSearchPanel({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const [q, setQ] = useState('')
  const [active, setActive] = useState(0)
  const timer = useRef<number | undefined>(undefined)
  const results = useQuery(quickSearchOptions(q))

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const hasQuery = q.trim() !== ''
  const talents: Talent[] = hasQuery ? (results.data?.talents ?? []) : []
  // The results, then 'See all results': one list for the arrow keys.
  const optionCount = hasQuery ? talents.length + 1 : 0
  const activeIndex = Math.min(active, Math.max(optionCount - 1, 0))

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value
    setText(value)
    setActive(0)
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => setQ(value), TYPING_PAUSE_MS)
  }

  function openOption(index: number) {
    const query = text.trim() === '' ? q : text
    if (query.trim() === '') return
    const talent = talents[index]
    onClose()
    void navigate(dashboardUrl(query, talent?.id))
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (optionCount === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((activeIndex + step + optionCount) % optionCount)
      return
    }
    if (event.key === 'Enter') {
      event.preventDefault()
      // Typed faster than the pause: Enter still searches what is in the box.
      openOption(text === q ? activeIndex : talents.length)
    }
  }

  return (
    <div className="grid">
      <div className="flex items-center gap-2 border-b px-4">
        <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <input
          type="text"
          role="combobox"
          aria-label="Search talents"
          aria-expanded={optionCount > 0}
          aria-controls={LISTBOX_ID}
          aria-autocomplete="list"
          aria-activedescendant={optionCount > 0 ? optionId(activeIndex) : undefined}
          placeholder='Search talents: python "machine learning" level:senior'
          value={text}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          autoComplete="off"
          spellCheck={false}
          className="h-12 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground md:text-sm"
        />
        {results.isFetching ? <Spinner decorative /> : null}
      </div>
      <div className="max-h-[min(60vh,32rem)] overflow-y-auto p-2">
        {!hasQuery ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">
            Type to search names, e-mails, notes, tags and CV text.
          </p>
        ) : null}
        {hasQuery && results.isError ? (
          <p role="alert" className="px-2 py-6 text-center text-sm text-destructive">
            Could not search talents.
          </p>
        ) : null}
        {hasQuery && results.isSuccess && talents.length === 0 ? (
          <p className="px-2 pt-4 pb-2 text-center text-sm text-muted-foreground">
            No talents found.
          </p>
        ) : null}
        <ul id={LISTBOX_ID} role="listbox" aria-label="Search results" className="grid gap-0.5">
          {talents.map((talent, index) => (
            <li
              key={talent.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              onMouseMove={() => setActive(index)}
              onClick={() => openOption(index)}
              className={cn(
                'grid cursor-pointer gap-0.5 rounded-md px-3 py-2',
                index === activeIndex && 'bg-accent text-accent-foreground',
              )}
            >
              <span className="flex min-w-0 items-baseline gap-2">
                <span className="truncate font-medium">{talent.fullName}</span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {capitalize(talent.areaOfInterest)} · {capitalizeWords(talent.seniorityLevel)}
                </span>
              </span>
              <MatchSnippet match={talent.match} />
            </li>
          ))}
          {optionCount > 0 ? (
            <li
              id={optionId(talents.length)}
              role="option"
              aria-selected={activeIndex === talents.length}
              onMouseMove={() => setActive(talents.length)}
              onClick={() => openOption(talents.length)}
              className={cn(
                'flex cursor-pointer items-center justify-between gap-2 rounded-md px-3 py-2 text-sm',
                activeIndex === talents.length && 'bg-accent text-accent-foreground',
              )}
            >
              <span>See all results</span>
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                {results.data
                  ? resultCountText(results.data.total, results.data.isTotalEstimated)
                  : null}
                <ArrowRight className="size-3.5" aria-hidden="true" />
              </span>
            </li>
          ) : null}
        </ul>
      </div>
    </div>
  )
}
