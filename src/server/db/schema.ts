import { sql, type SQL } from 'drizzle-orm'
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { AREAS, SENIORITY_LEVELS, TALENT_STATUSES } from '#shared/talent.ts'
import { ROLES } from '#shared/user.ts'
import { LAWFUL_BASES, PRIVACY_SOURCES } from '#shared/privacy.ts'

/** PostgreSQL tsvector, read as its text form (drizzle has no built-in tsvector column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/** Timestamps every table carries. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

/** A row that belongs to one user and goes with them (a session, a saved view, a second factor). */
export const ownerIdColumn = (name: string) =>
  integer(name)
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: 'cascade' })

/** Who did something: the record outlives them, and names nobody once they are deleted. */
export const actorIdColumn = (name: string) =>
  integer(name).references((): AnyPgColumn => users.id, { onDelete: 'set null' })

// spec section 3 "User". E-mails are stored lower-cased, so the unique index is case-insensitive.
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    isActive: boolean('is_active').notNull().default(true),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    // spec: the temporary password is shown to admins until the user sets their own (security rule 4).
    // Stored sealed with AES-256-GCM under SECRET_KEY (security rule 34, secrets/secret-box.ts).
    tempPasswordEnc: text('temp_password_enc'),
    tempPasswordExpiresAt: timestamp('temp_password_expires_at', { withTimezone: true }),
    // Settings switches, saved per user so they follow the person.
    emailNotifications: boolean('email_notifications').notNull().default(true),
    newTalentAlerts: boolean('new_talent_alerts').notNull().default(true),
    // Two-factor sign-in. mfaEnabled above is the admin's "two-factor required" switch;
    // the person is enrolled once mfaSecretEnc holds their TOTP secret, sealed under SECRET_KEY
    // (security rule 34). The pending one is a setup not yet confirmed with a code.
    mfaSecretEnc: text('mfa_secret_enc'),
    mfaPendingSecretEnc: text('mfa_pending_secret_enc'),
    // The last 30-second step whose code was accepted: a code of that step or older is refused
    // (replay, security rule 38).
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    // "The default admin account" of spec section 6 ('Edit Profile' rule): set on
    // the row the bootstrap creates (or adopts), so renaming ADMIN_EMAIL later moves nothing.
    isDefaultAdmin: boolean('is_default_admin').notNull().default(false),
    ...timestamps,
  },
  // At most one account is the default admin.
  (t) => [
    uniqueIndex('users_default_admin_idx')
      .on(t.isDefaultAdmin)
      .where(sql`${t.isDefaultAdmin}`),
  ],
)

