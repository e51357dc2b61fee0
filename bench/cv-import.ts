/**
 * An import of 100 CVs (PDF and DOCX from the generated corpus, 5 layouts)
 * end to end — upload, reading in worker threads, talents written — while 20 connections ask for
 * the talent list, and the server's memory sampled throughout. Budgets: import ≤ 60 s, list p99
 * ≤ 50 ms meanwhile, server RSS ≤ 500 MB. First, single 2-page PDFs and DOCX files: upload → text
 * ready ≤ 1 s. Exit code 1 when one is missed.
 *
 *   npm run bench:cv-import -- --engine pglite      (a scratch DATA_DIR, /tmp/scout-bench)
 *   npm run bench:cv-import -- --engine postgres    (the scout_bench database)
 */
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { z } from 'zod'
import { generateCorpus } from '../tests/support/cv-corpus.ts'
import { makeDocx, makePdf, makePdfPages } from '../tests/support/cv-files.ts'
import { parseCommonArgs } from './lib/cli.ts'
import { prepareDatabase } from './lib/database.ts'
import { loadAverage } from './lib/report.ts'
import { signIn, startServer } from './lib/server.ts'

const FILES = 100
const CONNECTIONS = 20
const BUDGET = { importSeconds: 60, listP99Ms: 50, rssMb: 500, textReadyMs: 1000 }

const importSchema = z.object({
  state: z.string(),
  total: z.number(),
  done: z.number(),
  counts: z.record(z.string(), z.number()),
})

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

/** 100 CVs with unique e-mails (a run never attaches to talents of an earlier run). */
function stackOfCvs(run: string): FormData {
  const form = new FormData()
  for (const [i, cv] of generateCorpus(FILES, Date.now() % 10_000).entries()) {
    const text = cv.text.replace(cv.truth.email, `${run}.${i}.${cv.truth.email}`)
    const lines = text.split('\n')
    const bytes = i % 2 === 0 ? makePdf(lines) : makeDocx(lines)
    form.append(
      'file',
      new Blob([new Uint8Array(bytes)]),
      `cv-${i}.${i % 2 === 0 ? 'pdf' : 'docx'}`,
    )
  }
  return form
}

type Headers = Record<string, string>

