import { columns } from './column-reasons.ts'

/**
 * no-talent-data.ts, the privacy module's own bookkeeping: retention rules and runs, erasure
 * records, the privacy log and e-mailed requests (security rule 51, 55-59).
 */
export const PRIVACY_BOOKKEEPING_COLUMNS: Readonly<Record<string, string>> = {
  ...columns(
    'a retention rule: its words and numbers, no talent (security rule 56)',
    'retention_rules',
    [
      'id',
      'name',
      'condition_kind',
      'condition_amount',
      'action',
      'exempt_statuses',
      'enabled',
      'notice_days',
      'created_by_id',
      'created_at',
      'updated_at',
    ],
  ),
  ...columns(
    'the Due for removal list: a talent by id and two dates; cascade with the talent',
    'retention_due',
    ['talent_id', 'rule_id', 'due_since', 'act_on'],
  ),
  ...columns(
    'a daily retention run: its day and counts per rule (security rule 58)',
    'retention_runs',
    ['id', 'day', 'rule_counts', 'finished_at', 'created_at', 'updated_at'],
  ),
  ...columns('the erasure record: hashes and who/when/why only (security rule 51)', 'erasures', [
    'id',
    'talent_id',
    'erased_by_id',
    'reason',
    'email_hash',
    'phone_hash',
    'key_id',
    'erased_at',
    'created_at',
    'updated_at',
  ]),
  ...columns(
    'the privacy log: a talent by id, counts and enumerated words only (security rule 55)',
    'privacy_log',
    ['id', 'kind', 'actor_id', 'talent_id', 'count', 'details', 'created_at', 'updated_at'],
  ),
  ...columns(
    "an e-mailed link's hash, dates, counts and fixed words (security rule 59); the row goes with the talent",
    'privacy_requests',
    [
      'id',
      'kind',
      'token_hash',
      'expires_at',
      'sent_at',
      'first_opened_at',
      'last_used_at',
      'used_at',
      'uses',
      'outcome',
      'batch_id',
      'created_by_id',
      'created_at',
      'updated_at',
    ],
  ),
  ...columns('a bulk send: its kind, counts and who started it', 'privacy_request_batches', [
    'id',
    'kind',
    'state',
    'created_by_id',
    'total',
    'sent',
    'skipped',
    'failed',
    'created_at',
    'updated_at',
  ]),
  ...columns(
    'a removal waiting for an admin: dates and who decided; the row goes with the talent',
    'erasure_requests',
    ['id', 'request_id', 'pending', 'decided_by_id', 'decided_at', 'created_at', 'updated_at'],
  ),
  ...columns(
    "app-wide settings an admin edits (e-mail templates, switches): no talent's data",
    'app_settings',
    ['key', 'value', 'updated_by_id', 'created_at', 'updated_at'],
  ),
}
