import { sql } from 'drizzle-orm'
import { rawRows } from '../../src/server/db/raw-rows.ts'
import type { BenchTarget } from './cli.ts'
import { openBenchDatabase } from './database.ts'
import type { WriteLedger } from './write-ledger.ts'

export type Verification = {
  checked: number
  lost: { creates: number; edits: number; deletes: number }
  uncertain: number
  examples: string[]
}

type Row = {
  id: number
  full_name: string
  email: string
  notes: string | null
  area_of_interest: string
  seniority_level: string
  tags: string[]
  status: string[]
}

/**
 * After the run, straight from the database: every acknowledged create is there with the last
 * acknowledged body (create or edit), and every acknowledged delete is gone. Then removes what
 * the run added, so the scratch database keeps its size for the next benchmark.
 */
export async function verifyWrites(
  target: BenchTarget,
  ledger: WriteLedger,
): Promise<Verification> {
  const database = await openBenchDatabase(target)
  try {
    const pattern = `load-${ledger.runId}-%`
    const rows = await rawRows<Row>(
      database.db,
      sql`select id, full_name, email, notes, area_of_interest, seniority_level, tags, status
          from talents where email like ${pattern}`,
    )
    const stored = new Map(rows.map((r) => [r.id, r]))
    const result: Verification = {
      checked: 0,
      lost: { creates: 0, edits: 0, deletes: 0 },
      uncertain: 0,
      examples: [],
    }
    const lose = (kind: keyof Verification['lost'], text: string) => {
      result.lost[kind]++
      if (result.examples.length < 10) result.examples.push(text)
    }
    for (const [id, expected] of ledger.talents) {
      const row = stored.get(id)
      if (expected.state === 'uncertain') {
        result.uncertain++
        continue
      }
      result.checked++
      if (expected.state === 'deleted') {
        if (row) lose('deletes', `talent ${id} was deleted (acknowledged) but is still there`)
        continue
      }
      if (!row) {
        lose('creates', `talent ${id} (${expected.body.email}) was acknowledged but is missing`)
        continue
      }
      const b = expected.body
      const same =
        row.full_name === b.fullName &&
        row.email === b.email &&
        row.notes === b.notes &&
        row.area_of_interest === b.areaOfInterest &&
        row.seniority_level === b.seniorityLevel &&
        JSON.stringify(row.tags) === JSON.stringify(b.tags) &&
        JSON.stringify(row.status) === JSON.stringify(b.status)
      if (!same)
        lose(
          'edits',
          `talent ${id}: stored "${row.full_name}" / "${row.notes}", expected "${b.fullName}" / "${b.notes}"`,
        )
    }
    // Activity entries of every talent the run touched, including creates that got no answer.
    const ids = JSON.stringify([...ledger.talents.keys()])
    await database.db.execute(
      sql`delete from activity_log where entity_type = 'talent'
          and (details->>'email' like ${pattern}
               or entity_id in (select id from talents where email like ${pattern})
               or entity_id in (select value::int from json_array_elements_text(${ids}::json)))`,
    )
    await database.db.execute(sql`delete from talents where email like ${pattern}`)
    return result
  } finally {
    await database.release()
  }
}
