import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from './app.ts'
import { ANSWER_DEADLINE_MESSAGE } from './answer-deadline.ts'
import { testConfig } from '#tests/support/test-app.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts'

/**
 * Security rule 44: every accepted request gets an HTTP answer. A real listening server (app.inject
 * has no sockets), its limits shortened: 300 ms of idle, an answer due within 5 s (room for a burst of
 * 100 large bodies on a loaded machine). Two routes
 * that exist only here stand for work that outlasts those limits.
 */
const IDLE_MS = 300
const ANSWER_MS = 5_000
let app: FastifyInstance
let database: TestDatabase
let port = 0

beforeAll(async () => {
  database = await createTestDatabase()
  app = await buildApp({
    database,
    config: testConfig({
      timeouts: {
        headersMs: 60_000,
        requestMs: 60_000,
        idleMs: IDLE_MS,
        answerMs: ANSWER_MS,
        checkEveryMs: 100,
      },
    }),
    logger: false,
  })
  // Work that takes three idle periods and then answers.
  app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
    await sleep(IDLE_MS * 3)
    return { done: true }
  })
  // Work that would outlast the answer deadline.
  app.get('/api/test/stuck', { config: { access: 'public' } }, async () => {
    await sleep(ANSWER_MS * 2)
    return { done: true }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  port = typeof address === 'object' && address ? address.port : 0
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

type Answer = { status: number; body: string; headers: Record<string, unknown> }

/** One request on a fresh socket; rejects on a socket error (ECONNRESET, EPIPE). */
function send(method: string, path: string, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: body
          ? { 'content-type': 'application/json', 'content-length': String(body.length) }
          : {},
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** A JSON-looking body of `megabytes` MB: bytes a client would really send. */
function jsonBody(megabytes: number): Buffer {
  const size = megabytes * 1024 * 1024
  const body = Buffer.alloc(size, 'a')
  body.write('{"email":"', 0)
  body.write('"}', size - 2)
  return body
}

/**
 * Posts `body` on a raw socket, headers and body written at once as a browser does, and reads
 * what comes back; a socket error (the reset this rule is about) rejects with what had arrived.
 */
function postRaw(path: string, body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = ''
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\n\r\n`,
      )
      socket.end(body)
    })
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')))
    socket.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(`${error.code ?? error.message} after ${JSON.stringify(answer.slice(0, 12))}`),
      ),
    )
    socket.on('close', () => resolve(answer))
  })
}

describe('security rule 44: every accepted request gets an answer', () => {
  test.for([2, 4, 8, 16])(
    'security rule 44: a %i MB JSON body reads its 413, not a connection reset',
    async (megabytes) => {
      const answer = await postRaw('/api/auth/login', jsonBody(megabytes))
      expect(answer).toMatch(/^HTTP\/1\.1 413 /)
      expect(answer).toMatch(/\r\nconnection: close\r\n/i)
      expect(answer).toContain('{"message":"Request body is too large"}')
    },
  )

  test('security rule 44: 100 bodies of 4 MB at once each read their 413', async () => {
    const body = jsonBody(4)
    const answers = await Promise.allSettled(
      Array.from({ length: 100 }, () => postRaw('/api/auth/login', body)),
    )
    const statuses = answers.map((a) =>
      a.status === 'fulfilled' ? a.value.slice(0, 12) : String(a.reason),
    )
    expect(statuses).toEqual(Array.from({ length: 100 }, () => 'HTTP/1.1 413'))
  }, 120_000)

  test('security rule 44: work that outlasts the idle limit still answers', async () => {
    const answer = await send('GET', '/api/test/slow')
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toEqual({ done: true })
  })

  test('security rule 44: work past the answer deadline answers 503 with a message', async () => {
    const started = Date.now()
    const answer = await send('GET', '/api/test/stuck')
    expect(answer.status).toBe(503)
    expect(JSON.parse(answer.body)).toEqual({ message: ANSWER_DEADLINE_MESSAGE })
    expect(answer.headers['retry-after']).toBeDefined()
    expect(Date.now() - started).toBeGreaterThanOrEqual(ANSWER_MS - 50)
  })

  test('security rule 44: a keep-alive connection with no request in flight is still closed when idle', async () => {
    const closedAfter = await new Promise<number>((resolve) => {
      let started = 0
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n'),
      )
      socket.once('data', () => (started = Date.now()))
      socket.on('error', () => undefined)
      socket.on('close', () => resolve(Date.now() - started))
    })
    expect(closedAfter).toBeGreaterThanOrEqual(IDLE_MS - 50)
    expect(closedAfter).toBeLessThan(IDLE_MS + 3_000)
  })
})
