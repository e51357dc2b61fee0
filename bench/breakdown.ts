/**
 * Where one list request's server CPU goes, stage by stage, in this process (no HTTP, no load):
 * drizzle building the SQL, the driver round trip (the database builds each row's JSON,
 * talent-json.ts), the handler, and compression; beside them what the object path it replaced
 * cost (getTalent-style mapping, the zod response encode, JSON.stringify). Run it on an idle
 * database (PGlite: no server on DATA_DIR).
 *
 *   node --import tsx bench/breakdown.ts --engine postgres|pglite [--runs 200]
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { z } from 'zod'
import { talentSchema } from '#shared/talent.ts'
import { talentListQuerySchema } from '#shared/talent-list-query.ts'
import { NO_CORRECTIONS } from '../src/server/search/corrections.ts'
import { listTalents, listTalentsJson } from '../src/server/talents/list.ts'
import { pageQuery } from '../src/server/talents/list-plan.ts'
import { parseCommonArgs } from './lib/cli.ts'
import { openBenchDatabase } from './lib/database.ts'
import { timed } from './lib/plan.ts'
import { markdownTable, ms } from './lib/report.ts'

async function main(): Promise<void> {
  const args = parseCommonArgs()
  const runs = args.runs < 50 ? 200 : args.runs
  const database = await openBenchDatabase(args.target)
  try {
    const { db } = database
    const query = talentListQuerySchema.parse({ limit: '50' })
    const { json } = (await listTalentsJson(db, query)).page
    const talents = (await listTalents(db, query)).rows
    const responseSchema = z.array(talentSchema)
    const stages: [string, () => Promise<unknown>][] = [
      [
        'drizzle: build the page SQL (toSQL)',
        () => Promise.resolve(pageQuery(db, query, [], 50, NO_CORRECTIONS).toSQL()),
      ],
      [
        'drizzle: build + run 51 rows of JSON text',
        () => pageQuery(db, query, [], 50, NO_CORRECTIONS),
      ],
      ['listTalentsJson (the handler; count cached)', () => listTalentsJson(db, query)],
      ['JSON.parse of the page (not on the request path)', () => Promise.resolve(JSON.parse(json))],
      [
        'zod encode of the page (what the serializer used to do)',
        () => Promise.resolve(z.encode(responseSchema, talents)),
      ],
      [
        'JSON.stringify (what the serializer used to do)',
        () => Promise.resolve(JSON.stringify(talents)),
      ],
      [
        'brotli (quality 1, what app.ts sends)',
        () =>
          Promise.resolve(
            brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
          ),
      ],
      ['gzip (level 1)', () => Promise.resolve(gzipSync(json, { level: 1 }))],
      ['gzip (level 6)', () => Promise.resolve(gzipSync(json))],
      [
        'brotli (quality 4, the @fastify/compress default)',
        () =>
          Promise.resolve(
            brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
          ),
      ],
    ]
    const results: string[][] = []
    for (const [name, run] of stages) {
      const t = await timed(run, runs)
      results.push([name, ms(t.median), ms(t.p95)])
    }
    console.log(
      `${database.engine}: newest page of 50, ${(json.length / 1024).toFixed(1)} KiB JSON, ${runs} runs\n`,
    )
    console.log(markdownTable(['stage', 'median ms', 'p95 ms'], results))
  } finally {
    await database.release()
  }
}

await main()
