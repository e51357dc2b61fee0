import { useSyncExternalStore } from 'react'

/**
 * spec section 2: 2 to 6 columns depending on screen width. The classes set the layout; the
 * queries (Tailwind's sm, lg, xl and 2xl breakpoints, widest first) tell the windowed grid how
 * many cards make a row. Keep the two in step.
 */
export const CARD_GRID_CLASS =
  'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6'
const COLUMN_QUERIES = [
  { query: '(min-width: 96rem)', columns: 6 },
  { query: '(min-width: 80rem)', columns: 5 },
  { query: '(min-width: 64rem)', columns: 4 },
  { query: '(min-width: 40rem)', columns: 3 },
] as const
const NARROWEST = 2

function subscribe(onChange: () => void): () => void {
  const lists = COLUMN_QUERIES.map(({ query }) => window.matchMedia(query))
  for (const list of lists) list.addEventListener('change', onChange)
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange)
  }
}

function columnsNow(): number {
  return COLUMN_QUERIES.find(({ query }) => window.matchMedia(query).matches)?.columns ?? NARROWEST
}

/** How many columns the card grid shows at the current window width. */
export function useGridColumns(): number {
  return useSyncExternalStore(subscribe, columnsNow, () => NARROWEST)
}
