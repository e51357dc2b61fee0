import { expect } from 'vitest'
import type { DuplicateGroups } from '#shared/duplicates.ts'
import type { Talent } from '#shared/talent.ts'
import type { SignedIn } from './api-test.ts'

/** Adds a talent through the API (so every key the duplicate rules read is as in production). */
export async function addTalent(caller: SignedIn, fields: Partial<Talent>): Promise<Talent> {
  const response = await caller.inject('POST', '/api/talents', {
    fullName: 'Dana Reyes',
    email: 'dana.reyes@example.com',
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
    ...fields,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Talent>()
}

/**
 * 'Scan again', then waits for the background scan (and any job due) to finish, and reads the
 * stored groups: what the duplicates page shows once the scan is done.
 */
export async function scanNow(
  api: { app: { jobs: { drain: () => Promise<void> } } },
  caller: SignedIn,
): Promise<DuplicateGroups> {
  const requested = await caller.inject('POST', '/api/duplicates/scan')
  expect(requested.statusCode, requested.body).toBe(202)
  await api.app.jobs.drain()
  const response = await caller.inject('GET', '/api/duplicates')
  expect(response.statusCode, response.body).toBe(200)
  const groups = response.json<DuplicateGroups>()
  expect(groups.scanning).toBe(false)
  return groups
}
