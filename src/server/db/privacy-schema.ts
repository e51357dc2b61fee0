import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { actorIdColumn, timestamps } from './schema.ts'

/**
 * What stays of an erased talent (security rule 51): when, who, why, and keyed hashes of the
 * normalised e-mail and phone (privacy/erasure/identifiers.ts) — never the values themselves — so
 * a later form entry or import of the same person is warned. `keyId` names the key the hashes
 * were made with. `talentId` is the erased row's former id (no foreign key: the row is gone).
 */
export const erasures = pgTable(
  'erasures',
  {
    id: serial('id').primaryKey(),
    talentId: integer('talent_id').notNull(),
    erasedById: actorIdColumn('erased_by_id'),
    reason: text('reason').notNull(),
    emailHash: text('email_hash'),
    phoneHash: text('phone_hash'),
    keyId: text('key_id').notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index('erasures_email_hash_idx').on(t.emailHash),
    index('erasures_phone_hash_idx').on(t.phoneHash),
  ],
)
