/**
 * What `npm start` prints when start-up fails: the cause, not only the failed
 * query. Drizzle wraps a driver error as "Failed query: <sql>\nparams: <values>"; the values are
 * dropped (security rule 34: bound parameters may be secrets) and the driver's own message — the
 * reason — is added from the `cause` chain.
 */
export function describeStartupError(error: unknown): string {
  const lines: string[] = []
  let current: unknown = error
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : JSON.stringify(current)
    const withoutParams = message.replace(/\nparams:[\s\S]*$/, '').trim()
    if (withoutParams && !lines.includes(withoutParams)) lines.push(withoutParams)
    current = current instanceof Error ? current.cause : undefined
  }
  return lines.join('\n  cause: ')
}