// Security rule 7-9: the database keeps only SHA-256 of the session secret.
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: ownerIdColumn('user_id'),
    secretHash: text('secret_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

// spec section 3 "Talent".
export const talents = pgTable(
  'talents',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    linkedinUrl: text('linkedin_url'),
    cvResumePath: text('cv_resume_path'),
    // TS-only enums (no SQL change): values arrive through the shared zod schema (spec section 9).
    areaOfInterest: text('area_of_interest', { enum: AREAS }).notNull(),
    seniorityLevel: text('seniority_level', { enum: SENIORITY_LEVELS }).notNull(),
    notes: text('notes'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: TALENT_STATUSES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    addedById: actorIdColumn('added_by_id'),
    // The talent's own fields as a weighted search document (A name and e-mail, C notes,
    // phone and links, B tags, statuses, area and level), kept by a trigger on every insert and
    // update (migrations 0012, 0019), so no code path can forget it. A change of tags or statuses
    // alone re-cuts only the B words (bulk tagging). Small: ranking reads only this.
    searchDocument: tsvector('search_document')
      .notNull()
      .default(sql`''::tsvector`),
    // The current CV's text (weight D), kept by triggers on talent_cvs and files in the same
    // transaction as each attach, removal or finished reading (migration 0012). Apart from
    // search_document because a CV's vector is large (TOASTed) and ranking must not read it.
    searchCvDocument: tsvector('search_cv_document')
      .notNull()
      .default(sql`''::tsvector`),
    // Duplicates: the phone in E.164 (libphonenumber, DEFAULT_PHONE_REGION). NULL means
    // "not computed yet": a trigger clears it whenever the phone changes (migration 0014) and
    // duplicates/phone-keys.ts fills it at start and before each check; '' means "no number".
    phoneE164: text('phone_e164'),
    // The LinkedIn profile without scheme, www/locale subdomain, query or trailing slash,
    // computed by the database on every write (migration 0014), so no path can forget it.
    linkedinKey: text('linkedin_key').generatedAlwaysAs(
      (): SQL => sql`talent_linkedin_key(${talents.linkedinUrl})`,
    ),
    // The privacy record (security rule 49, shared/privacy.ts): how the person came in, the
    // lawful basis, consent dates (basis consent only) and when they were told. Defaults are what
    // talents from before migration 0030 got: source unknown ('other'), legitimate interest.
    privacySource: text('privacy_source', { enum: PRIVACY_SOURCES }).notNull().default('other'),
    privacySourceDetail: text('privacy_source_detail'),
    lawfulBasis: text('lawful_basis', { enum: LAWFUL_BASES })
      .notNull()
      .default('legitimate interest'),
    consentGivenOn: date('consent_given_on', { mode: 'string' }),
    consentValidUntil: date('consent_valid_until', { mode: 'string' }),
    informedOn: date('informed_on', { mode: 'string' }),
    // Retention (security rule 56-58, privacy/retention/): 'Keep' on the Due for removal list
    // exempts the talent from every rule until keep_until, for the reason given (free text: the
    // person's data, erased with them). anonymised_at: set by anonymise(), so no rule acts twice.
    keepUntil: date('keep_until', { mode: 'string' }),
    keepReason: text('keep_reason'),
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    // Custom field values by field key (shared/fields.ts; validated against the definitions on
    // every write). JSONB with a GIN index so a filter on any field uses it
    // (docs/decisions/028-custom-field-values-in-jsonb.md).
    customFields: jsonb('custom_fields')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('talents_email_lower_idx').on(sql`lower(${t.email})`),
    // One btree per dashboard sort, each ending in id so keyset
    // paging has a unique order; descending sorts scan them backwards. All ascending on purpose:
    // the first version (created_at DESC NULLS LAST) matched neither ORDER BY created_at DESC
    // (nulls first) nor its reverse, and both engines sorted the whole table (bench/explain.ts).
    index('talents_created_at_id_idx').on(t.createdAt, t.id),
    index('talents_name_id_idx').on(sql`lower(${t.fullName})`, t.id),
    index('talents_area_id_idx').on(t.areaOfInterest, t.id),
    // Filters: the btrees also serve the cached per-filter counts; GIN for tags @> / status @>.
    index('talents_seniority_level_idx').on(t.seniorityLevel),
    index('talents_added_by_id_idx').on(t.addedById),
    index('talents_tags_gin_idx').using('gin', t.tags),
    index('talents_status_gin_idx').using('gin', t.status),
    // The 'Needs Updating' card (spec section 4) counts ~10% of rows: too many for a GIN bitmap to
    // beat a full scan, few enough for a small partial index.
    index('talents_needs_updating_idx')
      .on(t.id)
      .where(sql`${t.tags} @> '{"Needs Updating"}'::text[]`),
    // Search: ILIKE '%…%' on name or e-mail through trigram GIN (pg_trgm, migration 0000).
    index('talents_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    index('talents_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    // One index over both documents, so every word may match in any field.
    index('talents_search_idx').using('gin', sql`(${t.searchDocument} || ${t.searchCvDocument})`),
    // The duplicate rules' keys (duplicates/check.ts, duplicates/scan.ts).
    index('talents_phone_e164_idx')
      .on(t.phoneE164)
      .where(sql`${t.phoneE164} <> ''`),
    index('talents_phone_e164_stale_idx')
      .on(t.id)
      .where(sql`${t.phoneE164} IS NULL AND ${t.phone} IS NOT NULL`),
    index('talents_linkedin_key_idx').on(t.linkedinKey),
    index('talents_name_key_idx').on(sql`talent_name_key(${t.fullName})`),
    // consent:expired / consent:expiring (security rule 49): few talents hold consent.
    index('talents_custom_fields_gin_idx').using('gin', t.customFields.op('jsonb_path_ops')),
    index('talents_consent_valid_until_idx')
      .on(t.consentValidUntil)
      .where(sql`${t.lawfulBasis} = 'consent'`),
  ],
)

// spec section 3 "Tag". Names are unique case-insensitively (spec section 5, new tag).
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdById: actorIdColumn('created_by_id'),
    ...timestamps,
  },
  (t) => [uniqueIndex('tags_name_lower_idx').on(sql`lower(${t.name})`)],
)

// spec section 3 "Activity log"; filled in the same transaction as each write.
export const activityLog = pgTable(
  'activity_log',
  {
    id: serial('id').primaryKey(),
    userId: actorIdColumn('user_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id'),
    details: jsonb('details'),
    ...timestamps,
  },
  (t) => [
    index('activity_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('activity_log_created_at_idx').on(t.createdAt),
  ],
)

// One counter per data set, bumped by triggers in the same transaction as every write
// that changes what the talent list shows (migration 0005). Caches in any process key on it, so
// they never serve a page older than the last committed write (cache/page-cache.ts).
export const dataVersions = pgTable('data_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})

// The pool's size ('talents'), kept exact by triggers in every writing transaction (decision 004).
export const rowCounts = pgTable('row_counts', {
  name: text('name').primaryKey(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
})

// Security rule 6: login throttling state lives in the database so every app process shares it.
// key is 'account:<email>', 'pair:<address> <email>', 'ip:<address>', 'session:<id>' or
// 'device:<nonce>' (auth/throttle.ts).
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  windowFailures: integer('window_failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  ...timestamps,
})
