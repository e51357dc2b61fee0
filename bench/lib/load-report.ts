import type autocannon from 'autocannon'
import type { CommonArgs } from './cli.ts'
import { MIX, ROUTES, type MixedTraffic } from './mixed-traffic.ts'
import { markdownTable, ms } from './report.ts'
import type { Verification } from './verify-writes.ts'
import type { WriteLedger } from './write-ledger.ts'

type ReportInput = {
  args: CommonArgs
  talents: number
  result: autocannon.Result
  traffic: MixedTraffic
  ledger: WriteLedger
  verification: Verification
  cpu: { server: number; postgres: number }
  unanswered: number
  loadBefore: string
  loadAfter: string
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
}

/** Prints the per-route table, errors and the write check; returns what goes into the JSON. */
export function loadReport(input: ReportInput) {
  const { args, result, traffic, ledger, verification, cpu } = input
  const seconds = args.duration
  const routes = ROUTES.map((route) => {
    const stats = traffic.stats.get(route)
    const latencies = [...(stats?.latencies ?? [])].sort((a, b) => a - b)
    const statuses = Object.fromEntries(stats?.statuses ?? [])
    const errors = Object.entries(statuses)
      .filter(([status]) => Number(status) >= 400)
      .reduce((sum, [, n]) => sum + n, 0)
    return {
      route,
      share: MIX[route],
      answered: latencies.length,
      reqPerSec: latencies.length / seconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1) ?? NaN,
      errors,
      statuses,
    }
  })
  const httpErrors = routes.reduce((sum, r) => sum + r.errors, 0)
  const socketErrors = result.errors + result.timeouts
  const lost = verification.lost.creates + verification.lost.edits + verification.lost.deletes
  console.log(
    `\n${args.target.engine}, ${input.talents.toLocaleString('en')} talents, ` +
      `${args.connections} connections × ${seconds} s\n`,
  )
  console.log(
    markdownTable(
      ['route', 'share', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors (4xx/5xx)'],
      routes.map((r) => [
        r.route,
        `${r.share} %`,
        r.answered.toLocaleString('en'),
        Math.round(r.reqPerSec).toLocaleString('en'),
        ms(r.p50),
        ms(r.p99),
        ms(r.max),
        String(r.errors),
      ]),
    ),
  )
  const total = routes.reduce((sum, r) => sum + r.answered, 0)
  console.log(
    `\ntotal ${total.toLocaleString('en')} requests, ${Math.round(total / seconds).toLocaleString('en')} req/s; ` +
      `HTTP errors ${httpErrors}, socket errors ${result.errors}, timeouts ${result.timeouts}; ` +
      `${input.unanswered} in flight when the clock stopped`,
  )
  // CPU per request holds up better than req/s on a shared machine: it is what each request costs.
  const cpuMsPerRequest = total > 0 ? (cpu.server * 10 * seconds) / total : NaN
  const postgresCpu =
    args.target.engine === 'postgres' && cpu.postgres >= 0
      ? `, all postgres processes on the machine ${Math.round(cpu.postgres)} %`
      : ''
  console.log(
    `server CPU ${Math.round(cpu.server)} % of a core (${cpuMsPerRequest.toFixed(1)} ms per request)${postgresCpu}; ` +
      `load average before ${input.loadBefore}, after ${input.loadAfter}`,
  )
  const a = ledger.acknowledged
  const u = ledger.unknown
  console.log(
    `\nwrites acknowledged: ${a.create} creates (incl. fixtures), ${a.edit} edits, ${a.delete} deletes; ` +
      `outcome unknown (no answer or an error): ${u.create} creates, ${u.edit} edits, ${u.delete} deletes`,
  )
  console.log(
    `checked in the database: ${verification.checked} talents, ${verification.uncertain} skipped as uncertain; ` +
      `LOST: ${verification.lost.creates} creates, ${verification.lost.edits} edits, ${verification.lost.deletes} deletes`,
  )
  for (const example of verification.examples) console.log(`  ${example}`)
  const failed = httpErrors + socketErrors + lost > 0
  console.log(failed ? '\nFAIL: errors or lost writes' : '\nPASS: 0 errors, 0 lost writes')
  return {
    engine: args.target.engine,
    talents: input.talents,
    connections: args.connections,
    duration: seconds,
    total,
    reqPerSec: total / seconds,
    routes,
    errors: { http: httpErrors, socket: result.errors, timeouts: result.timeouts },
    unanswered: input.unanswered,
    writes: { acknowledged: a, unknown: u },
    verification,
    cpu: { ...cpu, serverMsPerRequest: cpuMsPerRequest },
    failed,
  }
}
