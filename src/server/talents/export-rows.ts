import type { FieldDefinition } from '#shared/fields.ts'
import { z } from 'zod'
import { inArray } from 'drizzle-orm'
import type { ExportTalent, TalentExportQuery } from '#shared/talent-export.ts'
import { talentSchema, type Talent } from '#shared/talent.ts'
import type { TalentListQuery } from '#shared/talent-list-query.ts'
import type { Db } from '../db/open.ts'
import { preparedRows } from '../db/prepared-rows.ts'
import { talents } from '../db/schema.ts'
import { privacyColumns } from '../privacy/record/service.ts'
import { encodeCursor } from './cursor.ts'
import { lookUpCorrections } from '../search/corrections.ts'
import { CHUNK_BYTES } from './list.ts'
import { filterOf, pageQuery } from './list-plan.ts'
import { listOrder } from './list-order.ts'
import type { FieldHiding } from './talent-json.ts'

/** The first batch, before any row's size is known (the list's first query reads 50). */
const FIRST_BATCH_ROWS = 100
/**
 * The most rows one batch reads, however short they are: a batch is parsed and written in one
 * go, so this bounds the work of one turn (security rule 31) as CHUNK_BYTES bounds its bytes.
 */
export const MAX_BATCH_ROWS = 1000

/** The columns pageQuery selects, read by their aliases as listTalentsJson reads them. */
type PageRow = { id: number; json: string; sort_key: string }

const batchSchema = z.array(talentSchema)

/**
 * Each talent of a batch with its privacy record (security rule 49), read by id in one query: the
 * list's JSON stays what the dashboard reads, and the file carries the record to import back.
 */
async function withPrivacy(db: Db, batch: Talent[]): Promise<ExportTalent[]> {
  const rows = await db
    .select({ id: talents.id, ...privacyColumns })
    .from(talents)
    .where(
      inArray(
        talents.id,
        batch.map((talent) => talent.id),
      ),
    )
  const byId = new Map(rows.map(({ id, ...privacy }) => [id, privacy]))
  return batch.flatMap((talent) => {
    const privacy = byId.get(talent.id)
    // Erased between the two reads: it leaves the file too.
    return privacy === undefined ? [] : [{ ...talent, privacy }]
  })
}

/** The list query an export reads: the same filters, search and sort, paged by `cursor`. */
export function listQueryOf(query: TalentExportQuery, cursor?: string): TalentListQuery {
  // `format` is the export's own; everything else (including parameters the list schema gains
  // later, such as `q`) is passed through to the list's SQL unchanged.
  const { format: _format, ...list } = query
  return { ...list, cursor }
}

/** About CHUNK_BYTES of rows at the size of the last batch's rows, within 1..MAX_BATCH_ROWS. */
function nextBatchRows(last: { rows: number; bytes: number }): number {
  if (last.rows === 0) return FIRST_BATCH_ROWS
  const bytesPerRow = last.bytes / last.rows
  return Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(CHUNK_BYTES / bytesPerRow)))
}

/**
 * Every talent matching the export's query (and among `ids` when given: a hand-picked selection),
 * in the list's order, as batches.
 * Each batch is one keyset-paged query continuing from the last row — the list's own SQL
 * (pageQuery), so filters, search and sort can never differ from the dashboard. Only one batch is
 * held at a time: the caller writes it
 * before asking for the next, so memory stays flat however many rows match.
 */
export async function* talentBatches(
  db: Db,
  query: TalentExportQuery,
  fields: readonly FieldDefinition[],
  ids?: readonly number[],
  hiding?: FieldHiding,
): AsyncGenerator<ExportTalent[]> {
  let cursor: string | undefined
  let last = { rows: 0, bytes: 0 }
  // The order the list reads in: the chosen sort, else relevance for a search, else newest.
  const searched = filterOf(listQueryOf(query), fields).query
  const order = listOrder(query.sort, searched)
  // Typo corrections looked up once for the whole file, not per batch.
  const corrections = await lookUpCorrections(db, searched)
  for (;;) {
    const want = nextBatchRows(last)
    const sql = pageQuery(
      db,
      listQueryOf(query, cursor),
      fields,
      want,
      corrections,
      ids,
      hiding,
    ).getSQL()
    const rows = await preparedRows<PageRow>(db, sql)
    const page = rows.slice(0, want)
    if (page.length > 0) {
      const texts = page.map((row) => row.json)
      last = { rows: page.length, bytes: texts.reduce((sum, t) => sum + t.length, 0) }
      // The database built each row from talentSchema's fields (talent-json.ts); checking them
      // here keeps a wrong column from reaching a file unnoticed.
      yield withPrivacy(db, batchSchema.parse(JSON.parse(`[${texts.join(',')}]`)))
    }
    const tail = page.at(-1)
    if (rows.length <= want || tail === undefined) return
    cursor = encodeCursor({ sort: order, key: tail.sort_key, id: tail.id })
  }
}
