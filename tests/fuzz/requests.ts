import fc from 'fast-check'
import type { RouteEntry } from '#server/auth/access.ts'
import {
  anyFieldValue,
  awkwardJsonText,
  contentType,
  FORBIDDEN_FIELDS,
  hugeString,
  oddString,
  pathParam,
  percentEncode,
  rawUrlGarbage,
} from './garbage.ts'
import { jsonSchemaOf, propertiesOf, validValue } from './json-schema-arbitrary.ts'

export const CALLERS = ['anonymous', 'user', 'admin'] as const
export type Caller = (typeof CALLERS)[number]

/** How a signed-in caller presents its session; 'forged' sends a token that is not one. */
export type Transport = 'bearer' | 'cookie' | 'forged'

export type FuzzRequest = {
  caller: Caller
  transport: Transport
  method: string
  url: string
  contentType: string | undefined
  payload: string | undefined
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function isWrite(method: string): boolean {
  return WRITES.has(method)
}

/** Most requests come from the callers the route is meant for; the rest probe the others. */
function callerFor(route: RouteEntry): fc.Arbitrary<Caller> {
  const weights: Record<Caller, number> =
    route.access === 'admin'
      ? { anonymous: 1, user: 1, admin: 6 }
      : route.access === 'user'
        ? { anonymous: 1, user: 4, admin: 3 }
        : { anonymous: 4, user: 2, admin: 2 }
  return fc.oneof(
    ...CALLERS.map((caller) => ({ weight: weights[caller], arbitrary: fc.constant(caller) })),
  )
}

const transport: fc.Arbitrary<Transport> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('bearer' as const) },
  { weight: 2, arbitrary: fc.constant('cookie' as const) },
  { weight: 1, arbitrary: fc.constant('forged' as const) },
)

/** The route's URL with each :param replaced, and for '/*' a garbage path. */
function pathFor(route: RouteEntry): fc.Arbitrary<string> {
  const params = jsonSchemaOf(route.schema?.params)
  const segments = route.url.split('/').map((segment): fc.Arbitrary<string> => {
    if (segment === '*') {
      return fc
        .array(fc.oneof(fc.constantFrom('dashboard', 'login', 'users', 'assets'), rawUrlGarbage), {
          maxLength: 4,
        })
        .map((parts) => parts.join('/'))
    }
    if (!segment.startsWith(':')) return fc.constant(segment)
    const name = segment.slice(1)
    const schema = propertiesOf(params).find(([key]) => key === name)?.[1]
    // Small ids name the seeded rows (and sometimes the callers themselves).
    const valid =
      schema?.type === 'integer'
        ? fc.integer({ min: 1, max: 40 }).map(String)
        : oddString.map(percentEncode)
    return pathParam(valid)
  })
  return fc.tuple(...segments).map((parts) => parts.join('/'))
}

/**
 * Cursors that decode to well-formed JSON but carry forged values — impossible
 * dates, ids past int4, NUL, another sort's key — so the checks behind the base64 are exercised,
 * not only the decoding.
 */
const forgedCursor: fc.Arbitrary<string> = fc
  .record({
    // Mostly the default sort, so the cursor gets past the sort check to its key and id.
    s: fc.oneof(
      { weight: 6, arbitrary: fc.constant('newest') },
      { weight: 1, arbitrary: fc.constantFrom('oldest', 'name_asc', 'area_desc', 'x') },
    ),
    k: fc.oneof(
      fc
        .record({
          y: fc.integer({ min: 0, max: 99999 }),
          mo: fc.integer({ min: 0, max: 13 }),
          d: fc.integer({ min: 0, max: 32 }),
          h: fc.integer({ min: 0, max: 25 }),
        })
        .map(
          ({ y, mo, d, h }) =>
            `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00.000000Z`,
        ),
      fc.string().map((text) => `${text}\u0000`),
      oddString,
    ),
    i: fc.oneof(
      fc.integer(),
      fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1.5),
      fc.integer({ min: 1, max: 40 }),
    ),
  })
  .map((cursor) => Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url'))

/** A query string: the route's own keys with valid and bad values, unknown and repeated keys. */
function queryFor(route: RouteEntry): fc.Arbitrary<string> {
  const known = propertiesOf(jsonSchemaOf(route.schema?.querystring))
  const keys = fc.oneof(
    ...(known.length > 0
      ? [{ weight: 4, arbitrary: fc.constantFrom(...known.map(([key]) => key)) }]
      : []),
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__', 'constructor', 'id', 'limit[]', 'a[b]', ''),
    },
    { weight: 1, arbitrary: oddString.map(percentEncode) },
  )
  const validPair = known.map(([key, schema]) =>
    key === 'cursor'
      ? fc.oneof(
          validValue(schema, key).map((value) => `${key}=${percentEncode(String(value))}`),
          { weight: 3, arbitrary: forgedCursor.map((cursor) => `cursor=${cursor}`) },
        )
      : validValue(schema, key).map((value) => `${key}=${percentEncode(String(value))}`),
  )
  const pair = fc.oneof(
    ...(validPair.length > 0 ? [{ weight: 4, arbitrary: fc.oneof(...validPair) }] : []),
    {
      weight: 3,
      arbitrary: fc
        .tuple(keys, fc.oneof(oddString.map(percentEncode), rawUrlGarbage))
        .map(([key, value]) => `${key}=${value}`),
    },
    { weight: 1, arbitrary: rawUrlGarbage },
  )
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    {
      weight: 6,
      arbitrary: fc
        .array(pair, { minLength: 1, maxLength: 5 })
        .map((pairs) => `?${pairs.join('&')}`),
    },
  )
}

/** A body object derived from the route's schema, then broken in one of many ways. */
function bodyFor(route: RouteEntry): fc.Arbitrary<string | undefined> {
  const schema = jsonSchemaOf(route.schema?.body)
  const valid = schema ? validValue(schema) : fc.constant({})
  const fields = propertiesOf(schema).map(([key]) => key)
  const fieldName = fields.length > 0 ? fc.constantFrom(...fields) : oddString
  const broken = valid.chain((value) => {
    const record = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}
    return fc.oneof(
      // A field of the wrong type, odd or huge.
      fc.tuple(fieldName, anyFieldValue).map(([key, bad]) => ({ ...record, [key]: bad })),
      // A field missing.
      fieldName.map((key) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))),
      // A field nobody may set, or an unknown one (security rule 14).
      fc
        .tuple(fc.oneof(fc.constantFrom(...FORBIDDEN_FIELDS), oddString), anyFieldValue)
        .map(([key, extra]) => ({ ...record, [key]: extra })),
      // Odd Unicode in a text field.
      fc.tuple(fieldName, oddString).map(([key, odd]) => ({ ...record, [key]: odd })),
      fc.tuple(fieldName, hugeString).map(([key, huge]) => ({ ...record, [key]: huge })),
    )
  })
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((value) => JSON.stringify(value)) },
    { weight: 10, arbitrary: broken.map((value) => JSON.stringify(value)) },
    { weight: 3, arbitrary: awkwardJsonText },
    { weight: 1, arbitrary: fc.constant(undefined) },
  )
}

/** One generated request to one route. */
export function requestFor(route: RouteEntry): fc.Arbitrary<FuzzRequest> {
  const hasBody = isWrite(route.method)
  return fc.record({
    caller: callerFor(route),
    transport,
    method: fc.constant(route.method),
    url: fc.tuple(pathFor(route), queryFor(route)).map(([path, query]) => path + query),
    contentType: hasBody ? contentType : fc.constant(undefined),
    payload: hasBody ? bodyFor(route) : fc.constant(undefined),
  })
}
