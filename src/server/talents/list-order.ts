import type { ParsedQuery } from '#shared/search/parse-query.ts'
import { SORT_VALUES } from '#shared/talent.ts'
import { DEFAULT_SORT, isFieldSort, type ListSort } from '#shared/talent-list-query.ts'
import { rankTerms } from '../search/search-sql.ts'

/** A list's orders: the sort options (spec section 9), and relevance to `q`. */
export const LIST_ORDERS = [...SORT_VALUES, 'relevance'] as const
/** Those, or a custom number or date field's (`field.notice.asc`). */
export type ListOrder = (typeof LIST_ORDERS)[number] | ListSort

export const isListOrder = (order: string): order is ListOrder =>
  (LIST_ORDERS as readonly string[]).includes(order) || isFieldSort(order)

/**
 * A sort the request names always wins; without one, a query with words or phrases is
 * ranked by relevance (field terms and exclusions alone have nothing to rank by), else newest.
 */
export function listOrder(sort: ListSort | undefined, query: ParsedQuery | undefined): ListOrder {
  if (sort !== undefined) return sort
  return query && rankTerms(query).length > 0 ? 'relevance' : DEFAULT_SORT
}
