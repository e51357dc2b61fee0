import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { PRIVACY_EVENT_KINDS } from '#shared/privacy-log.ts'
import { actorIdColumn, timestamps } from './schema.ts'

/**
 * The privacy log (security rule 54-55, privacy/log/record.ts): who handed out or removed
 * personal data, when, of which talent and how many. `talent_id` is no foreign key on purpose:
 * the entry must outlive the talent it names (an erasure is logged about a talent that is gone).
 * No column holds a talent's personal data; `details` is privacyEventDetailsSchema (shared), ids,
 * counts and enumerated words only. Rows are only ever added (updated_at is the house's column).
 */
export const privacyLog = pgTable(
  'privacy_log',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: PRIVACY_EVENT_KINDS }).notNull(),
    actorId: actorIdColumn('actor_id'),
    talentId: integer('talent_id'),
    count: integer('count'),
    details: jsonb('details').notNull().default({}),
    ...timestamps,
  },
  (t) => [index('privacy_log_talent_id_idx').on(t.talentId)],
)
