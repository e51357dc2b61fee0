import { readFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { cvDetailSchema } from '#shared/cv.ts'
import { MISDECLARED_MESSAGE, tooLargeMessage } from '#server/files/zip-guard.ts'
import { WORKBOOK_ZIP_LIMITS } from '#server/imports/read-xlsx.worker.ts'
import { sharedStringsBomb, underDeclaredDocx } from '#tests/support/hostile-files.ts'
import { bearer, call, signIn } from './support/api.ts'
import { startScout } from './support/scout-process.ts'

// Security rule 41 against the real built server: the shared-strings bomb (which once aborted the
// process after ~12 s) and a DOCX that understates a part (once +580 MB a preview) are refused;
// the process lives, /api/health keeps answering within 500 ms, and its memory stays bounded.

const HEALTH_BUDGET_MS = 500
const RSS_GROWTH_BUDGET_MB = 512

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A process's resident size in MB (Linux /proc), 0 once it is gone. */
function residentMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
  } catch {
    return 0
  }
}

async function upload(url: string, token: string, route: string, name: string, bytes: Buffer) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: bearer(token),
    body: form,
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

test('security rule 41: the shared-strings bomb and an under-declared DOCX (previewed twice) leave the real server alive, answering and bounded', async ({
  annotate,
}) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scout-faults-hostile-'))
  // Built before the server is watched, so generating them is not counted against it.
  const bomb = sharedStringsBomb()
  const liar = underDeclaredDocx()
  const server = await startScout({ dataDir })
  let watching = true
  try {
    const token = await signIn(server.url)
    // Idle: started, signed in, the parser child warm.
    await delay(2000)
    const idleMb = residentMb(server.pid)
    let peakMb = idleMb
    let slowestHealthMs = 0
    const sampler = (async () => {
      while (watching) {
        peakMb = Math.max(peakMb, residentMb(server.pid))
        await delay(50)
      }
    })()
    const health = (async () => {
      while (watching) {
        const started = performance.now()
        const response = await fetch(`${server.url}/api/health`)
        await response.arrayBuffer()
        expect(response.status).toBe(200)
        slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started)
        await delay(100)
      }
    })()

    const refused = await upload(server.url, token, '/api/imports', 'people.xlsx', bomb)
    expect(refused).toEqual({
      status: 400,
      body: { message: tooLargeMessage(WORKBOOK_ZIP_LIMITS) },
    })

    const created = await call(server.url, token, 'POST', '/api/talents', {
      fullName: 'Dana Reyes',
      email: 'dana@hostile.test',
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
    })
    expect(created.status).toBe(201)
    const id = (created.body as { id: number }).id
    const attached = await upload(server.url, token, `/api/talents/${id}/cv`, 'cv.docx', liar)
    expect(attached.status, JSON.stringify(attached.body)).toBe(201)
    let cv = cvDetailSchema.parse(
      (await call(server.url, token, 'GET', `/api/talents/${id}/cv`)).body,
    )
    for (let tries = 0; cv.textStatus === 'pending' && tries < 600; tries++) {
      await delay(100)
      cv = cvDetailSchema.parse(
        (await call(server.url, token, 'GET', `/api/talents/${id}/cv`)).body,
      )
    }
    expect(cv).toMatchObject({ textStatus: 'unreadable', textError: MISDECLARED_MESSAGE })
    for (let view = 0; view < 2; view++) {
      const preview = await call(server.url, token, 'GET', `/api/talents/${id}/cv/preview`)
      expect(preview).toEqual({ status: 200, body: { kind: 'text' } })
    }

    watching = false
    await Promise.all([sampler, health])
    expect(server.child.exitCode, server.output()).toBeNull()
    expect(server.child.signalCode, server.output()).toBeNull()
    await annotate(
      `idle ${idleMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB (+${(peakMb - idleMb).toFixed(0)} MB); slowest /api/health ${slowestHealthMs.toFixed(0)} ms`,
    )
    expect(peakMb - idleMb).toBeLessThanOrEqual(RSS_GROWTH_BUDGET_MB)
    expect(slowestHealthMs).toBeLessThanOrEqual(HEALTH_BUDGET_MS)
  } finally {
    watching = false
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 300_000)
