import { useState } from 'react'
import { z } from 'zod'
import { readStorage, writeStorage } from '../../../lib/storage.ts'

// The dashboard remembers grid or list between visits (validated like any stored value).
const VIEW_MODE_KEY = 'talentViewMode'
const viewModeSchema = z.enum(['grid', 'list']).catch('grid')
export type ViewMode = z.infer<typeof viewModeSchema>

export function useViewMode() {
  const [viewMode, setViewMode] = useState<ViewMode>(() =>
    viewModeSchema.parse(readStorage(VIEW_MODE_KEY)),
  )

  function changeViewMode(next: ViewMode) {
    setViewMode(next)
    writeStorage(VIEW_MODE_KEY, next)
  }

  return [viewMode, changeViewMode] as const
}
