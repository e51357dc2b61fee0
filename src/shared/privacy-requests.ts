import { z } from 'zod'
import { bulkFilterSchema, BULK_NO_SELECTION, BULK_ONE_SELECTION, talentIdsSchema } from './bulk.ts'
import { talentUpdateSchema } from './talent.ts'

/*
 * Asking the person (security rule 59-62): 'Send privacy notice' and 'Ask for consent' e-mail a
 * talent a link to a small public page where they see what Scout holds, confirm consent, correct
 * their e-mail, phone or LinkedIn, or ask to be removed. One module for the requests, the
 * templates admins edit, the bulk form, the erasure requests the page creates and every message.
 */

export const PRIVACY_REQUEST_KINDS = ['notice', 'consent'] as const
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number]

export const PRIVACY_REQUEST_LABELS: Record<PrivacyRequestKind, string> = {
  notice: 'Privacy notice',
  consent: 'Consent request',
}

/** Where the link leads: the public page, outside /api and outside the client router. */
export const PRIVACY_PAGE_PREFIX = '/privacy/r/'

export const PRIVACY_REQUEST_SENT: Record<PrivacyRequestKind, string> = {
  notice: 'Privacy notice sent',
  consent: 'Consent request sent',
}
export const MAIL_NOT_SET_UP =
  'E-mail is not set up on this server (SMTP_URL), so nothing can be sent.'
export const TALENT_WAS_ERASED = 'This talent was erased: there is nobody to write to.'
export const MAIL_SEND_FAILED =
  'The e-mail could not be sent. Nothing was recorded; try again later.'
export const KIND_REQUIRED = "Choose what to send: 'notice' or 'consent'"

/** POST /api/talents/:id/privacy-requests. */
export const privacyRequestInputSchema = z.strictObject({
  kind: z.enum(PRIVACY_REQUEST_KINDS, { error: KIND_REQUIRED }),
})
export type PrivacyRequestInput = z.infer<typeof privacyRequestInputSchema>

/**
 * A request's state as the Privacy tab shows it: sent and not opened yet, opened, used (the person
 * confirmed consent or asked to be removed: the link works no more), or expired unused.
 */
export const PRIVACY_REQUEST_STATES = ['sent', 'opened', 'used', 'expired'] as const
export type PrivacyRequestState = (typeof PRIVACY_REQUEST_STATES)[number]
export const PRIVACY_REQUEST_STATE_LABELS: Record<PrivacyRequestState, string> = {
  sent: 'Sent, not opened',
  opened: 'Opened',
  used: 'Answered',
  expired: 'Expired',
}

export const privacyRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  state: z.enum(PRIVACY_REQUEST_STATES),
  sentAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  openedAt: z.iso.datetime({ offset: true }).nullable(),
  usedAt: z.iso.datetime({ offset: true }).nullable(),
  /** How many times the page was opened or posted with this link. */
  uses: z.number().int(),
  /** What the person did last on the page, in fixed words. */
  outcome: z
    .enum(['consent-confirmed', 'details-updated', 'removal-requested', 'erased'])
    .nullable(),
  sentBy: z
    .object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string(),
    })
    .nullable(),
})
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>

/** GET /api/talents/:id/privacy-requests: the requests, newest first, and whether one can be sent. */
export const privacyRequestListSchema = z.object({
  /** Null when a request can be sent; otherwise why not, to show beside the disabled buttons. */
  cannotSend: z.string().nullable(),
  requests: z.array(privacyRequestSchema),
})
export type PrivacyRequestList = z.infer<typeof privacyRequestListSchema>

/** The Privacy tab shows this many of a talent's requests. */
export const PRIVACY_REQUEST_LIST_LIMIT = 20

// ---------------------------------------------------------------------------------------------
// The templates and switches admins edit (Settings → Privacy).

export const TEMPLATE_PLACEHOLDERS = ['{name}', '{link}', '{company}', '{days}'] as const
export const LINK_PLACEHOLDER_MISSING =
  'The message must contain {link}, or the person cannot answer'

