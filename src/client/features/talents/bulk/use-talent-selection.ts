import { useState } from 'react'
import type { Talent } from '#shared/talent.ts'

type SelectionState = {
  /** The list (filters) the selection belongs to: another list starts with none. */
  key: string
  ids: ReadonlySet<number>
  /** The last talent clicked: shift-click selects from it to the one clicked. */
  anchorId: number | null
  /** 'Select all N matching': the whole filtered result on the server, not only loaded rows. */
  allMatching: boolean
}

const empty = (key: string): SelectionState => ({
  key,
  ids: new Set(),
  anchorId: null,
  allMatching: false,
})

export type TalentSelection = ReturnType<typeof useTalentSelection>

/** The dashboard's checkboxes, shift-click ranges and 'Select all N matching'. */
export function useTalentSelection(talents: readonly Talent[], listKey: string) {
  const [state, setState] = useState<SelectionState>(() => empty(listKey))
  const current = state.key === listKey ? state : empty(listKey)

  function toggle(talent: Talent, shiftKey: boolean) {
    const willSelect = !current.ids.has(talent.id)
    const next = new Set(current.ids)
    const index = talents.findIndex((t) => t.id === talent.id)
    const anchor = talents.findIndex((t) => t.id === current.anchorId)
    const range =
      shiftKey && anchor >= 0 && index >= 0
        ? talents.slice(Math.min(anchor, index), Math.max(anchor, index) + 1)
        : [talent]
    for (const t of range) {
      if (willSelect) next.add(t.id)
      else next.delete(t.id)
    }
    setState({ key: listKey, ids: next, anchorId: talent.id, allMatching: false })
  }

  function setAllLoaded(checked: boolean) {
    const ids = checked ? new Set(talents.map((t) => t.id)) : new Set<number>()
    setState({ key: listKey, ids, anchorId: null, allMatching: false })
  }

  return {
    ids: current.ids,
    count: current.ids.size,
    allMatching: current.allMatching,
    isSelected: (id: number) => current.allMatching || current.ids.has(id),
    toggle,
    setAllLoaded,
    selectAllMatching: () => setState({ ...current, allMatching: true }),
    clear: () => setState(empty(listKey)),
  }
}
