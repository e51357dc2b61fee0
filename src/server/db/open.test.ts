import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { databaseTest as test } from '#tests/support/database-test.ts'
import { rawRows } from './raw-rows.ts'

test('migrations create every table of spec section 3, the data versions, files, CVs and jobs, and the trigram extension', async ({
  database,
}) => {
  const tables = await rawRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  )
  expect(tables.map((r) => r.table_name)).toEqual([
    'activity_log',
    'app_settings',
    'bulk_actions',
    'change_set_rows',
    'change_sets',
    'custom_fields',
    'cv_import_items',
    'cv_imports',
    'cv_uploads',
    'data_versions',
    'duplicate_dismissals',
    'duplicate_groups',
    'duplicate_scans',
    'erasure_requests',
    'erasures',
    'files',
    'import_dry_runs',
    'jobs',
    'login_throttle',
    'merges',
    'mfa_challenges',
    'mfa_recovery_codes',
    'name_blocks',
    'privacy_log',
    'privacy_request_batches',
    'privacy_requests',
    'retention_due',
    'retention_rules',
    'retention_runs',
    'row_counts',
    'saved_views',
    'search_word_variants',
    'search_words',
    'sessions',
    'spreadsheet_imports',
    'tags',
    'talent_cvs',
    'talents',
    'users',
  ])
  const ext = await rawRows(database.db, sql`select 1 from pg_extension where extname = 'pg_trgm'`)
  expect(ext).toHaveLength(1)
  expect(await database.ping()).toBe(true)
})
