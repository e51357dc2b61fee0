/**
 * Custom field values: a JSONB column on talents (GIN jsonb_path_ops + expression indexes) against
 * a typed values table, on both engines. Builds its own throwaway tables, so it needs no seeded
 * Scout database (docs/decisions/028-custom-field-values-in-jsonb.md).
 *
 *   node --import tsx bench/custom-fields-storage.ts --engine pglite --rows 100000
 *   node --import tsx bench/custom-fields-storage.ts --engine postgres --rows 100000 \
 *     --url postgres://postgres@127.0.0.1:5432/postgres
 */
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    rows: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '15' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
})
const ROWS = Number(values.rows)
const RUNS = Number(values.runs)

type Exec = (text: string) => Promise<Record<string, unknown>[]>

async function connect(): Promise<{ exec: Exec; close: () => Promise<void> }> {
  if (values.engine === 'postgres') {
    const client = new pg.Client({ connectionString: values.url })
    await client.connect()
    await client.query('create schema if not exists cf_bench; set search_path = cf_bench')
    return {
      exec: async (text) => (await client.query(text)).rows as Record<string, unknown>[],
      close: async () => {
        await client.query('drop schema cf_bench cascade')
        await client.end()
      },
    }
  }
  const db = new PGlite()
  return {
    exec: async (text) => (await db.query(text)).rows as Record<string, unknown>[],
    close: () => db.close(),
  }
}

// Six fields: a multiple choice (languages), a single choice (team), a number (notice weeks), a
// date (available from), a yes/no (relocate) and a free text (github). About 1 talent in 20 has
// 'pt' as a language, 1 in 6 a given team.
const SETUP = `
drop table if exists t_json;
drop table if exists t_vals;
drop table if exists t_plain;
create or replace function cf_date(v text) returns date language sql immutable parallel safe
  as $$ select to_date(v, 'YYYY-MM-DD') $$;
create table t_json as
  select i as id, now() - (i || ' minutes')::interval as created_at,
    jsonb_strip_nulls(jsonb_build_object(
      'languages', (array['["en"]','["en","de"]','["fr"]','["en","es"]','["de"]','["pt","en"]',
        '["en"]','["nl"]','["it","en"]','["en","fr"]','["es"]','["en"]','["de","fr"]','["en"]',
        '["sv"]','["en","pl"]','["en"]','["ja"]','["en","zh"]','["ru"]'])[1 + i % 20]::jsonb,
      'team', (array['core','data','web','mobile','infra','qa'])[1 + (i * 7) % 6],
      'notice', case when i % 5 = 0 then null else (i * 13) % 17 end,
      'available', to_char(date '2026-01-01' + (i * 31) % 700, 'YYYY-MM-DD'),
      'relocate', i % 3 = 0,
      'github', 'user' || i)) as custom_fields
  from generate_series(1, ${ROWS}) i;
alter table t_json add primary key (id);
create index t_json_created on t_json (created_at desc, id desc);
create index t_json_gin on t_json using gin (custom_fields jsonb_path_ops);
create index t_json_notice on t_json (((custom_fields->>'notice')::numeric) desc nulls last, id desc);
create index t_json_available on t_json ((cf_date(custom_fields->>'available')), id);
create table t_plain as select id, created_at from t_json;
alter table t_plain add primary key (id);
create index t_plain_created on t_plain (created_at desc, id desc);
create table t_vals (talent_id int not null, field text not null, t text, n numeric, d date,
  b boolean);
insert into t_vals (talent_id, field, t)
  select id, 'languages', jsonb_array_elements_text(custom_fields->'languages') from t_json;
insert into t_vals (talent_id, field, t) select id, 'team', custom_fields->>'team' from t_json;
insert into t_vals (talent_id, field, n)
  select id, 'notice', (custom_fields->>'notice')::numeric from t_json
  where custom_fields ? 'notice';
insert into t_vals (talent_id, field, d)
  select id, 'available', cf_date(custom_fields->>'available') from t_json;
insert into t_vals (talent_id, field, b)
  select id, 'relocate', (custom_fields->>'relocate')::boolean from t_json;
insert into t_vals (talent_id, field, t) select id, 'github', custom_fields->>'github' from t_json;
create index t_vals_t on t_vals (field, t, talent_id);
create index t_vals_n on t_vals (field, n, talent_id);
create index t_vals_d on t_vals (field, d, talent_id);
create index t_vals_talent on t_vals (talent_id);
analyze t_json;
analyze t_plain;
analyze t_vals;
`

