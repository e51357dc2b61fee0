const numberFormat = new Intl.NumberFormat('en-US')

/** "12 talents found"; "about 41,200 talents found" when the server's total is an estimate. */
export function resultCountText(total: number, isEstimated: boolean): string {
  const noun = total === 1 ? 'talent' : 'talents'
  return `${isEstimated ? 'about ' : ''}${numberFormat.format(total)} ${noun} found`
}
