import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ApiErrorBody } from '#shared/api-error.ts'
import { clearAnswerDeadline } from './answer-deadline.ts'
import { discardBody } from './discard-body.ts'

type FieldErrors = Record<string, string[]>

/** An error whose message is safe to show the client as-is (security rule 23). */
export class AppError extends Error {
  readonly statusCode: number
  readonly fieldErrors: FieldErrors | undefined
  constructor(statusCode: number, message: string, fieldErrors?: FieldErrors) {
    super(message)
    this.statusCode = statusCode
    this.fieldErrors = fieldErrors
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, fieldErrors?: FieldErrors) {
    super(400, message, fieldErrors)
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message)
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, message)
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message)
  }
}
/** 409: a duplicate, or a stale edit. `fieldErrors` puts the message on the form's field. */
export class ConflictError extends AppError {
  constructor(message: string, fieldErrors?: Record<string, string[]>) {
    super(409, message, fieldErrors)
  }
}
export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number
  constructor(retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') {
    super(429, message)
    this.retryAfterSeconds = retryAfterSeconds
  }
}
/** Security rule 6 f: the password-hashing queue is full; the client may retry after a moment. */
export class BusyError extends AppError {
  readonly retryAfterSeconds: number
  constructor(retryAfterSeconds = 1, message = 'The server is busy. Please try again shortly.') {
    super(503, message)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * Security rule 43: a request's statement ran past STATEMENT_TIMEOUT_MS and was stopped (PostgreSQL
 * SQLSTATE 57014), or a search passed its deadline (search/search-gate.ts). Nothing was written.
 */
export const STATEMENT_TIMEOUT_MESSAGE =
  'This took too long and was stopped. Try a narrower search, or try again in a moment.'

export class SearchTimeoutError extends BusyError {
  constructor() {
    super(2, STATEMENT_TIMEOUT_MESSAGE)
  }
}

/** PostgreSQL stopped the statement: statement_timeout (or a cancel), SQLSTATE 57014. */
export function isStatementTimeout(error: unknown): boolean {
  return causes(error).some((e) => errorCode(e) === '57014')
}

export const DATABASE_DOWN_MESSAGE = 'The database is unavailable. Please try again shortly.'

// Fastify's own 4xx errors, with messages a person can act on (security rule 18, 23).
const FASTIFY_CLIENT_ERRORS: Record<string, ApiErrorBody['message']> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type. Send application/json.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
}

/** Walks an error and its causes (drizzle wraps driver errors in DrizzleQueryError). */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = []
  let current: unknown = error
  while (current instanceof Error && chain.length < 5) {
    chain.push(current)
    current = current.cause
  }
  return chain
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  return typeof error.code === 'string' ? error.code : undefined
}

/** PostgreSQL unique violation, through any wrapping. */
export function isUniqueViolation(error: unknown): boolean {
  return causes(error).some((e) => errorCode(e) === '23505')
}

/**
 * Two writes that collided and one was cancelled by the database: a deadlock (40P01), e.g. a
 * tag rename rewriting talents while one of them is saved, or a serialization failure (40001).
 * Nothing was written; trying again succeeds.
 */
export function isWriteCollision(error: unknown): boolean {
  return causes(error).some((e) => {
    const code = errorCode(e)
    return code === '40P01' || code === '40001'
  })
}

/** FOR UPDATE NOWAIT met a row another transaction holds (SQLSTATE 55P03, security rule 50). */
export function isLockNotAvailable(error: unknown): boolean {
  return causes(error).some((e) => errorCode(e) === '55P03')
}

/** The 409 of a unique violation no friendlier check answered first. */
export const DUPLICATE_MESSAGE = 'This record already exists.'

export const WRITE_COLLISION_MESSAGE =
  'Someone else changed this at the same moment. Nothing was saved; please try again.'

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE'])

