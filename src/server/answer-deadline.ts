import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ApiErrorBody } from '#shared/api-error.ts'
import type { TimeoutConfig } from './config.ts'

export const ANSWER_DEADLINE_MESSAGE =
  'The server took too long to answer. Please try again in a moment.'

const deadlines = new WeakMap<FastifyRequest, NodeJS.Timeout>()

/**
 * The answer is decided (a 413 waiting for its refused body to be read away): the deadline would
 * only cut it short, and Node's request limit still bounds how long the body may take.
 */
export function clearAnswerDeadline(request: FastifyRequest): void {
  clearTimeout(deadlines.get(request))
  deadlines.delete(request)
}

/**
 * Security rule 44: every accepted request gets an HTTP answer. Node's socket timeout counts
 * silence, and a request being worked on is silent: it used to close the socket under a slow
 * answer, so the client read nothing at all. So no socket timer runs while a request is in
 * flight (`connectionTimeout` is 0; `keepAliveTimeout` counts only between requests), and this
 * deadline answers 503 with a message instead when the work runs past `answerMs`. Once the answer
 * is being written, `idleMs` of silence means the client stopped reading, and the socket goes.
 */
export function registerAnswerDeadline(
  app: FastifyInstance,
  { answerMs, idleMs }: Pick<TimeoutConfig, 'answerMs' | 'idleMs'>,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    const timer = setTimeout(() => answerLate(request, reply), answerMs)
    timer.unref()
    deadlines.set(request, timer)
    done()
  })
  app.addHook('onSend', (request, _reply, payload, done) => {
    clearAnswerDeadline(request)
    // app.inject's stand-in socket has no timer.
    const socket = request.raw.socket as Partial<Socket> | undefined
    if (typeof socket?.setTimeout === 'function') socket.setTimeout(idleMs)
    done(null, payload)
  })
  app.addHook('onResponse', (request, _reply, done) => {
    clearAnswerDeadline(request)
    done()
  })
  app.addHook('onRequestAbort', (request, done) => {
    clearAnswerDeadline(request)
    done()
  })
}

function answerLate(request: FastifyRequest, reply: FastifyReply): void {
  if (reply.sent || reply.raw.headersSent || request.raw.destroyed) return
  request.log.warn({ url: request.url }, 'request past its answer deadline: answered 503')
  // A body still arriving (a slow upload) would otherwise be read into a request nobody handles.
  if (!request.raw.complete) void reply.header('connection', 'close')
  const body: ApiErrorBody = { message: ANSWER_DEADLINE_MESSAGE }
  void reply.code(503).header('retry-after', '5').send(body)
}
