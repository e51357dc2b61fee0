import { z } from 'zod'

/** The fields a load-test talent is created with and edited through (PUT takes the same). */
export type TalentBody = {
  fullName: string
  email: string
  areaOfInterest: 'Engineering' | 'Design' | 'Health'
  seniorityLevel: 'junior' | 'mid' | 'senior'
  notes: string
  tags: string[]
  status: ('Shortlisted' | 'Interviewed')[]
}

/**
 * What the database must hold for one talent this run created, after every acknowledged write:
 * - idle: the last acknowledged body (create or edit) is the stored one;
 * - busy: a write is in flight (no other write is sent for it meanwhile, so acknowledgements
 *   arrive in commit order and "the last acknowledged edit" is well defined);
 * - deleted: a DELETE was acknowledged, so the row must be gone;
 * - uncertain: a write got no answer or an error (its outcome is unknown; not checked).
 */
export type Expected = {
  body: TalentBody
  updatedAt: string
  state: 'idle' | 'busy' | 'deleted' | 'uncertain'
}

export const talentReplySchema = z.object({ id: z.number().int(), updatedAt: z.string() })

export type WriteKind = 'create' | 'edit' | 'delete'

/** Every write the load test sent and what came back: the ground truth the database is checked against. */
export class WriteLedger {
  readonly runId: string
  readonly talents = new Map<number, Expected>()
  readonly acknowledged: Record<WriteKind, number> = { create: 0, edit: 0, delete: 0 }
  readonly unknown: Record<WriteKind, number> = { create: 0, edit: 0, delete: 0 }
  private readonly idle: number[] = []
  private next = 0

  constructor(runId: string) {
    this.runId = runId
  }

  /** A talent nobody has seen yet (unique e-mail per run). */
  newBody(): TalentBody {
    const n = this.next++
    return {
      fullName: `Load Test ${this.runId} ${n}`,
      email: `load-${this.runId}-${n}@bench.test`,
      areaOfInterest: (['Engineering', 'Design', 'Health'] as const)[n % 3] ?? 'Design',
      seniorityLevel: (['junior', 'mid', 'senior'] as const)[n % 3] ?? 'mid',
      notes: `created by bench:load run ${this.runId}`,
      tags: n % 2 === 0 ? ['High Potential'] : [],
      status: n % 4 === 0 ? ['Shortlisted'] : [],
    }
  }

  created(body: TalentBody, reply: string): void {
    const { id, updatedAt } = talentReplySchema.parse(JSON.parse(reply))
    this.talents.set(id, { body, updatedAt, state: 'idle' })
    this.idle.push(id)
    this.acknowledged.create++
  }

  /** Takes an idle talent of this run for an edit or delete (random, so rows spread). */
  checkout(): { id: number; expected: Expected } | undefined {
    if (this.idle.length === 0) return undefined
    const index = Math.floor(Math.random() * this.idle.length)
    const id = this.idle[index]
    const last = this.idle.pop()
    if (id === undefined || last === undefined) return undefined
    if (index < this.idle.length) this.idle[index] = last
    const expected = this.talents.get(id)
    if (!expected) return undefined
    expected.state = 'busy'
    return { id, expected }
  }

  edited(id: number, body: TalentBody, reply: string): void {
    const expected = this.talents.get(id)
    if (!expected) return
    const { updatedAt } = talentReplySchema.parse(JSON.parse(reply))
    Object.assign(expected, { body, updatedAt, state: 'idle' })
    this.idle.push(id)
    this.acknowledged.edit++
  }

  deleted(id: number): void {
    const expected = this.talents.get(id)
    if (expected) expected.state = 'deleted'
    this.acknowledged.delete++
  }

  /** A write with no answer (the run ended, a timeout) or an error answer: outcome unknown. */
  unsure(kind: WriteKind, id: number | undefined): void {
    this.unknown[kind]++
    const expected = id === undefined ? undefined : this.talents.get(id)
    if (expected) expected.state = 'uncertain'
  }
}
