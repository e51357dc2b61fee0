/**
 * Every column of every table, and what erasing a talent does to it (security rule 50). The
 * schema-walk test (coverage.test.ts) reads the live schema on both engines and fails when a
 * column is in neither list, so a new column holding personal data cannot be forgotten: add it to
 * ERASED with how erase.ts and scrub.ts reach it, or to NO_TALENT_DATA with the reason.
 */

/** Columns that can hold a talent's personal data, and how an erasure removes it. */
export const ERASED: Readonly<Record<string, string>> = {
  // The talent row itself: deleted (anonymise() overwrites the identifying ones instead).
  'talents.id': 'the row is deleted',
  'talents.full_name': 'the row is deleted; anonymise: "Erased talent #<id>"',
  'talents.email': 'the row is deleted; anonymise: a placeholder address',
  'talents.phone': 'the row is deleted; anonymise: cleared',
  'talents.linkedin_url': 'the row is deleted; anonymise: cleared',
  'talents.cv_resume_path': 'the row is deleted; anonymise: cleared',
  'talents.notes': 'the row is deleted; anonymise: cleared',
  'talents.tags': 'the row is deleted',
  'talents.search_document': 'the row is deleted; anonymise: re-cut from the placeholder',
  'talents.search_cv_document': 'the row is deleted; anonymise: emptied with the CVs',
  'talents.phone_e164': 'the row is deleted; anonymise: cleared by its trigger',
  'talents.linkedin_key': 'the row is deleted; anonymise: generated from the cleared link',
  'talents.privacy_source_detail': 'the row is deleted; anonymise: cleared',
  'talents.custom_fields': 'the row is deleted; anonymise: emptied',
  'talents.consent_given_on': 'the row is deleted',
  'talents.consent_valid_until': 'the row is deleted',
  'talents.informed_on': 'the row is deleted',
  'talents.keep_until': 'the row is deleted',
  'talents.keep_reason': 'the row is deleted; anonymise: cleared',
  'talents.added_by_id': 'the row is deleted',
  'talents.created_at': 'the row is deleted',
  'talents.updated_at': 'the row is deleted',
  // The CVs: every version, its file, bytes and extracted text.
  'talent_cvs.talent_id': 'cascade with the talent',
  'talent_cvs.file_name': 'cascade with the talent',
  'talent_cvs.sha256': 'cascade with the talent',
  'files.bytes': "the talent's CV files go once nothing else refers to them",
  'files.text': "the talent's CV files go once nothing else refers to them",
  'files.text_error': "the talent's CV files go once nothing else refers to them",
  'files.sha256': "the talent's CV files go once nothing else refers to them",
  'cv_uploads.file_name': "uploads of the talent's CV files are deleted",
  'cv_uploads.sha256': "uploads of the talent's CV files are deleted",
  'cv_import_items.file_name': "the talent's import rows: replaced by 'Erased'",
  'cv_import_items.sha256': "the talent's import rows: cleared (the file goes)",
  'cv_import_items.suggested': "the talent's import rows: cleared",
  'cv_import_items.reason': "the talent's import rows: replaced by 'Erased'",
  'cv_import_items.talent_id': "the talent's import rows: set null with the talent",
  // Search: the typo dictionary's words that only this talent's document held.
  'search_words.word': 'words no other talent or tag holds are deleted',
  'search_word_variants.variant': 'deleted with their words',
  'search_word_variants.word': 'deleted with their words',
  'name_blocks.block': 'cascade with the talent',
  'name_blocks.talent_id': 'cascade with the talent',
  // History: entries stay, their values go.
  'activity_log.details':
    "the talent's entries: replaced by who erased and when; entries naming other talents (merges, exports): its values redacted",
  'activity_log.entity_id': 'kept: a number, naming nobody once the talent is gone',
  // Undo data and the work it belongs to.
  'change_set_rows.before': "the talent's (and its CV versions') rows are deleted",
  'change_set_rows.entity_id': "the talent's rows are deleted",
  'change_set_rows.sha256': "the talent's rows are deleted; the files go with them",
  'bulk_actions.payload': 'its values redacted',
  'bulk_actions.selection': 'its values redacted (a filter may name the person)',
  'merges.before': 'merges the talent took part in are deleted (no undo)',
  'merges.after': 'merges the talent took part in are deleted (no undo)',
  'merges.survivor_id': 'merges the talent took part in are deleted',
  'merges.merged_ids': 'merges the talent took part in are deleted',
  'duplicate_dismissals.low_id': "the talent's dismissals are deleted",
  'duplicate_dismissals.high_id': "the talent's dismissals are deleted",
  'duplicate_groups.talent_ids': 'groups with the talent are deleted (the next scan rebuilds)',
  'duplicate_groups.pairs': 'groups with the talent are deleted',
  // Spreadsheet imports: the uploaded file (and so its bad-rows file) and the kept dry run.
  'spreadsheet_imports.sha256':
    'cleared (the file goes) when the import wrote the talent or its file holds the e-mail',
  'spreadsheet_imports.undo_kept': 'its values redacted',
  'spreadsheet_imports.error': 'its values redacted',
  'import_dry_runs.result': 'deleted when it lists the person (checked again on demand)',
  'jobs.payload': 'its values redacted',
  'jobs.last_error': 'its values redacted',
  'saved_views.state': 'its values redacted (a saved search may name the person)',
  // Asking the person (security rule 59-62): the links and removal requests go with the talent.
  'privacy_requests.talent_id': 'cascade with the talent',
  'erasure_requests.talent_id': 'cascade with the talent',
  'privacy_request_batches.talent_ids': 'kept: numbers, naming nobody once the talent is gone',
}

export { NO_TALENT_DATA } from './no-talent-data.ts'
