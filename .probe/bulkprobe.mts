import pg from 'pg'
import { openDatabase } from '/work/main/src/server/db/open.ts'
import { runBulk } from '/work/main/src/server/bulk/service.ts'
const orig = pg.Client.prototype.query
const times: [number, string][] = []
;(pg.Client.prototype as any).query = function (this: any, ...args: any[]) {
  const text = typeof args[0] === 'string' ? args[0] : args[0]?.text
  const t = performance.now()
  const r = orig.apply(this, args as any)
  if (r && typeof r.then === 'function') return r.then((v: any) => { times.push([performance.now() - t, String(text).replace(/\s+/g, ' ').slice(0, 110)]); return v })
  return r
}
const db = await openDatabase({ engine: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/bulk19', poolMax: 2 })
const ids = (await db.db.execute(`select id from talents order by id limit 10000`) as any).rows.map((r: any) => r.id)
const name = 'probe' + Date.now()
await db.db.execute(`insert into tags (name) values ('${name}')`)
const admin = (await db.db.execute(`select id, role from users where role='admin' limit 1`) as any).rows[0]
for (let i = 0; i < 2; i++) {
  times.length = 0
  const t = performance.now()
  await runBulk(db.db as any, { action: 'addTags', ids, payload: { tags: [name] } } as any, { id: admin.id, role: 'admin' } as any)
  console.log('total', (performance.now() - t).toFixed(0))
  for (const [ms, text] of times.filter(([ms]) => ms > 20)) console.log(ms.toFixed(0).padStart(6), text)
  await runBulk(db.db as any, { action: 'removeTags', ids, payload: { tags: [name] } } as any, { id: admin.id, role: 'admin' } as any)
}
await db.close()
