/**
 * Where one list request's server CPU goes, stage by stage, in this process (no HTTP, no load):
 * drizzle building the SQL, the driver round trip with row mapping, toTalent, the zod response
 * encode that fastify-type-provider-zod runs, JSON.stringify, and compression. Run it on an idle
 * database (PGlite: no server on DATA_DIR).
 *
 *   node --import tsx bench/breakdown.ts --engine postgres|pglite [--runs 200]
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { z } from 'zod'
import { talentListQuerySchema, talentSchema } from '#shared/talent.ts'
import { listTalents, pageQuery } from '../src/server/talents/list.ts'
import { toTalent } from '../src/server/talents/rows.ts'
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
    const rows = await pageQuery(db, query, 50)
    const talents = rows.map(({ sortKey: _key, ...row }) => toTalent(row))
    const responseSchema = z.array(talentSchema)
    const json = JSON.stringify(z.encode(responseSchema, talents))
    const stages: [string, () => Promise<unknown>][] = [
      [
        'drizzle: build the page SQL (toSQL)',
        () => Promise.resolve(pageQuery(db, query, 50).toSQL()),
      ],
      ['drizzle: build + run + map 51 rows', () => pageQuery(db, query, 50)],
      ['listTalents (the handler; count cached)', () => listTalents(db, query)],
      [
        'toTalent × 50',
        () => Promise.resolve(rows.map(({ sortKey: _key, ...row }) => toTalent(row))),
      ],
      [
        'zod encode of the response (serializer)',
        () => Promise.resolve(z.encode(responseSchema, talents)),
      ],
      ['JSON.stringify', () => Promise.resolve(JSON.stringify(talents))],
      ['gzip (level 6)', () => Promise.resolve(gzipSync(json))],
      [
        'brotli (quality 4, @fastify/compress default)',
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
