/**
 * Where the server's CPU went: reads a V8 .cpuprofile (from `npm run bench:api -- --profile`) and
 * prints self time by package / own file and the hottest functions.
 *
 *   node --import tsx bench/profile.ts bench/results/profiles/CPU.….cpuprofile [--top 25] [--last 10]
 *
 * --last N keeps only the samples of the profile's last N seconds: the autocannon run, without
 * start-up and the walk to the deep page (run bench:api with --only one route for a clean profile).
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { markdownTable } from './lib/report.ts'

type CallFrame = { functionName: string; url: string; lineNumber: number }
type ProfileNode = { id: number; callFrame: CallFrame }
type CpuProfile = {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

/** Samples per node id, only those taken in the last `lastSeconds` (all when undefined). */
function hitsIn(profile: CpuProfile, lastSeconds: number | undefined): Map<number, number> {
  const from = lastSeconds === undefined ? -Infinity : profile.endTime - lastSeconds * 1e6
  const hits = new Map<number, number>()
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0
    if (at >= from) hits.set(id, (hits.get(id) ?? 0) + 1)
  })
  return hits
}

/** node_modules/<package>, an own file under src/, node's internals, or V8's pseudo-frames. */
function bucketOf({ url, functionName }: CallFrame): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]
  if (pkg) return pkg
  if (url.startsWith('node:')) return 'node: internals'
  const own = /\/(src\/.*|bench\/.*|scripts\/.*)$/.exec(url)?.[1]
  if (own) return own
  if (url === '') return `(${functionName.replace(/[()]/g, '') || 'native'})`
  return url
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string' }, last: { type: 'string' } },
  })
  const file = positionals[0]
  if (!file) throw new Error('usage: bench/profile.ts <file.cpuprofile> [--top 25]')
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile
  const top = Number(values.top ?? 25)
  const last = values.last === undefined ? undefined : Number(values.last)
  const fullMs = (profile.endTime - profile.startTime) / 1000
  const msPerSample = fullMs / Math.max(profile.samples.length, 1)
  const hits = hitsIn(profile, last)
  const totalMs = last === undefined ? fullMs : Math.min(fullMs, last * 1000)
  const buckets = new Map<string, number>()
  const functions = new Map<string, number>()
  for (const node of profile.nodes) {
    const ms = (hits.get(node.id) ?? 0) * msPerSample
    if (ms === 0) continue
    const bucket = bucketOf(node.callFrame)
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + ms)
    const { functionName, lineNumber } = node.callFrame
    const name = `${functionName || '(anonymous)'} ${bucket}:${lineNumber + 1}`
    functions.set(name, (functions.get(name) ?? 0) + ms)
  }
  const busy = [...buckets].filter(([b]) => b !== '(idle)').reduce((sum, [, ms]) => sum + ms, 0)
  const rows = (map: Map<string, number>) =>
    [...map]
      .filter(([name]) => !name.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => [name, (ms / 1000).toFixed(2), `${((100 * ms) / busy).toFixed(1)} %`])
  console.log(
    `${file}: ${(totalMs / 1000).toFixed(1)} s profiled, ${(busy / 1000).toFixed(1)} s busy\n`,
  )
  console.log(markdownTable(['self time by package / file', 's', 'of busy'], rows(buckets)))
  console.log(`\n${markdownTable(['hottest functions (self)', 's', 'of busy'], rows(functions))}`)
}

main()
