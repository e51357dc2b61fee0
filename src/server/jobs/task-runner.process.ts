/*
 * A pool's child process (worker-pool.ts): its whole program. It loads the module named by its
 * first argument as it starts (so the first task is warm), says it is ready, then runs one task at a time as the
 * parent sends them: `{ id, module, input }` → the module's default export on `input` → `{ id, ok,
 * value }` or `{ id, ok: false, message }`. It has its own V8 heap, so a parser that blows up ends
 * this process and never the server (security rule 41). It imports nothing of the server's.
 */

type Task = { id: number; module: string; input: unknown }
type TaskFunction = (input: unknown) => unknown

const loaded = new Map<string, Promise<TaskFunction>>()

function load(href: string): Promise<TaskFunction> {
  let task = loaded.get(href)
  if (!task) {
    task = import(href).then((module: { default?: unknown }) => {
      if (typeof module.default !== 'function') throw new Error(`${href} has no default export`)
      return module.default as TaskFunction
    })
    loaded.set(href, task)
  }
  return task
}

function isTask(message: unknown): message is Task {
  return (
    typeof message === 'object' &&
    message !== null &&
    'id' in message &&
    typeof message.id === 'number' &&
    'module' in message &&
    typeof message.module === 'string'
  )
}

// Ready once the preloaded module is in (or failed to load: its task will say why), so the
// parent starts a task's clock only when this process can run it.
const preload = process.argv[2]
const started = preload ? load(preload).catch(() => undefined) : Promise.resolve()
void started.then(() => process.send?.({ ready: true }))

process.on('message', (message: unknown) => {
  if (!isTask(message)) return
  const { id } = message
  const answer = (reply: object) => {
    try {
      process.send?.({ id, ...reply })
    } catch (error) {
      // A value that cannot cross the channel is the task's failure, not this process's.
      process.send?.({ id, ok: false, message: String(error) })
    }
  }
  load(message.module)
    .then((run) => run(message.input))
    .then(
      (value) => answer({ ok: true, value }),
      (error: unknown) =>
        answer({ ok: false, message: error instanceof Error ? error.message : String(error) }),
    )
})

// The parent went away (it exited, or was killed): nothing is left to answer.
process.on('disconnect', () => process.exit(0))
