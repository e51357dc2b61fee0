/**
 * Hostile uploads against the real server (security rule 41, 44, 45, 47 in docs/security-tests.md):
 * each file or body below is sent to the route a person would use, while /api/health is polled
 * from a thread of its own and the server's RSS (and that of every process it started) is sampled.
 * Each row prints the answer, the time to it, the peak RSS above the idle figure, and health
 * latency meanwhile, against its budgets:
 *   - the answer is a clear 4xx, or a success for a file that is read correctly;
 *   - the server never exits; /api/health ≤ 500 ms throughout (≤ 100 ms while a 50 MB CSV is
 *     stored and sampled);
 *   - the server's RSS ≤ 512 MB above idle. The parser children it starts are printed beside it:
 *     each has its own heap bound and is killed above it (src/server/jobs/worker-pool.ts), so they
 *     cannot take the server with them.
 * Exit code 1 when a budget is missed.
 *
 *   npm run bench:abuse -- --engine pglite        (a scratch DATA_DIR, /tmp/scout-bench-abuse)
 *   npm run bench:abuse -- --engine postgres      (the scout_bench_abuse database)
 *   npm run bench:abuse -- --engine pglite --only docx,json
 */
import { parseCommonArgs, scratchTarget } from './lib/cli.ts'
import { healthProbe } from './lib/health-probe.ts'
import { sampleRss, rssMb } from './lib/process-rss.ts'
import { prepareDatabase } from './lib/database.ts'
import { loadAverage, markdownTable, percentile } from './lib/report.ts'
import { signIn, startServer, type RunningServer } from './lib/server.ts'
import { multipartFiles } from '../tests/support/cv-files.ts'
import {
  manySharedStrings,
  millionRowWorkbook,
  sharedStringsBomb,
  tenThousandEntryZip,
  underDeclaredDocx,
  underDeclaredOdt,
} from '../tests/support/hostile-files.ts'

const HEALTH_BUDGET_MS = 500
const RSS_BUDGET_MB = 512
/** How long a case may take to reach its answer (a job's end, where it has one). */
const CASE_DEADLINE_MS = 180_000

type Answer = { status: number; message: string }
type Context = { url: string; token: string }
type Case = {
  name: string
  /** The worst /api/health latency allowed while the case runs. */
  healthBudgetMs: number
  /** A success is right for this file (it is read correctly); otherwise only a 4xx is. */
  successAllowed: boolean
  /**
   * Builds what is sent, before the health probe starts: generating a 50 MB file is the bench's
   * own work on this machine's two cores, not something the server makes a person wait for.
   */
  make: () => Buffer
  run: (context: Context, bytes: Buffer) => Promise<Answer>
}

async function call(
  { url, token }: Context,
  method: string,
  path: string,
  body?: { payload: Buffer | string; headers: Record<string, string> },
): Promise<{ status: number; json: unknown; text: string }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...body?.headers },
    ...(body
      ? { body: typeof body.payload === 'string' ? body.payload : new Uint8Array(body.payload) }
      : {}),
    signal: AbortSignal.timeout(CASE_DEADLINE_MS),
  })
  const text = await response.text()
  let json: unknown = undefined
  try {
    json = JSON.parse(text)
  } catch {
    // Not JSON: the text is the message.
  }
  return { status: response.status, json, text }
}

