import type { FastifyInstance } from 'fastify'
import { BadRequestError } from './errors.ts'

export const INVALID_TEXT_MESSAGE = 'Contains a character that is not allowed'

// UTF-16 surrogates without their other half are not Unicode at all (a pair is one astral
// character and passes).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const NUL = String.fromCharCode(0)

/** NUL, which PostgreSQL text cannot hold, or a lone surrogate. */
function isInvalidText(text: string): boolean {
  return text.includes(NUL) || LONE_SURROGATE.test(text)
}

type Visit = { value: unknown; key: string; parent: Visit | undefined }

function pathOf(visit: Visit): string[] {
  const path: string[] = []
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) path.unshift(at.key)
  return path
}

/**
 * The path of the first string (value or key) in a parsed input that holds invalid text. A loop
 * with its own stack and parent links, not recursion or copied paths: a 100 KiB body can nest
 * arrays 50,000 deep.
 */
function findInvalidText(input: unknown): string[] | undefined {
  const stack: Visit[] = [{ value: input, key: '', parent: undefined }]
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value } = visit
    if (typeof value === 'string') {
      if (isInvalidText(value)) return pathOf(visit)
      continue
    }
    if (typeof value !== 'object' || value === null) continue
    for (const [key, child] of Object.entries(value)) {
      const next: Visit = { value: child as unknown, key, parent: visit }
      if (isInvalidText(key)) return pathOf(next)
      stack.push(next)
    }
  }
  return undefined
}

/**
 * SECURITY.md 18, issue 6: a body, query or path holding NUL or an unpaired surrogate is a 400
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
