import { expect } from 'vitest'
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
