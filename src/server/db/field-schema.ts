import { sql } from 'drizzle-orm'
import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { FIELD_TYPES, type FieldChoice } from '#shared/fields.ts'
import { actorIdColumn, timestamps } from './schema.ts'

/**
 * A custom field's definition (shared/fields.ts). Values live on talents.custom_fields under
 * `key`, which never changes once made. `version` moves on every edit, so a stale edit is refused
 * (409). A change here bumps the talents data version (migration 0032), so the cached definitions
 * and the cached pages built with them follow.
 */
export const customFields = pgTable(
  'custom_fields',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type', { enum: FIELD_TYPES }).notNull(),
    unit: text('unit'),
    help: text('help'),
    required: boolean('required').notNull().default(false),
    onCards: boolean('on_cards').notNull().default(false),
    private: boolean('private').notNull().default(false),
    personalData: boolean('personal_data').notNull().default(false),
    position: integer('position').notNull().default(0),
    choices: jsonb('choices')
      .$type<FieldChoice[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    version: integer('version').notNull().default(1),
    createdById: actorIdColumn('created_by_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('custom_fields_key_idx').on(t.key),
    uniqueIndex('custom_fields_label_idx').on(sql`lower(${t.label})`),
  ],
)
