import { sql } from 'drizzle-orm'
import { boolean, index, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { ownerIdColumn, timestamps } from './schema.ts'

/**
 * A saved view — the dashboard's state under a name, its owner's alone or shared
 * with everyone. It goes with its owner (a deleted user's views would have nobody to keep them
 * current). Names are unique per owner without regard to case; the sidebar lists the caller's own
 * and everyone's shared ones, by name.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    ownerId: ownerIdColumn('owner_id'),
    name: text('name').notNull(),
    isShared: boolean('is_shared').notNull().default(false),
    /** SavedViewState (shared/saved-view.ts), validated on the way in and out. */
    state: jsonb('state').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('saved_views_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`),
    index('saved_views_shared_idx')
      .on(t.isShared)
      .where(sql`${t.isShared}`),
  ],
)
