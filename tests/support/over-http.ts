import { createServer } from 'node:net'

/** Helpers for what talks to a Scout process over HTTP: the fault tests and the benches. */

/** A port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

/** Signs in through POST /api/auth/login; the bearer token and the user's id, or a clear throw. */
export async function signInOverHttp(
  url: string,
  account: { email: string; password: string },
): Promise<{ token: string; userId: number }> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  })
  const body: unknown = await response.json()
  if (
    !response.ok ||
    typeof body !== 'object' ||
    body === null ||
    !('token' in body) ||
    typeof body.token !== 'string' ||
    !('user' in body) ||
    typeof body.user !== 'object' ||
    body.user === null ||
    !('id' in body.user) ||
    typeof body.user.id !== 'number'
  ) {
    throw new Error(
      `sign-in as ${account.email} failed: ${response.status} ${JSON.stringify(body)}`,
    )
  }
  return { token: body.token, userId: body.user.id }
}
