import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { timestamps } from './schema.ts'

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const

// jobs/ (docs/architecture.md, "Shared modules"): durable work in the database, the same on both engines.
// Enqueued in the caller's transaction; claimed with FOR UPDATE SKIP LOCKED; a running job whose
// lease ran out (its process died) is claimed again.
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    // The claim query: due queued jobs and expired leases, oldest first.
    index('jobs_claim_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.state} in ('queued', 'running')`),
  ],
)
