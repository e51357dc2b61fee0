const numberFormat = new Intl.NumberFormat('en-US')

/**
 * A list total as shown: "41,237"; "about 41,200" when the server's total is the planner's
 * estimate of a broad query (X-Total-Count-Estimated; the server rounds it).
 */
export function totalText(total: number, isEstimated: boolean): string {
  return `${isEstimated ? 'about ' : ''}${numberFormat.format(total)}`
}

/** "12 talents found"; "about 41,200 talents found" when the server's total is an estimate. */
export function resultCountText(total: number, isEstimated: boolean): string {
  const noun = total === 1 ? 'talent' : 'talents'
  return `${totalText(total, isEstimated)} ${noun} found`
}
