/**
 * The pino serializer for logged errors (security rule 24, 34). Database errors carry what they
 * were given: drizzle's DrizzleQueryError has `params` and repeats them in its message
 * ("Failed query: …\nparams: …"), PGlite's errors carry `params` too, and PostgreSQL's `detail`
 * quotes row values ("Failing row contains (…)"). Bound values can be secrets (temporary
 * passwords, hashes, e-mails), so only an allow-list of fields is logged and the params part of a
 * message is cut; the cause chain is serialized the same way.
 */
const SAFE_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
  'routine',
  'statusCode',
  // The SQL text: placeholders only, never values (security rule 19).
  'query',
] as const

const PARAMS = /\nparams:[\s\S]*$/

function withoutParams(text: string): string {
  return text.replace(PARAMS, '')
}

function stackWithoutParams(stack: string): string {
  // The stack repeats the message; drop the lines from "params:" up to the first frame.
  return stack.replace(/\nparams:[\s\S]*?(?=\n\s+at )/, '')
}

export type SerializedError = {
  [key: string]: unknown
  type: string
  message: string
  stack: string
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    const message = typeof error === 'string' ? withoutParams(error) : ''
    return { type: typeof error, message, stack: '' }
  }
  const out: SerializedError = {
    type: error.constructor.name,
    message: withoutParams(error.message),
    stack: stackWithoutParams(error.stack ?? ''),
  }
  for (const field of SAFE_FIELDS) {
    const value: unknown = Reflect.get(error, field)
    if (typeof value === 'string' || typeof value === 'number') out[field] = value
  }
  if (error.cause !== undefined && depth < 4) out.cause = serializeError(error.cause, depth + 1)
  return out
}

/**
 * An error's message without drizzle's "params: …" part, for messages kept elsewhere than the log
 * (a failed job's lastError row): bound values never leave the query (security rule 34).
 */
export function safeErrorMessage(error: unknown): string {
  return withoutParams(error instanceof Error ? error.message : String(error))
}

/**
 * Why a job failed, for the person whose import it ended: the innermost cause's message (the
 * database's own words, such as 'invalid byte sequence for encoding "UTF8": 0x00', rather than
 * drizzle's "Failed query: …" around it), never with bound parameters (security rule 34, 45).
 */
export function failureReason(error: unknown): string {
  let innermost = error
  for (let depth = 0; depth < 5 && innermost instanceof Error; depth++) {
    if (!(innermost.cause instanceof Error)) break
    innermost = innermost.cause
  }
  return safeErrorMessage(innermost).trim().slice(0, 500)
}
