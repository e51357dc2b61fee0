import { buildServer } from '../../../scripts/build/server.ts'

/** The fault tests start the server as `npm run serve` does: from a build of the code under test. */
export default async function setup(): Promise<void> {
  await buildServer()
}
