/**
 * Prints the plan and timings of every dashboard query.
 * Not a test: run it against a seeded database and read the table.
 *
 *   DATA_DIR=/tmp/scout-bench node --import tsx bench/explain.ts [--plans] [--runs 20]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scout_bench node --import tsx bench/explain.ts
 */
import { parseArgs } from 'node:util'
import { sql, type SQL } from 'drizzle-orm'
import { talentListQuerySchema, type TalentListQueryInput } from '#shared/talent-list-query.ts'
import { loadConfig } from '../src/server/config.ts'
import { openDatabase } from '../src/server/db/open.ts'
import { rawRows } from '../src/server/db/raw-rows.ts'
import { talents } from '../src/server/db/schema.ts'
import { tagCountsSql } from '../src/server/tags/service.ts'
import { encodeCursor } from '../src/server/talents/cursor.ts'
import { NO_CORRECTIONS } from '../src/server/search/corrections.ts'
import { countQuery } from '../src/server/talents/count.ts'
import { listTalents } from '../src/server/talents/list.ts'
import { filterOf, pageQuery } from '../src/server/talents/list-plan.ts'
import { statsConditions } from '../src/server/talents/stats.ts'
import { SORTS } from '../src/server/talents/where.ts'
import { planOf, planSummary, timed } from './lib/plan.ts'

const { values } = parseArgs({
  options: { plans: { type: 'boolean' }, runs: { type: 'string' }, limit: { type: 'string' } },
})
const RUNS = Number(values.runs ?? 20)
const LIMIT = values.limit ?? '50'

type Case = { name: string; query: SQL; run?: () => Promise<unknown> }

async function main(): Promise<void> {
  const config = loadConfig()
  const target = config.databaseUrl
    ? ({ engine: 'postgres', url: config.databaseUrl, poolMax: 4 } as const)
    : ({ engine: 'pglite', dataDir: config.dataDir } as const)
  const database = await openDatabase(target)
  const { db } = database
  const [info] = await rawRows<{ n: number; v: string; adder: string }>(
    db,
    sql`select (select count(*)::int from talents) as n, current_setting('server_version') as v,
        (select u.email from users u join talents t on t.added_by_id = u.id limit 1) as adder`,
  )
  const adder = info?.adder ?? 'nobody@x.test'
  console.log(
    `${database.engine} ${info?.v} — ${info?.n.toLocaleString('en')} talents, ${RUNS} runs, limit ${LIMIT}\n`,
  )

  const deepCursor = async (sort: 'newest' | 'name_asc', offset: number) => {
    const spec = SORTS[sort]
    const dir = spec.direction === 'asc' ? sql`asc` : sql`desc`
    const [row] = await rawRows<{ key: string; id: number }>(
      db,
      sql`select ${spec.keyText} as key, id from ${talents} order by ${spec.key} ${dir}, id ${dir} offset ${offset} limit 1`,
    )
    return row ? encodeCursor({ sort, key: row.key, id: row.id }) : undefined
  }
  const page = (name: string, input: TalentListQueryInput): Case => {
    const query = talentListQuerySchema.parse({ limit: LIMIT, ...input })
    return {
      name,
      query: pageQuery(db, query, [], query.limit ?? 50, NO_CORRECTIONS).getSQL(),
      run: () => listTalents(db, query),
    }
  }
  const counted = (name: string, input: TalentListQueryInput): Case => ({
    name: `count: ${name}`,
    query: countQuery(
      db,
      filterOf(talentListQuerySchema.parse(input), []),
      NO_CORRECTIONS,
    ).getSQL(),
  })
  const stat = (name: string, where: SQL): Case => ({
    name: `stats: ${name}`,
    query: sql`select count(*) from ${talents} where ${where}`,
  })
  const where = statsConditions(1)
  const cases: Case[] = [
    page('newest', {}),
    page('oldest', { sort: 'oldest' }),
    page('name_asc', { sort: 'name_asc' }),
    page('name_desc', { sort: 'name_desc' }),
    page('area_asc', { sort: 'area_asc' }),
    page('area_desc', { sort: 'area_desc' }),
    page('area=Design', { areaOfInterest: 'Design' }),
    page('level=senior', { seniorityLevel: 'senior' }),
    page('tag=High Potential', { tag: 'High Potential' }),
    page('tag=Remote (rare)', { tag: 'Remote' }),
    page('status=Hired', { status: 'Hired' }),
    page('addedBy', { addedBy: adder }),
    page("search 'ann'", { search: 'ann' }),
    page("search 'ann' name_asc", { search: 'ann', sort: 'name_asc' }),
    page("search 'zq' (no match)", { search: 'zq' }),
    page('area+level+tag', { areaOfInterest: 'Design', seniorityLevel: 'mid', tag: 'Interviewed' }),
    page('newest, deep page @50k', { cursor: await deepCursor('newest', 50_000) }),
    page('name_asc, deep page @90k', {
      sort: 'name_asc',
      cursor: await deepCursor('name_asc', 90_000),
    }),
    counted('all', {}),
    counted('area=Design', { areaOfInterest: 'Design' }),
    counted('tag=High Potential', { tag: 'High Potential' }),
    counted("search 'ann'", { search: 'ann' }),
    stat('added by you', where.addedByYou),
    stat('new this month', where.newThisMonth),
    stat('needs updating', where.needsUpdating),
    { name: 'tags with counts', query: tagCountsSql },
  ]

  console.log('| query | plan | SQL exec ms | service median ms | p95 ms |')
  console.log('|---|---|---|---|---|')
  const plans: string[] = []
  for (const c of cases) {
    const { ms, plan } = await planOf(db, c.query)
    const t = c.run ? await timed(c.run, RUNS) : await timed(() => db.execute(c.query), RUNS)
    console.log(
      `| ${c.name} | ${planSummary(plan)} | ${ms.toFixed(2)} | ${t.median.toFixed(2)} | ${t.p95.toFixed(2)} |`,
    )
    plans.push(`--- ${c.name}\n${plan.join('\n')}`)
  }
  const bare = talentListQuerySchema.parse({})
  const t = await timed(() => listTalents(db, bare), RUNS)
  console.log(
    `| bare GET (10,000 rows, no limit) | | | ${t.median.toFixed(1)} | ${t.p95.toFixed(1)} |`,
  )
  if (values.plans) console.log(`\n${plans.join('\n\n')}`)
  await database.close()
}

await main()
