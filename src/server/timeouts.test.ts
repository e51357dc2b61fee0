import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { expect } from 'vitest'
import { DEFAULT_TIMEOUTS } from './config.ts'
import { seededApiTestWith } from '#tests/support/api-test.ts'

/**
 * Security rule 32: a client that trickles its headers or its body does not hold a connection
 * forever. A real listening server (app.inject has no sockets), with the limits shortened: the
 * file-scoped fixture, so the file's one app listens from its first test to its last.
 */
const test = seededApiTestWith({
  timeouts: {
    headersMs: 400,
    requestMs: 1_200,
    idleMs: 10_000,
    answerMs: 20_000,
    checkEveryMs: 100,
  },
})
let port = 0
test.beforeAll(async ({ api }) => {
  await api.app.listen({ port: 0, host: '127.0.0.1' })
  const address = api.app.server.address()
  port = typeof address === 'object' && address ? address.port : 0
})

/** Opens a socket, sends `head` at once, then one byte every 100 ms; resolves when the server closes it. */
function trickle(head: string): Promise<{ afterMs: number; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now()
    let answer = ''
    const socket = connect(port, '127.0.0.1', () => socket.write(head))
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write('a')
    }, 100)
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')))
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearInterval(timer)
      resolve({ afterMs: Date.now() - started, answer })
    })
  })
}

test('security rule 32: headers trickled a byte at a time are cut off at the header limit', async () => {
  const { afterMs } = await trickle('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ')
  expect(afterMs).toBeLessThan(3_000)
})

test('security rule 32: a body trickled a byte at a time is cut off at the request limit', async () => {
  const { afterMs, answer } = await trickle(
    'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"',
  )
  expect(afterMs).toBeGreaterThanOrEqual(1_000)
  expect(afterMs).toBeLessThan(4_000)
  expect(answer).toMatch(/^HTTP\/1\.1 408/)
})

test('security rule 32: the limits in force leave room for a CV upload', () => {
  expect(DEFAULT_TIMEOUTS.headersMs).toBeLessThanOrEqual(10_000)
  // 10 MB at 100 KB/s.
  expect(DEFAULT_TIMEOUTS.requestMs).toBeGreaterThanOrEqual(100_000)
  expect(DEFAULT_TIMEOUTS.checkEveryMs).toBeLessThanOrEqual(1_000)
})

test('security rule 44: the README states the limits in force', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(
    /\s+/g,
    ' ',
  )
  const seconds = (ms: number) => ms / 1_000
  expect(readme).toContain(`request headers within ${seconds(DEFAULT_TIMEOUTS.headersMs)} s`)
  expect(readme).toContain(`whole request within ${DEFAULT_TIMEOUTS.requestMs / 60_000} minutes`)
  expect(readme).toContain(`unanswered ${seconds(DEFAULT_TIMEOUTS.answerMs)} s after it arrived`)
  expect(readme).toContain(`closed after ${seconds(DEFAULT_TIMEOUTS.idleMs)} s of silence`)
  // A slow upload that arrived within its limit still has time for its work.
  expect(DEFAULT_TIMEOUTS.answerMs).toBeGreaterThan(DEFAULT_TIMEOUTS.requestMs)
})
