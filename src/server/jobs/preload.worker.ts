/**
 * A pool task (worker-pool.ts) that loads a task module into its thread without running it, so
 * the first real task does not pay for the TypeScript loader and the module's dependencies.
 */
export default async function preload(moduleHref: unknown): Promise<true> {
  if (typeof moduleHref !== 'string') throw new Error('preload.worker.ts needs a module URL')
  await import(moduleHref)
  return true
}