/** Upload → text ready for one 2-page CV on a new talent, polled every 20 ms. */
async function timeOneCv(url: string, headers: Headers, kind: 'pdf' | 'docx', n: number) {
  const [cv] = generateCorpus(1, 900 + n)
  if (!cv) throw new Error('no CV generated')
  const lines = cv.text.split('\n')
  const half = Math.ceil(lines.length / 2)
  const bytes =
    kind === 'pdf'
      ? makePdfPages([lines.slice(0, half), lines.slice(half)])
      : makeDocx([...lines.slice(0, half), { text: 'Page two', heading: 1 }, ...lines.slice(half)])
  const talent = await fetch(`${url}/api/talents`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      fullName: `Bench Timing ${Date.now()} ${n}`,
      email: `bench.timing.${Date.now()}.${n}@bench.test`,
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
    }),
  })
  const { id } = z.object({ id: z.number() }).parse(await talent.json())
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), `timing.${kind}`)
  const started = performance.now()
  const uploaded = await fetch(`${url}/api/talents/${id}/cv`, {
    method: 'POST',
    headers,
    body: form,
  })
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}`)
  for (;;) {
    const read = await fetch(`${url}/api/talents/${id}/cv`, { headers })
    const { textStatus } = z.object({ textStatus: z.string() }).parse(await read.json())
    if (textStatus !== 'pending') return { ms: performance.now() - started, textStatus }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Four of each kind; the server warms one parser thread at start, so even the first is not cold. */
async function timeSingleCvs(url: string, headers: Headers): Promise<number> {
  let worst = 0
  for (const kind of ['pdf', 'docx'] as const) {
    const times: string[] = []
    for (let n = 0; n < 4; n++) {
      const { ms, textStatus } = await timeOneCv(url, headers, kind, n)
      if (textStatus !== 'ready') throw new Error(`a generated ${kind} was ${textStatus}`)
      worst = Math.max(worst, ms)
      times.push(ms.toFixed(0))
    }
    console.log(`2-page ${kind.toUpperCase()}: upload → text ready ${times.join(', ')} ms`)
  }
  console.log(`worst ${worst.toFixed(0)} ms (budget ${BUDGET.textReadyMs} ms)`)
  return worst
}

async function main(): Promise<void> {
  const { target, talents, encoding } = parseCommonArgs(process.argv.slice(2))
  await prepareDatabase(target, talents)
  const server = await startServer(target, { loopDelay: true })
  try {
    const { token } = await signIn(server.url)
    const headers = { authorization: `Bearer ${token}` }
    const textReadyMs = await timeSingleCvs(server.url, headers)
    // Built before the load starts: the bench's own PDF and DOCX writing is not the server's work.
    const cvs = stackOfCvs(Date.now().toString(36))
    const startRss = rssMb(server.pid)
    let peakRss = startRss
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 200)
    let finishList: (result: autocannon.Result) => void = () => undefined
    const listDone = new Promise<autocannon.Result>((resolve) => (finishList = resolve))
    // The callback form returns the running instance, so the load stops when the import is done.
    const list = autocannon(
      {
        url: `${server.url}/api/talents?limit=50`,
        // As the dashboard asks (--encoding identity for an uncompressed client).
        headers: { ...headers, 'accept-encoding': encoding },
        connections: CONNECTIONS,
        duration: 600,
      },
      (_error, result) => finishList(result),
    )
    await server.loopDelay() // the server's window starts with the import
    const started = performance.now()
    const response = await fetch(`${server.url}/api/cv/imports`, {
      method: 'POST',
      headers,
      body: cvs,
    })
    const uploadedMs = performance.now() - started
    const { importId } = z.object({ importId: z.number() }).parse(await response.json())
    let state = importSchema.parse({ state: 'running', total: FILES, done: 0, counts: {} })
    while (state.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 250))
      const read = await fetch(`${server.url}/api/cv/imports/${importId}`, { headers })
      state = importSchema.parse(await read.json())
    }
    const seconds = (performance.now() - started) / 1000
    list.stop()
    const loop = await server.loopDelay()
    const traffic = await listDone
    clearInterval(sampler)

    console.log(
      `bench:cv-import on ${target.engine}, ${talents} talents, load average ${loadAverage()}`,
    )
    console.log(
      `${FILES} CVs: uploaded in ${(uploadedMs / 1000).toFixed(1)} s, all read in ${seconds.toFixed(1)} s ` +
        `(budget ${BUDGET.importSeconds} s) — ${JSON.stringify(state.counts)}`,
    )
    console.log(
      `talent list meanwhile (accept-encoding "${encoding}"): ${traffic.requests.average.toFixed(0)} req/s, p50 ${traffic.latency.p50} ms, ` +
        `p99 ${traffic.latency.p99} ms (budget ${BUDGET.listP99Ms} ms), errors ${traffic.errors}, non-2xx ${traffic.non2xx}`,
    )
    console.log(
      `server event loop meanwhile: gaps between 10 ms ticks p50 ${loop.p50.toFixed(1)} ms, ` +
        `p99 ${loop.p99.toFixed(1)} ms, max ${loop.max.toFixed(1)} ms; loop busy ` +
        `${(100 * loop.busy).toFixed(0)} %, server CPU ${loop.cpu.toFixed(0)} % of a core`,
    )
    console.log(
      `server RSS peak ${peakRss.toFixed(0)} MB (budget ${BUDGET.rssMb} MB; ${startRss.toFixed(0)} MB before the import)`,
    )
    const pass =
      textReadyMs <= BUDGET.textReadyMs &&
      seconds <= BUDGET.importSeconds &&
      traffic.latency.p99 <= BUDGET.listP99Ms &&
      peakRss <= BUDGET.rssMb &&
      traffic.non2xx === 0
    console.log(pass ? 'PASS' : 'FAIL')
    process.exitCode = pass ? 0 : 1
  } finally {
    await server.stop()
  }
}

await main()