/** The database cannot be reached: node-postgres socket errors, SQLSTATE 08/57P0x, closed PGlite. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((e) => {
    const code = errorCode(e) ?? ''
    if (CONNECTION_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code)) return true
    const message = e instanceof Error ? e.message : ''
    return /PGlite is closed|Connection terminated|is not queryable|Cannot use a pool after calling end|timeout exceeded when trying to connect/i.test(
      message,
    )
  })
}

function fieldErrorsFromIssues(
  issues: { path: PropertyKey[]; message: string; keys?: string[] }[],
): FieldErrors {
  // A Map, not an object literal: a field named 'constructor' or '__proto__' is just a name.
  const fieldErrors = new Map<string, string[]>()
  const add = (field: string, message: string) => {
    fieldErrors.set(field, [...(fieldErrors.get(field) ?? []), message])
  }
  for (const issue of issues) {
    const field = issue.path.map(String).join('.')
    // strict objects (security rule 14): name each refused field
    if (issue.keys)
      for (const key of issue.keys) add(field ? `${field}.${key}` : key, 'Unknown field')
    else add(field || '_root', issue.message)
  }
  return Object.fromEntries(fieldErrors)
}

function validationBody(fieldErrors: FieldErrors): ApiErrorBody {
  const first = Object.entries(fieldErrors)[0]
  const message = first ? `${first[0] === '_root' ? '' : `${first[0]}: `}${first[1][0] ?? ''}` : ''
  return { message: `Invalid request${message ? ` (${message})` : ''}`, fieldErrors }
}

function toResponse(
  error: unknown,
  request: FastifyRequest,
): { status: number; body: ApiErrorBody; retryAfter?: number } {
  if (error instanceof TooManyRequestsError || error instanceof BusyError) {
    return {
      status: error.statusCode,
      body: { message: error.message },
      retryAfter: error.retryAfterSeconds,
    }
  }
  if (error instanceof AppError) {
    const body: ApiErrorBody = { message: error.message }
    if (error.fieldErrors) body.fieldErrors = error.fieldErrors
    return { status: error.statusCode, body }
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message ?? 'Invalid value',
      keys: v.keyword === 'unrecognized_keys' ? readKeys(v.params) : undefined,
    }))
    return { status: 400, body: validationBody(fieldErrorsFromIssues(issues)) }
  }
  if (error instanceof z.ZodError) {
    const issues = error.issues.map((i) => ({
      path: i.path,
      message: i.message,
      keys: i.code === 'unrecognized_keys' ? i.keys : undefined,
    }))
    return { status: 400, body: validationBody(fieldErrorsFromIssues(issues)) }
  }
  // Fastify's own client errors (bad URL, body, content type): the client's fault, never a 500.
  const status = isFastifyError(error) ? (error.statusCode ?? 500) : 500
  if (status >= 400 && status < 500) {
    const code = errorCode(error) ?? ''
    const message = FASTIFY_CLIENT_ERRORS[code] ?? STATUS_CODES[status] ?? 'Bad request'
    return { status, body: { message } }
  }
  if (isUniqueViolation(error)) {
    return { status: 409, body: { message: DUPLICATE_MESSAGE } }
  }
  if (isWriteCollision(error)) {
    request.log.warn({ err: error }, 'write collision')
    return { status: 409, body: { message: WRITE_COLLISION_MESSAGE } }
  }
  if (isStatementTimeout(error)) {
    request.log.warn({ err: error }, 'statement timeout')
    return { status: 503, body: { message: STATEMENT_TIMEOUT_MESSAGE }, retryAfter: 2 }
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable')
    return { status: 503, body: { message: DATABASE_DOWN_MESSAGE } }
  }
  request.log.error({ err: error }, 'unhandled error')
  return { status: 500, body: { message: 'Internal server error', requestId: request.id } }
}

function readKeys(params: unknown): string[] {
  if (typeof params !== 'object' || params === null || !('keys' in params)) return []
  return Array.isArray(params.keys) ? params.keys.map(String) : []
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'statusCode' in error
}

/** The one error handler (security rule 23). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply) => {
    const { status, body, retryAfter } = toResponse(error, request)
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter))
    // Security rule 44: a refused body is read to its end (up to a cap) before the 413, so the
    // client, still sending, reads the answer instead of a connection reset.
    if (status === 413) {
      clearAnswerDeadline(request)
      if (!(await discardBody(request.raw))) void reply.header('connection', 'close')
    }
    return reply.status(status).send(body)
  })
}

/** The JSON 404 for unknown routes. */
export function sendJsonNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body: ApiErrorBody = { message: 'Not found' }
  return reply.status(404).send(body)
}
