import { readdirSync, readFileSync } from 'node:fs'

/** A process's resident set in MB (Linux /proc), or 0 once it is gone. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
    return kb ? Number(kb) / 1024 : 0
  } catch {
    return 0
  }
}

/** Every process below `pid` (children, theirs…), from /proc's parent links. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // The command name may hold spaces and parentheses: the fields start after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const siblings = parents.get(ppid) ?? []
      siblings.push(Number(entry))
      parents.set(ppid, siblings)
    } catch {
      // Gone between the listing and the read.
    }
  }
  const found: number[] = []
  const walk = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      found.push(child)
      walk(child)
    }
  }
  walk(pid)
  return found
}

export type RssPeaks = { serverMb: number; treeMb: number }

/**
 * Samples the server's RSS, and the RSS of the server with every process it started (a parser in
 * a child process counts there), every `everyMs` until stopped; answers the peaks.
 */
export function sampleRss(pid: number, everyMs = 50): { stop: () => RssPeaks } {
  const peaks: RssPeaks = { serverMb: 0, treeMb: 0 }
  const sample = () => {
    const server = rssMb(pid)
    const tree = server + descendants(pid).reduce((sum, child) => sum + rssMb(child), 0)
    peaks.serverMb = Math.max(peaks.serverMb, server)
    peaks.treeMb = Math.max(peaks.treeMb, tree)
  }
  sample()
  const timer = setInterval(sample, everyMs)
  return {
    stop: () => {
      clearInterval(timer)
      sample()
      return peaks
    },
  }
}
