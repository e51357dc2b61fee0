import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { multipart, multipartFiles } from '#tests/support/cv-files.ts'
import { registerErrorHandling } from '../errors.ts'
import { registerUploads, type UploadRules } from './multipart-uploads.ts'

const MESSAGES = {
  tooLarge: 'Too large.',
  noFile: 'No file.',
  unreadable: 'Unreadable.',
}
const ONE: UploadRules = {
  maxFileBytes: 1000,
  maxFiles: 1,
  messages: { ...MESSAGES, unsupportedType: 'Send a file.' },
}
const MANY: UploadRules = {
  maxFileBytes: 1000,
  maxFiles: 3,
  overheadBytes: 3 * 1024,
  messages: { ...MESSAGES, tooManyFiles: 'Too many files.' },
}

/** Two upload routes, each in its own plugin as the features register them, and a JSON route. */
async function buildApp(): Promise<FastifyInstance> {
  const app = Fastify()
  registerErrorHandling(app)
  await app.register(async (plugin) => {
    const uploads = await registerUploads(plugin, ONE)
    plugin.post('/one', { bodyLimit: uploads.bodyLimit }, async (request) => {
      const file = await uploads.one(request)
      return { fileName: file.fileName, size: file.bytes.length }
    })
  })
  await app.register(async (plugin) => {
    const uploads = await registerUploads(plugin, MANY)
    plugin.post('/many', { bodyLimit: uploads.bodyLimit }, async (request) => {
      const names: string[] = []
      await uploads.each(request, (file) => {
        if (file.fileName === 'refused.txt') return Promise.reject(new Error('not a CV'))
        names.push(`${file.fileName}:${file.bytes.length}`)
        return Promise.resolve()
      })
      return { names }
    })
  })
  app.post('/json', () => ({ ok: true }))
  return app
}

let app: FastifyInstance
beforeAll(async () => {
  app = await buildApp()
})
afterAll(() => app.close())

function post(url: string, body: { payload: Buffer; headers: Record<string, string> }) {
  return app.inject({ method: 'POST', url, ...body })
}

const file = (name: string, size: number) => ({ name, bytes: Buffer.alloc(size, 'a') })

describe('one file', () => {
  test('hands over its name and bytes', async () => {
    const response = await post('/one', multipart(file('cv.txt', 600)))
    expect(response.json()).toEqual({ fileName: 'cv.txt', size: 600 })
  })

  test('a declared size past the limit is 413 before the body is read', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/one',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '70000' },
      payload: Buffer.alloc(10),
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: 'Too large.' })
  })

  test('a file that grows past the limit is 413 with the same message', async () => {
    const response = await post('/one', multipart(file('cv.txt', 1001)))
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: 'Too large.' })
  })

  test('a body that is not multipart is 415 when the route says so', async () => {
    const json = await app.inject({ method: 'POST', url: '/one', payload: { a: 1 } })
    expect(json.statusCode).toBe(415)
    expect(json.json()).toEqual({ message: 'Send a file.' })
  })

  test('a part not named file is 400 "No file."', async () => {
    const response = await post('/one', multipart(file('cv.txt', 10), 'other'))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'No file.' })
  })

  test('a body cut short is 400 with the route’s words', async () => {
    const { payload, headers } = multipart(file('cv.txt', 500))
    const response = await post('/one', { payload: payload.subarray(0, 300), headers })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'Unreadable.' })
    const garbage = await app.inject({
      method: 'POST',
      url: '/one',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: 'not multipart at all',
    })
    expect(garbage.json()).toEqual({ message: 'Unreadable.' })
  })
})

describe('many files', () => {
  test('each is handed over as it arrives, in order', async () => {
    const body = multipartFiles([file('a.txt', 1), file('b.txt', 2), file('c.txt', 3)])
    expect((await post('/many', body)).json()).toEqual({ names: ['a.txt:1', 'b.txt:2', 'c.txt:3'] })
  })

  test('more files than allowed is 400 "Too many files."', async () => {
    const body = multipartFiles([1, 2, 3, 4].map((n) => file(`${n}.txt`, 1)))
    const response = await post('/many', body)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'Too many files.' })
  })

  test('without the 415 message a body that is not multipart is the 400 "No file."', async () => {
    const response = await app.inject({ method: 'POST', url: '/many', payload: { a: 1 } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'No file.' })
  })

  test('what the taker throws unexpectedly is answered as an unreadable upload, never a 500', async () => {
    const body = multipartFiles([file('a.txt', 1), file('refused.txt', 1)])
    const response = await post('/many', body)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'Unreadable.' })
  })
})

test('only the plugins that registered uploads parse multipart (security rule 10)', async () => {
  const response = await post('/json', multipart(file('cv.txt', 10)))
  expect(response.statusCode).toBe(415)
})
