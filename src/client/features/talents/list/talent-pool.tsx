import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { useDeferredValue } from 'react'
import type { Talent } from '#shared/talent.ts'
import { talentListOptions, type TalentListFilters } from '../api.ts'
import type { DeleteSource } from './delete-talent-dialog.tsx'
import { LoadMore } from './load-more.tsx'
import { TalentCardGrid } from './talent-card-grid.tsx'
import { TalentFilters } from '../filters/talent-filters.tsx'
import { LoadError } from '../../../components/ui/load-error.tsx'
import { TalentTable } from './talent-table.tsx'
import { TalentSearch } from '../search/talent-search.tsx'
import { totalText } from '../search/result-count.ts'
import { SavedViewMenu } from '../views/saved-view-menu.tsx'
import type { ViewMode } from './use-view-mode.ts'
import { ViewModeToggle } from './view-mode-toggle.tsx'
import { BulkToolbar } from '../bulk/bulk-toolbar.tsx'
import { useTalentSelection } from '../bulk/use-talent-selection.ts'
import { filterFieldsOptions } from '../filters/field-definitions-api.ts'
import { COLUMNS_PARAM, columnsOf } from '../views/api.ts'
import { FieldColumnsMenu, type FieldColumns } from './field-columns.tsx'

type TalentPoolProps = {
  filters: TalentListFilters
  activeCount: number
  onApplyFilters: (filters: TalentListFilters, options?: { replace?: boolean }) => void
  onResetFilters: () => void
  viewMode: ViewMode
  onViewModeChange: (mode: ViewMode) => void
  isAdmin: boolean
  onSelect: (talent: Talent) => void
  onEdit: (talent: Talent) => void
  onDelete: (talent: Talent, source: DeleteSource) => void
  onAddFirst: () => void
}

/** The Talent Pool section: header with total, view toggle and filters; the list; paging. */
/** The table's custom field columns: which the URL shows (`columns=`), and how they sort. */
function useFieldColumns(props: TalentPoolProps) {
  const [params, setParams] = useSearchParams()
  const fields = useQuery(filterFieldsOptions()).data ?? []
  const keys = columnsOf(params)
  const shown = keys.flatMap((key) => fields.filter((f) => f.key === key))
  function setKeys(next: string[]) {
    setParams((current) => {
      const updated = new URLSearchParams(current)
      if (next.length === 0) updated.delete(COLUMNS_PARAM)
      else updated.set(COLUMNS_PARAM, next.join(','))
      return updated
    })
  }
  const columns: FieldColumns = {
    shown,
    sort: props.filters.sort,
    onSort: (sort) => props.onApplyFilters({ ...props.filters, sort }),
  }
  return { fields, keys, setKeys, columns }
}

export function TalentPool(props: TalentPoolProps) {
  const { filters, viewMode, isAdmin, onSelect, onEdit, onDelete } = props
  const fieldColumns = useFieldColumns(props)
  const query = useInfiniteQuery(talentListOptions(filters))
  // New pages are drawn as a deferred update, in slices that leave the main thread free
  // between them (a phone took 100-200 ms to draw the first page's cards in one task).
  const data = useDeferredValue(query.data)
  const talents = data?.pages.flatMap((page) => page.talents) ?? []
  const total = data?.pages[0]?.total
  const isTotalEstimated = data?.pages[0]?.isTotalEstimated ?? false
  const hasFailed = query.isError && query.data === undefined
  const isLoading = data === undefined && !hasFailed
  // A selection belongs to the list it was made in; other filters start with none.
  const selection = useTalentSelection(talents, JSON.stringify(filters))

  function loadMore() {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage()
  }

  return (
    <section aria-labelledby="talent-pool-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="talent-pool-heading" className="flex items-center gap-2 text-xl font-semibold">
          Talent Pool
          {total === undefined ? null : (
            <span className="rounded-full bg-primary/15 px-2.5 py-0.5 text-sm font-medium text-primary tabular-nums">
              {totalText(total, isTotalEstimated)}
              <span className="sr-only"> talents</span>
            </span>
          )}
        </h2>
        <div className="flex items-center gap-2">
          <SavedViewMenu filters={filters} viewMode={viewMode} />
          {viewMode === 'list' ? (
            <FieldColumnsMenu
              fields={fieldColumns.fields}
              shown={fieldColumns.keys}
              onChange={fieldColumns.setKeys}
            />
          ) : null}
          <ViewModeToggle value={viewMode} onChange={props.onViewModeChange} />
          <TalentFilters
            applied={filters}
            activeCount={props.activeCount}
            onApply={props.onApplyFilters}
            onReset={props.onResetFilters}
          />
        </div>
      </div>

      <TalentSearch
        applied={filters}
        onApply={props.onApplyFilters}
        total={total}
        isTotalEstimated={isTotalEstimated}
      />
      <BulkToolbar
        selection={selection}
        filters={filters}
        total={total}
        isTotalEstimated={isTotalEstimated}
      />

      {hasFailed ? (
        <LoadError
          title="Could not load talents."
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : viewMode === 'list' ? (
        <TalentTable
          talents={talents}
          isLoading={isLoading}
          onSelect={onSelect}
          onEdit={onEdit}
          onDelete={(talent) => onDelete(talent, 'table')}
          isSelected={selection.isSelected}
          onToggleSelect={selection.toggle}
          onSelectAllLoaded={selection.setAllLoaded}
          fieldColumns={fieldColumns.columns}
        />
      ) : (
        <TalentCardGrid
          talents={talents}
          isLoading={isLoading}
          isAdmin={isAdmin}
          onSelect={onSelect}
          onEdit={onEdit}
          onDelete={(talent) => onDelete(talent, 'card')}
          onAddFirst={props.onAddFirst}
          isSelected={selection.isSelected}
          onToggleSelect={selection.toggle}
        />
      )}

      {query.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-destructive">
          Could not load more talents.
        </p>
      ) : null}
      <LoadMore
        loaded={talents.length}
        total={total}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        autoLoad={!query.isFetchNextPageError}
        onLoadMore={loadMore}
      />
    </section>
  )
}