const subject = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(200, `${label} must be at most 200 characters`)
    .refine((v) => !/[\r\n]/.test(v), `${label} must be one line`)
const body = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(5000, `${label} must be at most 5,000 characters`)
    .refine((v) => v.includes('{link}'), LINK_PLACEHOLDER_MISSING)

export const CONSENT_MONTHS_MESSAGE = 'Consent lasts from 1 to 120 months'
export const LINK_DAYS_MESSAGE = 'A link works from 1 to 365 days'

/** PUT /api/privacy/request-settings (admins), its answer and the settings form. */
export const privacyRequestSettingsSchema = z.strictObject({
  company: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(1, 'Company name is required')
    .max(200, 'Company name must be at most 200 characters')
    .refine((v) => !/[\r\n]/.test(v), 'Company name must be one line'),
  noticeSubject: subject('Notice subject'),
  noticeBody: body('Notice message'),
  consentSubject: subject('Consent subject'),
  consentBody: body('Consent message'),
  /** Confirming consent on the page sets valid-until this many months ahead. */
  consentMonths: z.coerce
    .number({ error: CONSENT_MONTHS_MESSAGE })
    .int(CONSENT_MONTHS_MESSAGE)
    .min(1, CONSENT_MONTHS_MESSAGE)
    .max(120, CONSENT_MONTHS_MESSAGE),
  /** How long a link works. */
  linkDays: z.coerce
    .number({ error: LINK_DAYS_MESSAGE })
    .int(LINK_DAYS_MESSAGE)
    .min(1, LINK_DAYS_MESSAGE)
    .max(365, LINK_DAYS_MESSAGE),
  /** A removal asked on the page erases at once instead of waiting for an admin. */
  eraseAtOnce: z.boolean({ error: 'Erase at once must be on or off' }),
})
export type PrivacyRequestSettings = z.infer<typeof privacyRequestSettingsSchema>
export type PrivacyRequestSettingsForm = z.input<typeof privacyRequestSettingsSchema>

export const DEFAULT_PRIVACY_REQUEST_SETTINGS: PrivacyRequestSettings = {
  company: 'Our company',
  noticeSubject: 'How {company} holds your details',
  noticeBody: [
    'Hello {name},',
    '',
    '{company} keeps your details in its talent pool, so that we can contact you about roles',
    'that may suit you.',
    '',
    'See what we hold about you, correct it, or ask us to remove it:',
    '{link}',
    '',
    'The link works for {days} days.',
  ].join('\n'),
  consentSubject: 'May {company} keep your details?',
  consentBody: [
    'Hello {name},',
    '',
    '{company} would like to keep your details in its talent pool, so that we can contact you',
    'about roles that may suit you.',
    '',
    'Confirm that you agree, correct your details, or ask us to remove them:',
    '{link}',
    '',
    'The link works for {days} days.',
  ].join('\n'),
  consentMonths: 24,
  linkDays: 30,
  eraseAtOnce: false,
}

// ---------------------------------------------------------------------------------------------
// Bulk: the same request to a selection or a view, as a job with progress.

export const MAX_PRIVACY_BULK = 100_000
export const PRIVACY_BULK_TOO_MANY =
  "Requests go to at most 100,000 talents by id. Use a filter ('Select all matching') instead."

/** POST /api/talents/bulk/privacy-requests. */
export const privacyRequestBulkSchema = z
  .strictObject({
    kind: z.enum(PRIVACY_REQUEST_KINDS, { error: KIND_REQUIRED }),
    ids: talentIdsSchema(PRIVACY_BULK_TOO_MANY).optional(),
    filter: bulkFilterSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.ids !== undefined && body.filter !== undefined) {
      ctx.addIssue({ code: 'custom', message: BULK_ONE_SELECTION, path: ['ids'] })
    } else if (body.ids === undefined && body.filter === undefined) {
      ctx.addIssue({ code: 'custom', message: BULK_NO_SELECTION, path: ['ids'] })
    }
  })
