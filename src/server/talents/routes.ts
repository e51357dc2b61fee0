import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { messageResponseSchema } from '#shared/auth.ts'
import {
  talentIdParamsSchema,
  talentInputSchema,
  talentSchema,
  talentStatsSchema,
  talentUpdateSchema,
} from '#shared/talent.ts'
import { talentListQuerySchema } from '#shared/talent-list-query.ts'
import { requireViewer } from '../auth/access.ts'
import { acceptsBrotli, brotli, SLICE_CHARS, textInSlices } from '../compression.ts'
import type { Db } from '../db/open.ts'
import { listTalentsJson } from './list.ts'
import type { SearchGate } from '../search/search-gate.ts'
import { talentDetailJson } from './detail.ts'
import type { CachedPage } from '../cache/page-cache.ts'
import { createTalent, deleteTalent, updateTalent } from './service.ts'
import { getTalentStats } from './stats.ts'
import type { ErasureKeys } from '../privacy/erasure/identifiers.ts'
import { fieldHidingFor } from '../fields/definitions.ts'
import { searchableFields } from './searchable-fields.ts'

export type TalentRoutesOptions = {
  db: Db
  /** Pages the list keeps per data version (config TALENT_PAGE_CACHE). */
  cachedPages: number
  /** Totals up to this many are exact (config COUNT_EXACT_UP_TO). */
  exactCountUpTo: number
  /** Security rule 43: searches take turns and have a deadline (search/search-gate.ts). */
  searchGate: SearchGate
  /** Security rule 52: how a re-entry of an erased person is recognised. */
  erasureKeys: ErasureKeys
}

/** Response headers of GET /api/talents: the body stays the spec's plain array. */
export const TOTAL_COUNT_HEADER = 'x-total-count'
/** Set (`true`) when X-Total-Count is the planner's estimate of a broad query. */
export const TOTAL_ESTIMATED_HEADER = 'x-total-count-estimated'
export const NEXT_CURSOR_HEADER = 'x-next-cursor'
const JSON_TYPE = 'application/json; charset=utf-8'
/** Smaller bodies go uncompressed, as the compression plugin's threshold does. */
const MIN_COMPRESSED_CHARS = 1024

/**
 * Sends JSON text as it is, brotli-compressed once per cached body when the client accepts it
 * (compressing was the largest cost of a repeat); the compression plugin passes an
 * already-encoded body through and gzips the rest itself.
 */
async function sendJsonText(request: FastifyRequest, reply: FastifyReply, body: CachedPage) {
  void reply.type(JSON_TYPE)
  if (body.json.length < MIN_COMPRESSED_CHARS) return reply.send(body.json)
  if (!acceptsBrotli(request.headers['accept-encoding'])) {
    if (body.json.length <= SLICE_CHARS) return reply.send(body.json)
    // Security rule 47: a long page goes out (or into gzip) a slice per turn, never whole.
    void reply.header('content-length', Buffer.byteLength(body.json))
    return reply.send(textInSlices(body.json))
  }
  body.brotli ??= await brotli(body.json)
  return reply.header('content-encoding', 'br').header('vary', 'accept-encoding').send(body.brotli)
}

/**
 * The talent API of spec section 7, server-enforced (permission rule in service.ts): every
 * signed-in user may read, create and edit; delete is for admins and the talent's adder.
 */
export const talentRoutes: FastifyPluginCallback<TalentRoutesOptions> = (
  base,
  { db, cachedPages, exactCountUpTo, searchGate, erasureKeys },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/talents', {
    config: { access: 'user' },
    // No response schema: the body is JSON the database built from talentSchema's fields
    // (talent-json.ts); list.test.ts parses every page with z.array(talentSchema).
    schema: {
      summary: 'List, filter, search and page talents',
      description:
        'Custom fields filter as field.<key>=<value> (choices comma-separated: any of; numbers and ' +
        'dates as <, <=, >, >= or = a value, comma-separated comparisons: all of, e.g. ' +
        'field.notice=>=2,<=5) and as <key>:<value> in q; sort=field.<key>.asc|desc sorts by a ' +
        'number or date field. Unknown fields or wrong values: 400 (docs/api.md).',
      querystring: talentListQuerySchema,
    },
    handler: async (request, reply) => {
      const { user, dataVersion } = requireViewer(request)
      const fieldHiding = await fieldHidingFor(db, user, dataVersion)
      const fields = await searchableFields(db, user, dataVersion)
      const options = { dataVersion, cachedPages, exactCountUpTo, searchGate, fieldHiding, fields }
      const { page, total, isEstimated } = await listTalentsJson(db, request.query, options)
      void reply.header(TOTAL_COUNT_HEADER, String(total))
      if (isEstimated) void reply.header(TOTAL_ESTIMATED_HEADER, 'true')
      if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor)
      return sendJsonText(request, reply, page)
    },
  })

  // Registered before /:id so 'stats' is never read as an id.
  app.get('/api/talents/stats', {
    config: { access: 'user' },
    schema: { summary: "The dashboard's four stat cards", response: { 200: talentStatsSchema } },
    handler: (request) => {
      const { user, dataVersion } = requireViewer(request)
      return getTalentStats(db, user.id, dataVersion)
    },
  })

  app.get('/api/talents/:id', {
    config: { access: 'user' },
    // No response schema, as for the list: the database built the JSON (talent-json.ts).
    schema: { summary: 'One talent', params: talentIdParamsSchema },
    handler: async (request, reply) => {
      const { user, dataVersion } = requireViewer(request)
      const fieldHiding = await fieldHidingFor(db, user, dataVersion)
      const options = { dataVersion, cachedPages, fieldHiding }
      const talent = await talentDetailJson(db, request.params.id, options)
      return sendJsonText(request, reply, talent)
    },
  })

  app.post('/api/talents', {
    config: { access: 'user' },
    schema: { summary: 'Add a talent', body: talentInputSchema, response: { 201: talentSchema } },
    handler: async (request, reply) => {
      const viewer = requireViewer(request).user
      const talent = await createTalent(db, request.body, viewer, erasureKeys)
      return reply.status(201).send(talent)
    },
  })

  app.put('/api/talents/:id', {
    config: { access: 'user' },
    schema: {
      summary: 'Edit a talent (refused if someone saved it since it was read)',
      params: talentIdParamsSchema,
      body: talentUpdateSchema,
      response: { 200: talentSchema },
    },
    handler: (request) =>
      updateTalent(db, request.params.id, request.body, requireViewer(request).user),
  })

  app.delete('/api/talents/:id', {
    config: { access: 'user' },
    schema: {
      summary: 'Delete a talent',
      params: talentIdParamsSchema,
      response: { 200: messageResponseSchema },
    },
    handler: (request) => deleteTalent(db, request.params.id, requireViewer(request).user),
  })

  done()
}
