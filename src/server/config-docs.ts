import { PASSWORD_MAX_LENGTH } from '#shared/auth.ts'
import { PASSWORD_MIN_LENGTH_FLOOR } from './passwords/password-policy.ts'

/** Every environment variable Scout reads, with its default and meaning (the README table). */
export const CONFIG_DOCS = [
  { name: 'PORT', default: '5000', meaning: 'HTTP port to listen on' },
  { name: 'HOST', default: '0.0.0.0', meaning: 'Interface to listen on' },
  {
    name: 'DATA_DIR',
    default: './data',
    meaning: 'Folder for the embedded database (PGlite) and its lock file',
  },
  {
    name: 'DATABASE_URL',
    default: '—',
    meaning: 'postgres://… URL; when set Scout uses PostgreSQL instead of the embedded PGlite',
  },
  { name: 'DATABASE_POOL_MAX', default: '10', meaning: 'Most PostgreSQL connections in the pool' },
  {
    name: 'TALENT_PAGE_CACHE',
    default: '500',
    meaning: 'Talent list pages kept per data version (0 turns the cache off)',
  },
  {
    name: 'COUNT_EXACT_UP_TO',
    default: '10000',
    meaning:
      'List totals up to this many are exact; a broader search or filter answers the planner estimate (X-Total-Count-Estimated)',
  },
  {
    name: 'STATEMENT_TIMEOUT_MS',
    default: '5000',
    meaning:
      "Longest a request's database statement may run, in ms (100-600000); past it the request answers 503. Imports, bulk actions and upkeep have their own longer limit",
  },
  {
    name: 'CV_MAX_MB',
    default: '10',
    meaning: 'Largest CV file a person may attach, in MB (1-100)',
  },
  {
    name: 'CV_MAX_VERSIONS',
    default: '10',
    meaning:
      "CV versions kept per talent (1-1000); attaching one more removes the oldest version and its file, noted in the talent's History",
  },
  {
    name: 'DEFAULT_PHONE_REGION',
    default: '—',
    meaning:
      'Country (US, GB, DE…) of phone numbers written without +country, for the duplicate check; unset: only international numbers are compared',
  },
  {
    name: 'ADMIN_EMAIL',
    default: 'admin@talentpool.local',
    meaning: 'E-mail of the first admin, created on an empty database',
  },
  {
    name: 'ADMIN_PASSWORD',
    default: '—',
    meaning:
      'Password of the first admin; unset means a strong one is generated, printed once and must be changed',
  },
  {
    name: 'PASSWORD_MIN_LENGTH',
    default: '8',
    meaning: `Shortest password the server accepts (${PASSWORD_MIN_LENGTH_FLOOR}-${PASSWORD_MAX_LENGTH})`,
  },
  {
    name: 'SESSION_IDLE_MINUTES',
    default: '30',
    meaning: 'Sign out after this long without a request',
  },
  {
    name: 'SESSION_ABSOLUTE_HOURS',
    default: '12',
    meaning: 'Longest a session lives, active or not',
  },
  {
    name: 'TEMP_PASSWORD_DAYS',
    default: '7',
    meaning: 'Days a temporary (invite or reset) password stays usable',
  },
  {
    name: 'SMTP_URL',
    default: '—',
    meaning:
      'smtp:// or smtps:// URL (user:password@host:port) for invitation and privacy e-mails; unset means the admin is shown the temporary password instead and privacy e-mails cannot be sent',
  },
  {
    name: 'SMTP_INSECURE',
    default: 'false',
    meaning:
      'true lets e-mails go in plain text when the mail server offers no STARTTLS (a lab server only)',
  },
  {
    name: 'MAIL_FROM',
    default: 'Scout <no-reply@localhost>',
    meaning: 'Sender of invitation and privacy e-mails',
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:PORT',
    meaning:
      'Address people open Scout at; invitation e-mails link to its /login, privacy e-mails to its /privacy/r/ pages',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    meaning: 'fatal, error, warn, info, debug, trace or silent',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    meaning:
      "Behind a reverse proxy or load balancer: its addresses or networks (comma-separated, e.g. 127.0.0.1 or 10.0.0.0/8), or loopback; only these may say a client's address in X-Forwarded-For",
  },
  {
    name: 'CORS_ORIGINS',
    default: '—',
    meaning: 'Comma-separated origins allowed to call the API cross-origin; unset means no CORS',
  },
  { name: 'CLIENT_DIR', default: 'dist/client', meaning: 'Folder of the built web client' },
  {
    name: 'SECRET_KEY',
    default: 'DATA_DIR/secret.key',
    meaning:
      'Key (32 bytes, base64 or hex) that encrypts stored temporary passwords; the embedded database generates one into DATA_DIR',
  },
  {
    name: 'TEST_CLOCK_FILE',
    default: '—',
    meaning:
      'Tests only: a file holding an ISO date-time that retention rules take as now (the browser journeys move it); never set it in production',
  },
] as const

export type ConfigVar = (typeof CONFIG_DOCS)[number]['name']
