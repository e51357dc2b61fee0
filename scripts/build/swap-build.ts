import { existsSync, lstatSync, readdirSync, realpathSync } from 'node:fs'
import { cp, rename, rm, symlink } from 'node:fs/promises'
import path from 'node:path'

/** How many earlier builds stay on disk beside the one served (for rollbacks and open browsers). */
export const BUILDS_KEPT = 3

/** Where the builds behind `target` live: `dist/client` → `dist/client.builds/`. */
export function buildsFolder(target: string): string {
  return `${path.resolve(target)}.builds`
}

/** A new, unique folder name for a build about to be written. */
export function newBuildFolder(target: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '')
  return path.join(buildsFolder(target), `${stamp}-${process.pid}`)
}

/**
 * Makes `target` point at `fresh` in one step: `target` is a symbolic link,
 * replaced by rename(2), which is atomic — a process serving `target` sees the old build or the
 * new one, never an empty or half-written folder. Hashed assets of the build being replaced are
 * copied into the new one first (never overwriting), so pages already open in a browser still
 * load their lazy chunks. Older builds beyond BUILDS_KEPT are removed.
 */
export async function swapInBuild(target: string, fresh: string): Promise<void> {
  const link = path.resolve(target)
  const previous = currentBuild(link)
  if (previous) await carryOverAssets(previous, fresh)
  if (existsSync(link) && !lstatSync(link).isSymbolicLink()) {
    // A folder left by an older Scout (before builds were swapped in): moved aside once.
    await rename(link, path.join(buildsFolder(link), `legacy-${Date.now()}`))
  }
  const staging = `${link}.next-${process.pid}`
  await rm(staging, { force: true })
  await symlink(path.relative(path.dirname(link), fresh), staging, 'dir')
  await rename(staging, link)
  await pruneBuilds(link, fresh)
}

function currentBuild(link: string): string | undefined {
  try {
    return realpathSync(link)
  } catch {
    return undefined
  }
}

async function carryOverAssets(previous: string, fresh: string): Promise<void> {
  const from = path.join(previous, 'assets')
  if (!existsSync(from)) return
  await cp(from, path.join(fresh, 'assets'), { recursive: true, force: false, errorOnExist: false })
}

async function pruneBuilds(link: string, fresh: string): Promise<void> {
  const folder = buildsFolder(link)
  const builds = readdirSync(folder)
    .map((name) => path.join(folder, name))
    .filter((dir) => dir !== fresh)
    .sort()
  const stale = builds.slice(0, Math.max(0, builds.length - (BUILDS_KEPT - 1)))
  await Promise.all(stale.map((dir) => rm(dir, { recursive: true, force: true })))
}
