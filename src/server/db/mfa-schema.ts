import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { ownerIdColumn, timestamps } from './schema.ts'

// Two-factor sign-in's tables, beside the core schema (schema.ts); drizzle-kit reads both.

// Ten one-time recovery codes per enrolled user, stored as SHA-256 (security rule 38).
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: ownerIdColumn('user_id'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
)

// The sign-in step between a right password and the second factor: a short-lived, single-use
// token (only its SHA-256 is kept) naming the user and what is due ('verify' or 'enroll').
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: serial('id').primaryKey(),
    userId: ownerIdColumn('user_id'),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['verify', 'enroll'] }).notNull(),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('mfa_challenges_user_id_idx').on(t.userId)],
)
