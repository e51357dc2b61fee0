import { createHash } from 'node:crypto'
import { eq, sql, type SQL } from 'drizzle-orm'
import { decodeAuthToken } from '#shared/auth.ts'
import { talentListQuerySchema, type TalentListQueryInput } from '#shared/talent-list-query.ts'
import type { Db } from '../src/server/db/open.ts'
import { sessions, talents, users } from '../src/server/db/schema.ts'
import { NO_CORRECTIONS } from '../src/server/search/corrections.ts'
import { countQuery } from '../src/server/talents/count.ts'
import { listTalents } from '../src/server/talents/list.ts'
import { filterOf, pageQuery } from '../src/server/talents/list-plan.ts'
import { selectTalents } from '../src/server/talents/rows.ts'
import { getTalent } from '../src/server/talents/service.ts'
import { getTalentStats, statsConditions } from '../src/server/talents/stats.ts'

/** What a budget applies to. */
export type CaseKind = 'page' | 'deep' | 'stats' | 'detail' | 'baseline'

/** The SQL one request runs in steady state, what the brief cache saves, and the service call. */
export type CaseSql = { perRequest: SQL[]; cached: SQL[]; run: () => Promise<unknown> }

export type ApiCase = { name: string; kind: CaseKind; path: string; sql: (db: Db) => CaseSql }

/** Facts learnt from the running server that the cases need. */
export type CaseContext = { token: string; userId: number; deepCursor: string; detailId: number }

const PAGE_SIZE = '50'

function listCase(name: string, kind: CaseKind, input: TalentListQueryInput): ApiCase {
  const params = new URLSearchParams({ limit: PAGE_SIZE })
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string') params.set(key, value)
  }
  return {
    name,
    kind,
    path: `/api/talents?${params.toString()}`,
    sql: (db) => {
      const query = talentListQuerySchema.parse({ limit: PAGE_SIZE, ...input })
      return {
        perRequest: [pageQuery(db, query, [], query.limit ?? 50, NO_CORRECTIONS).getSQL()],
        cached: [countQuery(db, filterOf(query, []), NO_CORRECTIONS).getSQL()],
        run: () => listTalents(db, query),
      }
    },
  }
}

/** The session lookup every signed-in request makes (auth/sessions.ts resolveSession). */
function sessionSql(db: Db, token: string): SQL {
  const sid = decodeAuthToken(token)?.sid ?? ''
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.secretHash, createHash('sha256').update(sid).digest('hex')))
    .getSQL()
}

function countSql(where: SQL): SQL {
  return sql`select count(*) from ${talents} where ${where}`
}

/** Every dashboard request the brief lists, plus a baseline with nothing but the session lookup. */
export function apiCases(ctx: CaseContext): ApiCase[] {
  return [
    listCase('newest page', 'page', {}),
    listCase('filter area=Design', 'page', { areaOfInterest: 'Design' }),
    listCase('filter level=senior', 'page', { seniorityLevel: 'senior' }),
    listCase('filter tag=High Potential', 'page', { tag: 'High Potential' }),
    listCase('filter status=Hired', 'page', { status: 'Hired' }),
    listCase("search 'ann'", 'page', { search: 'ann' }),
    listCase('sort name_asc', 'page', { sort: 'name_asc' }),
    listCase('deep page @50,000', 'deep', { cursor: ctx.deepCursor }),
    {
      name: 'stats',
      kind: 'stats',
      path: '/api/talents/stats',
      sql: (db) => {
        const where = statsConditions(ctx.userId)
        return {
          perRequest: [countSql(where.addedByYou)],
          cached: [
            countQuery(db, {}, NO_CORRECTIONS).getSQL(),
            countSql(where.newThisMonth),
            countSql(where.needsUpdating),
          ],
          run: () => getTalentStats(db, ctx.userId, undefined),
        }
      },
    },
    {
      name: `detail /${ctx.detailId}`,
      kind: 'detail',
      path: `/api/talents/${ctx.detailId}`,
      sql: (db) => {
        const query = selectTalents(db).where(eq(talents.id, ctx.detailId)).limit(1).getSQL()
        return { perRequest: [query], cached: [], run: () => getTalent(db, ctx.detailId) }
      },
    },
    {
      name: 'baseline /api/auth/me',
      kind: 'baseline',
      path: '/api/auth/me',
      sql: (db) => {
        const query = sessionSql(db, ctx.token)
        return { perRequest: [query], cached: [], run: () => db.execute(query) }
      },
    },
  ]
}
