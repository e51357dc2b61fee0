import fastifySwagger from '@fastify/swagger'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBodySchema } from '#shared/api-error.ts'
import { SESSION_COOKIE } from '#shared/auth.ts'
// Bundled into the built server (scripts/build/server.ts), so it is read from the source tree once.
import packageJson from '../../../package.json' with { type: 'json' }

/**
 * The API reference is generated from the routes themselves — their zod schemas
 * (through the type provider's transform), their summary and their declared access — so it cannot
 * drift from what the server does. Served at /api/openapi.json and /api/docs (routes.ts).
 */
type Schema = Record<string, unknown>
type Transformed = { schema: Schema; url: string }

const errorBody = z.toJSONSchema(apiErrorBodySchema)

const ACCESS_TEXT: Record<string, string> = {
  public: 'Anyone, signed in or not.',
  user: 'Any signed-in user.',
  admin: 'Admins only.',
}

function errorResponse(description: string): Schema {
  return { description, content: { 'application/json': { schema: errorBody } } }
}

/** The errors every route of an access level (and shape) can answer, beside its own 2xx. */
function errorResponses(access: string, route: RouteOptions, schema: Schema): Schema {
  const responses: Schema = {}
  const takesInput = ['body', 'querystring', 'params'].some((part) => schema[part] !== undefined)
  if (takesInput)
    responses['400'] = errorResponse('The request is not valid; the message says why.')
  if (access !== 'public') {
    responses['401'] = errorResponse('Not signed in, or the session has ended.')
    responses['403'] = errorResponse(
      access === 'admin'
        ? 'Not an admin, a password change is due, or a cross-site write.'
        : 'A password change is due, or a cross-site write.',
    )
  }
  if (schema.params !== undefined) responses['404'] = errorResponse('No such item.')
  const method = [route.method].flat().join()
  if (schema.body !== undefined && method !== 'GET') {
    responses['409'] = errorResponse(
      'A conflict: a duplicate, or the item changed since it was read.',
    )
  }
  return responses
}

const SUCCESS: Record<string, string> = { '200': 'OK', '201': 'Created', '503': 'Unavailable' }

/** The route's own answers, each with a description (the generator's default says nothing). */
function described(response: unknown): Schema {
  if (typeof response !== 'object' || response === null) return {}
  return Object.fromEntries(
    Object.entries(response).map(([code, body]) => [
      code,
      { description: SUCCESS[code] ?? 'Answer', ...(body as Schema) },
    ]),
  )
}

/** Only the API is documented; the access level is stated and machine-readable (x-access). */
function documented({ schema, url }: Transformed, route: RouteOptions): Transformed {
  if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url }
  const config = route.config as { access?: string } | undefined
  const access = config?.access ?? 'public'
  const responses = { ...errorResponses(access, route, schema), ...described(schema.response) }
  const description = [schema.description, `Access: ${ACCESS_TEXT[access] ?? access}`]
    .filter(Boolean)
    .join('\n\n')
  return {
    url,
    schema: {
      ...schema,
      description,
      response: responses,
      'x-access': access,
      ...(access === 'public' ? {} : { security: [{ bearer: [] }, { cookie: [] }] }),
    },
  }
}

const { version } = z.object({ version: z.string() }).parse(packageJson)

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Scout API',
        version,
        description:
          'The talent pool API. Sign in with POST /api/auth/login, then send the token as ' +
          '`Authorization: Bearer <token>` or let the browser send the session cookie.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
    },
    transform: (input) => documented(jsonSchemaTransform(input) as Transformed, input.route),
  })
}
