import type { FastifyInstance } from 'fastify'
import { BadRequestError } from './errors.ts'

export const INVALID_TEXT_MESSAGE = 'Contains a character that is not allowed'

const NUL = String.fromCharCode(0)

/**
 * NUL, which PostgreSQL text cannot hold, or a UTF-16 surrogate without its other half (not
 * Unicode at all; a pair is one astral character and passes). `isWellFormed` is V8's own scan:
 * on a 120,000-emoji string it took 0.24 ms where a lookbehind regex took 1.35.
 */
function isInvalidText(text: string): boolean {
  return text.includes(NUL) || !text.isWellFormed()
}

type Visit = { value: object; key: string; parent: Visit | undefined }

function pathOf(visit: Visit, key: string): string[] {
  const path = [key]
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) path.unshift(at.key)
  return path
}

/**
 * The path of the first string (value or key) in a parsed input that holds invalid text. A loop
 * with its own stack and parent links, not recursion or copied paths: a 100 KiB body can nest
 * arrays 50,000 deep. Only objects and arrays are stacked, and arrays are walked by index: 30,000
 * nested arrays took 0.33 ms instead of 4.1 through Object.entries.
 */
function findInvalidText(input: unknown): string[] | undefined {
  if (typeof input === 'string') return isInvalidText(input) ? [] : undefined
  if (typeof input !== 'object' || input === null) return undefined
  const stack: Visit[] = [{ value: input, key: '', parent: undefined }]
  const visitChild = (visit: Visit, key: string, child: unknown): string[] | undefined => {
    if (typeof child === 'string') return isInvalidText(child) ? pathOf(visit, key) : undefined
    if (typeof child === 'object' && child !== null)
      stack.push({ value: child, key, parent: visit })
    return undefined
  }
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value } = visit
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i]
        if (typeof child !== 'object' && typeof child !== 'string') continue
        const found = visitChild(visit, String(i), child)
        if (found) return found
      }
      continue
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue
      if (isInvalidText(key)) return pathOf(visit, key)
      const found = visitChild(visit, key, (value as Record<string, unknown>)[key])
      if (found) return found
    }
  }
  return undefined
}

/**
 * Security rule 18: a body, query or path holding NUL or an unpaired surrogate is a 400
 * naming the field, before validation, so no route can hand such text to the database (which
 * answers NUL with an error, i.e. a 500, and silently replaces a lone surrogate).
 */
export function registerTextInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const input of [request.params, request.query, request.body]) {
      const path = findInvalidText(input)
      if (!path) continue
      const field = path.join('.') || '_root'
      const message = `Invalid request (${field}: ${INVALID_TEXT_MESSAGE})`
      done(new BadRequestError(message, { [field]: [INVALID_TEXT_MESSAGE] }))
      return
    }
    done()
  })
}