function messageOf(json: unknown, text: string): string {
  if (typeof json === 'object' && json !== null && 'message' in json) return String(json.message)
  return text.slice(0, 120)
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined

async function pollUntil(check: () => Promise<{ done: boolean; answer: Answer }>): Promise<Answer> {
  const deadline = Date.now() + CASE_DEADLINE_MS
  for (;;) {
    const { done, answer } = await check()
    if (done || Date.now() > deadline) return answer
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** POST /api/imports with the file; for a CSV that is taken, its dry run too (the row checks). */
async function uploadSpreadsheet(
  context: Context,
  name: string,
  bytes: Buffer,
  dryRun: boolean,
): Promise<Answer> {
  const upload = await call(context, 'POST', '/api/imports', multipartFiles([{ name, bytes }]))
  if (upload.status !== 201 || !dryRun) {
    return { status: upload.status, message: messageOf(upload.json, upload.text) }
  }
  const importId = Number(field(upload.json, 'importId'))
  const mapping = field(upload.json, 'suggestedMapping')
  await call(context, 'PUT', `/api/imports/${importId}/mapping`, {
    payload: JSON.stringify(mapping),
    headers: { 'content-type': 'application/json' },
  })
  await call(context, 'POST', `/api/imports/${importId}/dry-run`)
  return pollUntil(async () => {
    const result = await call(context, 'GET', `/api/imports/${importId}/dry-run`)
    const invalid = field(result.json, 'invalid')
    return {
      done: result.status !== 202,
      answer: {
        status: result.status,
        message:
          result.status === 200
            ? `dry run: ${String(invalid)} refused of ${String(field(result.json, 'total'))}`
            : messageOf(result.json, result.text),
      },
    }
  })
}

/** A talent to attach CVs to. */
async function newTalent(context: Context, label: string): Promise<number> {
  const created = await call(context, 'POST', '/api/talents', {
    payload: JSON.stringify({
      fullName: `Abuse ${label}`,
      email: `abuse-${label}-${Date.now()}@bench.test`,
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
    }),
    headers: { 'content-type': 'application/json' },
  })
  if (created.status !== 201) throw new Error(`could not add a talent: ${created.text}`)
  return Number(field(created.json, 'id'))
}

/** Attaches the CV, waits for its text to be read, then asks for its preview twice. */
async function attachAndPreview(context: Context, name: string, bytes: Buffer): Promise<Answer> {
  const talentId = await newTalent(context, name.replace(/\W/g, ''))
  const upload = await call(
    context,
    'POST',
    `/api/talents/${talentId}/cv`,
    multipartFiles([{ name, bytes }]),
  )
  if (upload.status !== 201) {
    return { status: upload.status, message: messageOf(upload.json, upload.text) }
  }
  const read = await pollUntil(async () => {
    const cv = await call(context, 'GET', `/api/talents/${talentId}/cv`)
    const status = field(cv.json, 'textStatus')
    return {
      done: status !== 'pending',
      answer: { status: cv.status, message: `text ${String(status)}` },
    }
  })
  const previews: string[] = []
  for (let i = 0; i < 2; i++) {
    const started = performance.now()
    const preview = await call(context, 'GET', `/api/talents/${talentId}/cv/preview`)
    const ms = (performance.now() - started).toFixed(0)
    previews.push(`${preview.status} in ${ms} ms`)
  }
  return { status: read.status, message: `${read.message}; previews ${previews.join(', ')}` }
}

/** POST /api/cv/imports with the zip; when taken, waits for the import to end. */
async function importZip(context: Context, name: string, bytes: Buffer): Promise<Answer> {
  const upload = await call(context, 'POST', '/api/cv/imports', multipartFiles([{ name, bytes }]))
  if (upload.status !== 202) {
    return { status: upload.status, message: messageOf(upload.json, upload.text) }
  }
  const importId = Number(field(upload.json, 'importId'))
  return pollUntil(async () => {
    const state = await call(context, 'GET', `/api/cv/imports/${importId}`)
    const items = field(state.json, 'items')
    const rows = Array.isArray(items) ? items : []
    const pending = rows.filter((row) =>
      ['queued', 'reading'].includes(String(field(row, 'status'))),
    )
    const failed = rows.filter((row) => field(row, 'status') === 'failed')
    const reason = failed[0] ? String(field(failed[0], 'message') ?? field(failed[0], 'error')) : ''
    return {
      done: pending.length === 0,
      answer: {
        status: state.status,
        message: `${rows.length} rows, ${failed.length} failed${reason ? `: ${reason}` : ''}`,
      },
    }
  })
}

/** Why a fetch failed: undici puts the socket's own error (ECONNRESET, EPIPE) in `cause`. */
function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  return error.cause instanceof Error ? error.cause.message : error.message
}

/** A JSON body of about `mb` MB to POST /api/talents (a note far over its limit). */
function jsonBody(mb: number): Buffer {
  return Buffer.from(
    JSON.stringify({
      fullName: 'Big Body',
      email: 'big-body@bench.test',
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
      notes: 'x'.repeat(mb * 1024 * 1024),
    }),
  )
}

async function postJson(context: Context, payload: Buffer): Promise<Answer> {
  try {
    const answer = await call(context, 'POST', '/api/talents', {
      payload,
      headers: { 'content-type': 'application/json' },
    })
    return { status: answer.status, message: messageOf(answer.json, answer.text) }
  } catch (error) {
    // A reset before the answer: the client never read one, which the budget counts as a miss.
    return {
      status: 0,
      message: `no answer: ${causeOf(error)}`,
    }
  }
}

/** A CSV of about `mb` MB (the upload limit is 50 MB), rows of plausible talents. */
function largeCsv(mb: number): Buffer {
  const header = 'Full Name,Email,Area of Interest,Seniority Level,Notes\n'
  const lines = [header]
  let size = header.length
  for (let i = 0; size < mb * 1_000_000 - 200; i++) {
    const line = `Person ${i},person${i}@bench.test,Design,Mid,${'note '.repeat(20)}\n`
    lines.push(line)
    size += line.length
  }
  return Buffer.from(lines.join(''))
}

const CASES: Case[] = [
  {
    name: 'xlsx: one 480 MiB shared string',
    healthBudgetMs: HEALTH_BUDGET_MS,
    successAllowed: false,
    make: () => Buffer.from(sharedStringsBomb()),
    run: (c, bytes) => uploadSpreadsheet(c, 'bomb.xlsx', bytes, false),
  },
  {
    name: 'xlsx: 20 M small shared strings',
    healthBudgetMs: HEALTH_BUDGET_MS,
    successAllowed: false,
    make: () => Buffer.from(manySharedStrings()),
    run: (c, bytes) => uploadSpreadsheet(c, 'strings.xlsx', bytes, false),
  },
  {
    name: 'xlsx: 1,000,000 rows, one column',
    healthBudgetMs: HEALTH_BUDGET_MS,
    successAllowed: true,
    make: () => Buffer.from(millionRowWorkbook()),
    run: (c, bytes) => uploadSpreadsheet(c, 'million.xlsx', bytes, false),
  },
  {
    name: 'docx: directory under-declares a 1 GiB part',
    healthBudgetMs: HEALTH_BUDGET_MS,
    successAllowed: true,
    make: () => Buffer.from(underDeclaredDocx()),
    run: (c, bytes) => attachAndPreview(c, 'liar.docx', bytes),
  },
  {
    name: 'odt: directory under-declares a 1 GiB part',
    healthBudgetMs: HEALTH_BUDGET_MS,
    successAllowed: true,
    make: () => Buffer.from(underDeclaredOdt()),
    run: (c, bytes) => attachAndPreview(c, 'liar.odt', bytes),
  },
  {
    name: 'zip: 10,000 tiny entries',
    healthBudgetMs: HEALTH_BUDGET_MS,
    successAllowed: false,
    make: () => Buffer.from(tenThousandEntryZip()),
    run: (c, bytes) => importZip(c, 'many.zip', bytes),
  },
  {
    name: 'csv: a NUL in a cell',
    healthBudgetMs: HEALTH_BUDGET_MS,
    successAllowed: true,
    make: () =>
      Buffer.from('Full Name,Email\nAda Null,ada\u0000@bench.test\nBo Fine,bo@bench.test\n'),
    run: (c, bytes) => uploadSpreadsheet(c, 'nul.csv', bytes, true),
  },
  {
    name: 'csv: 50 MB',
    healthBudgetMs: 100,
    successAllowed: true,
    make: () => largeCsv(49),
    run: (c, bytes) => uploadSpreadsheet(c, 'large.csv', bytes, false),
  },
  ...[2, 4, 8, 16].map((mb): Case => ({
    name: `json: a ${mb} MB body`,
    healthBudgetMs: HEALTH_BUDGET_MS,
    successAllowed: false,
    make: () => jsonBody(mb),
    run: (c, bytes) => postJson(c, bytes),
  })),
]

type Row = {
  name: string
  answer: Answer
  ms: number
  rssAboveIdleMb: number
  treeAboveIdleMb: number
  healthP99: number
  healthMax: number
  alive: boolean
  misses: string[]
}

async function runCase(server: RunningServer, context: Context, item: Case): Promise<Row> {
  const bytes = item.make()
  const idle = rssMb(server.pid)
  const probe = healthProbe(server.url)
  const rss = sampleRss(server.pid)
  const started = performance.now()
  const startedAt = performance.timeOrigin + started
  let answer: Answer
  try {
    answer = await item.run(context, bytes)
  } catch (error) {
    answer = { status: 0, message: `no answer: ${causeOf(error)}` }
  }
  const ms = performance.now() - started
  // A moment after the answer: a runaway that outlives its request shows here.
  await new Promise((r) => setTimeout(r, 500))
  const peaks = rss.stop()
  const probes = await probe.stopTimed()
  const latencies = probes.map((p) => p.ms).toSorted((a, b) => a - b)
  const slowest = probes.toSorted((a, b) => b.ms - a.ms).slice(0, 3)
  const alive = rssMb(server.pid) > 0
  const row: Row = {
    name: item.name,
    answer,
    ms,
    rssAboveIdleMb: peaks.serverMb - idle,
    treeAboveIdleMb: peaks.treeMb - idle,
    healthP99: percentile(latencies, 99),
    healthMax: latencies.at(-1) ?? Infinity,
    alive,
    misses: [],
  }
  const okStatus = answer.status >= 400 && answer.status < 500
  const success = answer.status >= 200 && answer.status < 300
  if (!alive) row.misses.push('the server exited')
  if (!okStatus && !(item.successAllowed && success)) row.misses.push(`answer ${answer.status}`)
  if (row.healthMax > item.healthBudgetMs) {
    row.misses.push(`health > ${item.healthBudgetMs} ms`)
    // When in the case the slowest answers were asked for, beside the case's own time: which
    // part of the work (upload, reading, storing) to look at.
    const when = slowest.map((p) => `${Math.round(p.ms)} ms at +${Math.round(p.at - startedAt)}`)
    console.log(`  slowest health answers: ${when.join(', ')} (answer at +${Math.round(ms)})`)
  }
  if (row.rssAboveIdleMb > RSS_BUDGET_MB) row.misses.push(`RSS > +${RSS_BUDGET_MB} MB`)
  return row
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  const { only } = parseCommonArgs(argv)
  const target = scratchTarget(argv, 'abuse')
  await prepareDatabase(target, 1)
  const server = await startServer(target)
  const rows: Row[] = []
  try {
    const { token } = await signIn(server.url)
    const context = { url: server.url, token }
    for (const item of CASES) {
      if (only.length > 0 && !only.some((part) => item.name.includes(part))) continue
      console.log(`${item.name}…`)
      const row = await runCase(server, context, item)
      rows.push(row)
      console.log(`  ${row.answer.status} ${row.answer.message} (${row.ms.toFixed(0)} ms)`)
      if (!row.alive) break
    }
  } finally {
    await server.stop()
  }
  const mb = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(0)}`
  console.log(`\nbench:abuse on ${target.engine} (load ${loadAverage()})\n`)
  console.log(
    markdownTable(
      [
        'case',
        'answer',
        'time ms',
        'RSS MB (server / +children)',
        'health p99 / max ms',
        'verdict',
      ],
      rows.map((row) => [
        row.name,
        `${row.answer.status} ${row.answer.message.slice(0, 90)}`,
        row.ms.toFixed(0),
        `${mb(row.rssAboveIdleMb)} / ${mb(row.treeAboveIdleMb)}`,
        `${row.healthP99.toFixed(0)} / ${row.healthMax.toFixed(0)}`,
        row.misses.length === 0 ? 'pass' : `FAIL: ${row.misses.join('; ')}`,
      ]),
    ),
  )
  const failed = rows.some((row) => row.misses.length > 0)
  process.exit(failed ? 1 : 0)
}

await main()
