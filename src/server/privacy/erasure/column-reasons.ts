/** `table.column` keys for several columns of one table that share a reason (coverage.ts). */
export function columns(
  reason: string,
  table: string,
  names: readonly string[],
): Record<string, string> {
  return Object.fromEntries(names.map((name) => [`${table}.${name}`, reason]))
}
