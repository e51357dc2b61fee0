import { readdirSync, readFileSync } from 'node:fs'

/** Linux clock ticks per second (USER_HZ), the unit of utime/stime in /proc/<pid>/stat. */
const TICKS_PER_SECOND = 100

/** CPU seconds (user + system) a process has used so far; 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the ")" closing the command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    // The process ended between listing and reading.
    return 0
  }
}

/** Every process whose command name is `name` (e.g. the PostgreSQL backends). */
function pidsNamed(name: string): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry))
    } catch {
      // Gone already.
    }
  }
  return pids
}

export type CpuSample = { at: number; server: number; postgres: number }

export function sampleCpu(serverPid: number): CpuSample {
  const postgres = pidsNamed('postgres').reduce((sum, pid) => sum + cpuSeconds(pid), 0)
  return { at: performance.now(), server: cpuSeconds(serverPid), postgres }
}

/** CPU use between two samples, in percent of one core (200 % = both cores of this machine). */
export function cpuPercent(from: CpuSample, to: CpuSample): { server: number; postgres: number } {
  const seconds = (to.at - from.at) / 1000
  return {
    server: (100 * (to.server - from.server)) / seconds,
    postgres: (100 * (to.postgres - from.postgres)) / seconds,
  }
}