export type PrivacyRequestBulk = z.infer<typeof privacyRequestBulkSchema>
export type PrivacyRequestBulkInput = z.input<typeof privacyRequestBulkSchema>

export const PRIVACY_BATCH_STATES = ['running', 'done', 'failed'] as const

/** A bulk send and its progress (GET /api/privacy/request-batches/:id). */
export const privacyRequestBatchSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  state: z.enum(PRIVACY_BATCH_STATES),
  total: z.number().int(),
  sent: z.number().int(),
  /** Talents passed over: erased or anonymised since the selection was taken. */
  skipped: z.number().int(),
  /** Mails the server refused. */
  failed: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
})
export type PrivacyRequestBatch = z.infer<typeof privacyRequestBatchSchema>

export const batchIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
})
export const PRIVACY_BATCH_NOT_FOUND = 'Bulk send not found'

/** "Sending… 40 of 120", then "Sent 118 consent requests, 2 failed". */
export function describeBatch(batch: PrivacyRequestBatch): string {
  const done = batch.sent + batch.skipped + batch.failed
  const what = batch.kind === 'consent' ? 'consent requests' : 'privacy notices'
  if (batch.state === 'running') return `Sending ${what}… ${done} of ${batch.total}`
  const parts = [`Sent ${batch.sent} ${what}`]
  if (batch.skipped > 0) parts.push(`${batch.skipped} skipped`)
  if (batch.failed > 0) parts.push(`${batch.failed} failed`)
  if (batch.state === 'failed') parts.push('stopped early')
  return parts.join(', ')
}

// ---------------------------------------------------------------------------------------------
// Erasure requests the page creates, listed for admins (Settings → Privacy).

export const erasureRequestSchema = z.object({
  id: z.number().int(),
  talentId: z.number().int(),
  fullName: z.string(),
  requestedAt: z.iso.datetime({ offset: true }),
})
export type ErasureRequest = z.infer<typeof erasureRequestSchema>
export const erasureRequestListSchema = z.array(erasureRequestSchema)
export const ERASURE_REQUEST_NOT_FOUND = 'Erasure request not found, or already handled'
export const ERASURE_REQUEST_REASON = 'Asked to be removed through the privacy page'
export const erasureRequestDoneSchema = z.object({ message: z.string() })
export const ERASURE_REQUEST_DISMISSED = 'Erasure request dismissed'

// ---------------------------------------------------------------------------------------------
// The public page's form (no sign-in): the contact fields go through the talent's own schema, so
// the page shows the form's own messages.

export const privacyPageDetailsSchema = talentUpdateSchema.pick({
  email: true,
  phone: true,
  linkedinUrl: true,
})
export type PrivacyPageDetails = z.infer<typeof privacyPageDetailsSchema>

export const PRIVACY_PAGE_ACTIONS = ['confirm', 'details', 'remove'] as const
export type PrivacyPageAction = (typeof PRIVACY_PAGE_ACTIONS)[number]

/** How History names the person acting through the page. */
export const PRIVACY_PAGE_ACTOR = 'The talent (privacy page)'
/** The `via` an activity entry written through the page carries. */
export const PRIVACY_PAGE_VIA = 'privacy-page'

/** Every sentence the public page shows, once. */
export const PRIVACY_PAGE_TEXT = {
  title: 'Your details',
  expiredTitle: 'This link no longer works',
  expired:
    'This link has expired or has already been used. If you still want to see or change your details, ask the company that sent it for a new link.',
  tooMany: 'Too many requests from your network. Wait a few minutes and try again.',
  badForm: 'This form is out of date. Open the link from your e-mail again.',
  consentConfirmed: (until: string) =>
    `Thank you. Your consent is recorded and is valid until ${until}.`,
  detailsUpdated: 'Thank you. Your details are updated.',
  removalRequested:
    'Your request to be removed is recorded. The company will remove your details and will not contact you again.',
  erased: 'Your details have been removed. This link no longer works.',
  busy: 'Your details are being changed right now. Wait a moment and try again.',
} as const
