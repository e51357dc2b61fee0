import { sql } from 'drizzle-orm'
import type { Db } from '../../src/server/db/open.ts'
import { rawRows } from '../../src/server/db/raw-rows.ts'

/** One table of the public schema, as the backup sees it. */
export type TableInfo = {
  name: string
  /** Insertable columns (generated ones left out), in table order. */
  columns: string[]
  primaryKey: string[]
  /** Tables this one references (foreign keys), itself excluded. */
  parents: string[]
}

/**
 * Every table of the public schema, parents before children, read from the catalog so a table a
 * later migration adds is backed up without touching this code. (drizzle's own bookkeeping lives
 * in the `drizzle` schema and is not data.)
 */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const columns = await rawRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER'
          and table_name in (select table_name from information_schema.tables
                             where table_schema = 'public' and table_type = 'BASE TABLE')
        order by table_name, ordinal_position`,
  )
  const keys = await rawRows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        join unnest(k.conkey) with ordinality as u(attnum, position) on true
        join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum
        where k.contype = 'p' and n.nspname = 'public'
        order by c.relname, u.position`,
  )
  const references = await rawRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  )
  const tables = new Map<string, TableInfo>()
  for (const { table_name, column_name } of columns) {
    const table = tables.get(table_name) ?? {
      name: table_name,
      columns: [],
      primaryKey: [],
      parents: [],
    }
    table.columns.push(column_name)
    tables.set(table_name, table)
  }
  for (const { table_name, column_name } of keys)
    tables.get(table_name)?.primaryKey.push(column_name)
  for (const { child, parent } of references) {
    const table = tables.get(child)
    if (table && parent !== child && !table.parents.includes(parent)) table.parents.push(parent)
  }
  return parentsFirst([...tables.values()])
}

/** Topological order on foreign keys, alphabetical among equals (a stable file layout). */
function parentsFirst(tables: TableInfo[]): TableInfo[] {
  const ordered: TableInfo[] = []
  const placed = new Set<string>()
  const pending = [...tables].sort((a, b) => a.name.localeCompare(b.name))
  while (pending.length > 0) {
    const index = pending.findIndex((t) => t.parents.every((p) => placed.has(p)))
    if (index < 0) {
      throw new Error(
        `Foreign keys form a cycle among ${pending.map((t) => t.name).join(', ')}; cannot order them`,
      )
    }
    const [table] = pending.splice(index, 1)
    if (!table) break
    ordered.push(table)
    placed.add(table.name)
  }
  return ordered
}

export async function countRows(db: Db, table: string): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  )
  return row?.n ?? 0
}

/**
 * Points every serial/identity sequence of `tables` just past the largest restored value, so the
 * next insert does not collide with a restored id.
 */
export async function resetSequences(db: Db, tables: string[]): Promise<void> {
  const serials = await rawRows<{ table_name: string; column_name: string; sequence: string }>(
    db,
    sql`select table_name, column_name,
               pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
        from information_schema.columns
        where table_schema = 'public'
          and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
  )
  for (const { table_name, column_name, sequence } of serials) {
    if (!tables.includes(table_name)) continue
    const column = sql.identifier(column_name)
    const max = sql`(select max(${column}) from ${sql.identifier(table_name)})`
    await db.execute(
      sql`select setval(${sequence}::regclass, coalesce(${max}, 1), ${max} is not null)`,
    )
  }
}