const CASES: { name: string; json: string; vals: string }[] = [
  {
    name: "first 50, languages has 'pt' (1 in 20)",
    json: `select id, custom_fields from t_json where custom_fields @> '{"languages":["pt"]}'
      order by created_at desc, id desc limit 50`,
    vals: `select p.id from t_plain p where exists (select 1 from t_vals v where v.talent_id = p.id
      and v.field = 'languages' and v.t = 'pt') order by p.created_at desc, p.id desc limit 50`,
  },
  {
    name: "count, languages has 'pt'",
    json: `select count(*) from t_json where custom_fields @> '{"languages":["pt"]}'`,
    vals: `select count(*) from t_vals where field = 'languages' and t = 'pt'`,
  },
  {
    name: "first 50, team = 'infra' (1 in 6)",
    json: `select id, custom_fields from t_json where custom_fields @> '{"team":"infra"}'
      order by created_at desc, id desc limit 50`,
    vals: `select p.id from t_plain p where exists (select 1 from t_vals v where v.talent_id = p.id
      and v.field = 'team' and v.t = 'infra') order by p.created_at desc, p.id desc limit 50`,
  },
  {
    name: 'first 50, notice between 2 and 3 weeks',
    json: `select id, custom_fields from t_json where (custom_fields->>'notice')::numeric
      between 2 and 3 order by created_at desc, id desc limit 50`,
    vals: `select p.id from t_plain p where exists (select 1 from t_vals v where v.talent_id = p.id
      and v.field = 'notice' and v.n between 2 and 3)
      order by p.created_at desc, p.id desc limit 50`,
  },
  {
    name: 'first 50 sorted by notice, descending',
    json: `select id, custom_fields from t_json order by (custom_fields->>'notice')::numeric desc
      nulls last, id desc limit 50`,
    vals: `select p.id from t_vals v join t_plain p on p.id = v.talent_id where v.field = 'notice'
      order by v.n desc, v.talent_id desc limit 50`,
  },
  {
    name: 'first 50, available before 2026-02-01',
    json: `select id, custom_fields from t_json where cf_date(custom_fields->>'available')
      < date '2026-02-01' order by cf_date(custom_fields->>'available'), id limit 50`,
    vals: `select p.id from t_vals v join t_plain p on p.id = v.talent_id where v.field =
      'available' and v.d < date '2026-02-01' order by v.d, v.talent_id limit 50`,
  },
]

async function timed(exec: Exec, text: string): Promise<{ median: number; p95: number }> {
  await exec(text)
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    await exec(text)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN
  return { median: at(0.5), p95: at(0.95) }
}

async function planOf(exec: Exec, text: string): Promise<string> {
  const rows = await exec(`explain (costs off) ${text}`)
  const lines = rows.map((r) => String(r['QUERY PLAN']))
  const scans = lines
    .map((l) =>
      /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)?(?: on| using)? (\S+)/.exec(
        l,
      ),
    )
    .filter((m) => m !== null)
    .map((m) => `${m[1]} ${m[2]}`)
  return [...new Set(scans)].join(' · ')
}

async function main(): Promise<void> {
  const { exec, close } = await connect()
  const loadBefore = (loadavg()[0] ?? NaN).toFixed(1)
  const start = performance.now()
  for (const statement of SETUP.split(';\n').filter((s) => s.trim())) await exec(statement)
  const setupMs = performance.now() - start
  const [sizes] =
    await exec(`select pg_total_relation_size('t_json') - pg_total_relation_size('t_plain') as json_extra,
    pg_total_relation_size('t_vals') as vals_total`)
  console.log(
    `${values.engine}, ${ROWS} talents, setup ${(setupMs / 1000).toFixed(1)} s, load average ${loadBefore}`,
  )
  console.log(
    `size: JSONB column + its indexes ${mb(sizes?.json_extra)}, values table + indexes ${mb(sizes?.vals_total)}`,
  )
  for (const c of CASES) {
    const json = await timed(exec, c.json)
    const vals = await timed(exec, c.vals)
    console.log(`\n${c.name}`)
    console.log(
      `  jsonb   median ${json.median.toFixed(1)} ms  p95 ${json.p95.toFixed(1)} ms  ${await planOf(exec, c.json)}`,
    )
    console.log(
      `  values  median ${vals.median.toFixed(1)} ms  p95 ${vals.p95.toFixed(1)} ms  ${await planOf(exec, c.vals)}`,
    )
  }
  console.log(`\nload average after: ${(loadavg()[0] ?? NaN).toFixed(1)}`)
  await close()
}

function mb(bytes: unknown): string {
  return `${(Number(bytes) / 1024 / 1024).toFixed(1)} MB`
}

await main()
