import { describe, expect } from 'vitest'
import { z } from 'zod'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { registeredRoutes } from '../auth/access.ts'

/** The reference is generated from the routes, and every route is in it. */

const operationSchema = z.object({
  summary: z.string().min(3),
  description: z.string(),
  'x-access': z.enum(['public', 'user', 'admin']),
  responses: z.record(z.string(), z.object({ description: z.string() })),
})
const documentSchema = z.object({
  openapi: z.string(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
})

async function openApi(api: Api) {
  const response = await (await api.as('user')).inject('GET', '/api/openapi.json')
  expect(response.statusCode).toBe(200)
  return documentSchema.parse(response.json())
}

/** Fastify's `/api/talents/:id` as OpenAPI writes it: `/api/talents/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

describe('the API reference at /api/docs and /api/openapi.json', () => {
  test('every API route has a summary, its access level and its error responses', async ({
    api,
  }) => {
    const doc = await openApi(api)
    expect(doc.openapi).toBe('3.1.0')
    const apiRoutes = registeredRoutes(api.app).filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD',
    )
    expect(apiRoutes.length).toBeGreaterThan(30)
    for (const route of apiRoutes) {
      const name = `${route.method} ${route.url}`
      const found = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]
      const operation = operationSchema.safeParse(found)
      expect(operation.success, `${name} has no schema with a summary`).toBe(true)
      if (!operation.data) continue
      expect(operation.data['x-access'], name).toBe(route.access)
      expect(operation.data.description, name).toMatch(/^Access: |\n\nAccess: /)
      if (route.access !== 'public') {
        expect(Object.keys(operation.data.responses), name).toEqual(
          expect.arrayContaining(['401', '403']),
        )
      }
    }
  })

  test('a route with parameters documents them, and its 400 and 404', async ({ api }) => {
    const doc = await openApi(api)
    const put = z
      .object({
        parameters: z.array(z.object({ name: z.string(), in: z.string() })),
        requestBody: z.object({ content: z.record(z.string(), z.unknown()) }),
        responses: z.record(z.string(), z.unknown()),
      })
      .parse(doc.paths['/api/talents/{id}']?.put)
    expect(put.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }))
    expect(Object.keys(put.requestBody.content)).toEqual(['application/json'])
    expect(Object.keys(put.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409'])
  })

  test('/api/docs is a page with every route, for signed-in users only', async ({ api }) => {
    const doc = await openApi(api)
    const page = await (await api.as('user')).inject('GET', '/api/docs')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.body).toContain('<h1>Scout API reference</h1>')
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        expect(page.body).toContain(`<code>${method.toUpperCase()} ${path}</code>`)
      }
    }
    for (const url of ['/api/docs', '/api/openapi.json']) {
      expect((await (await api.as('anonymous')).inject('GET', url)).statusCode).toBe(401)
    }
  })

  test('non-API paths stay out of the reference', async ({ api }) => {
    const doc = await openApi(api)
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/'))).toEqual([])
  })
})
