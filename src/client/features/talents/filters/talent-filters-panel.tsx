import { useQuery } from '@tanstack/react-query'
import type { FormEvent, ReactNode } from 'react'
import { Link } from 'react-router'
import { MAX_SEARCH_LENGTH } from '#shared/search/search-query-schema.ts'
import { AREAS, SENIORITY_LEVELS, SORT_OPTIONS, TALENT_STATUSES } from '#shared/talent.ts'
import { DEFAULT_SORT } from '#shared/talent-list-query.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx'
import { userFilterOptions } from './added-by-api.ts'
import { type TalentListFilters } from '../api.ts'
import { FilterSelect } from './filter-select.tsx'
import { CustomFieldFilters, useFieldSortOptions } from './custom-field-filters.tsx'
import { PRIVACY_SOURCES, SOURCE_LABELS } from '#shared/privacy.ts'
import { tagListOptions } from '../../../lib/queries/tag-list.ts'
import { capitalize, capitalizeWords } from '../../../lib/talent-format.ts'
import {
  DEFAULT_FILTERS,
  fromDraft,
  hasTextTerms,
  RELEVANCE,
  toDraft,
  useFilterDraft,
} from './use-talent-filters.ts'

type TalentFiltersPanelProps = {
  applied: TalentListFilters
  onApply: (filters: TalentListFilters) => void
  onReset: () => void
  /** Renders the 'N active filters' line where the host (dialog or sheet) wants it. */
  renderSummary: (text: string) => ReactNode
}

const areaOptions = AREAS.map((area) => ({ value: area, label: capitalize(area) }))
const levelOptions = SENIORITY_LEVELS.map((level) => ({
  value: level,
  label: capitalizeWords(level),
}))
const statusOptions = TALENT_STATUSES.map((status) => ({ value: status, label: status }))
const BEST_MATCH = { value: RELEVANCE, label: 'Best Match' }
// The privacy record's filters (security rule 49), as `consent:` etc. in the search.
const consentOptions = [
  { value: 'expired', label: 'Consent expired' },
  { value: 'expiring', label: 'Expires within 30 days' },
]
const informedOptions = [
  { value: 'no', label: 'Not informed' },
  { value: 'yes', label: 'Informed' },
]
const sourceOptions = PRIVACY_SOURCES.map((value) => ({ value, label: SOURCE_LABELS[value] }))

export function activeFiltersText(count: number): string {
  if (count === 0) return 'No filters applied'
  // spec section 2 words it 'N active filters' for every N; kept verbatim.
  return `${count} active filters`
}

/** The Filters and Sort tabs; edits stay a draft until Apply (spec section 4). */
export function TalentFiltersPanel({
  applied,
  onApply,
  onReset,
  renderSummary,
}: TalentFiltersPanelProps) {
  const { draft, setField, replace, activeCount } = useFilterDraft(applied)
  const tags = useQuery(tagListOptions())
  const users = useQuery(userFilterOptions())
  const fieldSorts = useFieldSortOptions()

  const tagOptions = (tags.data ?? [])
    .map((tag) => tag.name)
    .sort((a, b) => a.localeCompare(b))
    .map((name) => ({ value: name, label: name }))
  const userOptions = (users.data ?? []).map((user) => {
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ')
    return { value: user.email, label: name === '' ? user.email : `${name} (${user.email})` }
  })

  // With words to rank by, the list is in relevance order unless a sort is chosen.
  const canRank = hasTextTerms(draft.q)
  const sortOptions = [...(canRank ? [BEST_MATCH, ...SORT_OPTIONS] : SORT_OPTIONS), ...fieldSorts]
  const checkedSort = draft.sort === RELEVANCE && !canRank ? DEFAULT_SORT : draft.sort

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onApply(fromDraft(draft))
  }

  function handleReset() {
    replace(toDraft(DEFAULT_FILTERS))
    onReset()
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-4">
      {renderSummary(activeFiltersText(activeCount))}
      <Tabs defaultValue="filters">
        <TabsList className="w-full">
          <TabsTrigger value="filters">Filters</TabsTrigger>
          <TabsTrigger value="sort">Sort</TabsTrigger>
        </TabsList>
        <TabsContent value="filters" className="grid gap-4 pt-2 sm:grid-cols-2">
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="filter-search">Search</Label>
            <Input
              id="filter-search"
              type="search"
              placeholder="Search by name or email"
              value={draft.q}
              maxLength={MAX_SEARCH_LENGTH}
              onChange={(event) => setField('q', event.target.value)}
            />
          </div>
          <FilterSelect
            id="filter-area"
            label="Area of Interest"
            allLabel="All Areas"
            value={draft.areaOfInterest}
            options={areaOptions}
            onChange={(v) => setField('areaOfInterest', v)}
          />
          <FilterSelect
            id="filter-level"
            label="Seniority Level"
            allLabel="All Levels"
            value={draft.seniorityLevel}
            options={levelOptions}
            onChange={(v) => setField('seniorityLevel', v)}
          />
          <FilterSelect
            id="filter-tag"
            label="Tag"
            allLabel="All Tags"
            value={draft.tag}
            options={tagOptions}
            onChange={(v) => setField('tag', v)}
          />
          {/* The spec's side panel has four links; the Tags page is reached from here. */}
          <Link
            to="/dashboard/tags"
            className="-mt-2 justify-self-start text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground"
          >
            Manage tags
          </Link>
          <FilterSelect
            id="filter-status"
            label="Status"
            allLabel="All Statuses"
            value={draft.status}
            options={statusOptions}
            onChange={(v) => setField('status', v)}
          />
          <FilterSelect
            id="filter-consent"
            label="Consent"
            allLabel="Any consent"
            value={draft.consent}
            options={consentOptions}
            onChange={(v) => setField('consent', v)}
          />
          <FilterSelect
            id="filter-informed"
            label="Informed"
            allLabel="Informed or not"
            value={draft.informed}
            options={informedOptions}
            onChange={(v) => setField('informed', v)}
          />
          <FilterSelect
            id="filter-source"
            label="Source"
            allLabel="All Sources"
            value={draft.source}
            options={sourceOptions}
            onChange={(v) => setField('source', v)}
          />
          <div className="sm:col-span-2">
            <FilterSelect
              id="filter-added-by"
              label="Added By"
              allLabel="All Users"
              value={draft.addedBy}
              options={userOptions}
              onChange={(v) => setField('addedBy', v)}
            />
          </div>
          <CustomFieldFilters draft={draft} setField={setField} />
        </TabsContent>
        <TabsContent value="sort" className="pt-2">
          <fieldset className="grid gap-1">
            <legend className="mb-2 text-sm font-medium">Sort by</legend>
            {sortOptions.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2.5 text-sm hover:bg-accent has-[:checked]:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
              >
                <input
                  type="radio"
                  name="sort"
                  value={option.value}
                  checked={checkedSort === option.value}
                  onChange={() => setField('sort', option.value)}
                  className="size-4 accent-primary outline-none"
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        </TabsContent>
      </Tabs>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={handleReset}>
          Reset
        </Button>
        <Button type="submit">Apply</Button>
      </div>
    </form>
  )
}
