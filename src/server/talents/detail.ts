import { eq } from 'drizzle-orm'
import type { Db } from '../db/open.ts'
import { preparedRows } from '../db/prepared-rows.ts'
import { talents, users } from '../db/schema.ts'
import { NotFoundError } from '../errors.ts'
import type { ListOptions } from './list.ts'
import { cachedPage, type CachedPage } from '../cache/page-cache.ts'
import { TALENT_NOT_FOUND } from '../db/talent-lock.ts'
import { hidingKey, talentJson } from './talent-json.ts'

/**
 * GET /api/talents/:id as JSON text built by the database (talent-json.ts), cached per data
 * version like the list's pages: opening a talent costs what a repeated page costs. An unknown
 * id throws before anything is cached.
 */
export async function talentDetailJson(
  db: Db,
  id: number,
  {
    dataVersion,
    cachedPages,
    fieldHiding,
  }: Pick<ListOptions, 'dataVersion' | 'cachedPages' | 'fieldHiding'> = {},
): Promise<CachedPage> {
  const load = async (): Promise<CachedPage> => {
    const query = db
      .select({ json: talentJson(fieldHiding).as('json') })
      .from(talents)
      .leftJoin(users, eq(users.id, talents.addedById))
      .where(eq(talents.id, id))
    const [row] = await preparedRows<{ json: string }>(db, query.getSQL())
    if (!row) throw new NotFoundError(TALENT_NOT_FOUND)
    return { json: row.json, rowCount: 1, nextCursor: undefined }
  }
  if (dataVersion === undefined) return load()
  return cachedPage(db, dataVersion, `detail|${id}${hidingKey(fieldHiding)}`, load, cachedPages)
}
