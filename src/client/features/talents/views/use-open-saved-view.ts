import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { z } from 'zod'
import { FILTER_PARAM_NAMES, filtersToParams } from '../filters/use-talent-filters.ts'
import type { ViewMode } from '../list/use-view-mode.ts'
import { COLUMNS_PARAM, filtersOfState, savedViewOptions, VIEW_PARAM } from './api.ts'

const viewIdSchema = z.coerce.number().int().positive().max(2_147_483_647)

/** The saved view the dashboard shows (?view=ID), if any. */
export function useActiveSavedViewId(): number | undefined {
  const [params] = useSearchParams()
  const parsed = viewIdSchema.safeParse(params.get(VIEW_PARAM) ?? undefined)
  return parsed.success ? parsed.data : undefined
}

/**
 * Opening a saved view by URL: `/dashboard?view=ID` alone (a shared link) gets
 * the view's filters, search and sort written into the URL; its cards or table is applied once
 * per view opened, so a toggle afterwards is the person's own.
 */
export function useOpenSavedView(setViewMode: (mode: ViewMode) => void) {
  const id = useActiveSavedViewId()
  const [params, setParams] = useSearchParams()
  const view = useQuery({ ...savedViewOptions(id ?? 0), enabled: id !== undefined })
  const openedId = useRef<number | undefined>(undefined)
  const hasState = FILTER_PARAM_NAMES.some((name) => params.has(name))

  // The URL and the stored view mode are external systems, synced once when a view's data arrives.
  useEffect(() => {
    const data = view.data
    if (data === undefined || openedId.current === data.id) return
    openedId.current = data.id
    if (data.state.view) setViewMode(data.state.view)
    if (!hasState) {
      setParams(
        (current) => {
          const next = filtersToParams(filtersOfState(data.state), current)
          if (data.state.columns) next.set(COLUMNS_PARAM, data.state.columns.join(','))
          return next
        },
        { replace: true },
      )
    }
  }, [view.data, hasState, setParams, setViewMode])
}
