import { and, eq, ne, sql } from 'drizzle-orm'
import { emptyToNull } from '#shared/empty-to-null.ts'
import {
  PRIVACY_PAGE_TEXT,
  PRIVACY_PAGE_VIA,
  privacyPageDetailsSchema,
} from '#shared/privacy-requests.ts'
import { changedFields } from '../../activity/changes.ts'
import { recordActivity } from '../../audit/record.ts'
import { talents } from '../../db/schema.ts'
import { privacyRequests } from '../../db/privacy-request-schema.ts'
import type { PageForm } from './page-html.ts'
import {
  gone,
  lockPageTalent,
  show,
  type Link,
  type PageAnswer,
  type PageDeps,
} from './page-view.ts'
import { NEXT_VERSION } from './record-change.ts'

const DETAIL_FIELDS = ['email', 'phone', 'linkedinUrl'] as const

/**
 * E-mail, phone and LinkedIn through the talent form's own schema and messages. An e-mail that
 * belongs to another talent is not taken, and the page answers exactly as for any other save
 * (security rule 61: the page never tells whether an address is in the pool); History says so.
 */
export async function updateDetails(
  deps: PageDeps,
  link: Link,
  body: Record<string, string | undefined>,
): Promise<PageAnswer> {
  const typed = {
    email: body.email ?? '',
    phone: body.phone ?? '',
    linkedinUrl: body.linkedinUrl ?? '',
  }
  const parsed = privacyPageDetailsSchema.safeParse(typed)
  if (!parsed.success) {
    const errors: PageForm['errors'] = {}
    for (const issue of parsed.error.issues) {
      const field = DETAIL_FIELDS.find((name) => name === issue.path[0])
      if (field && !errors[field]) errors[field] = issue.message
    }
    return show(deps, link, { status: 400, typed, errors })
  }
  const wanted = {
    email: parsed.data.email,
    phone: emptyToNull(parsed.data.phone),
    linkedinUrl: emptyToNull(parsed.data.linkedinUrl),
  }
  const done = await deps.db.transaction(async (tx) => {
    if (!(await lockPageTalent(tx, link.talentId))) return false
    const [before] = await tx
      .select({
        fullName: talents.fullName,
        email: talents.email,
        phone: talents.phone,
        linkedinUrl: talents.linkedinUrl,
      })
      .from(talents)
      .where(eq(talents.id, link.talentId))
    if (!before) return false
    const [clash] = await tx
      .select({ id: talents.id })
      .from(talents)
      .where(
        and(sql`lower(${talents.email}) = lower(${wanted.email})`, ne(talents.id, link.talentId)),
      )
      .limit(1)
    const next = { ...wanted, email: clash ? before.email : wanted.email }
    const changes = changedFields(before, { ...before, ...next }, DETAIL_FIELDS)
    if (changes.length > 0) {
      await tx
        .update(talents)
        .set({ ...next, updatedAt: NEXT_VERSION })
        .where(eq(talents.id, link.talentId))
    }
    if (changes.length > 0 || clash) {
      await recordActivity(tx, {
        userId: null,
        action: 'talent.updated',
        entityType: 'talent',
        entityId: link.talentId,
        details: {
          fullName: before.fullName,
          changes,
          via: PRIVACY_PAGE_VIA,
          ...(clash ? { emailNotTaken: true } : {}),
        },
      })
    }
    await tx
      .update(privacyRequests)
      .set({ outcome: 'details-updated' })
      .where(eq(privacyRequests.id, link.id))
    return true
  })
  if (!done) return gone()
  return show(deps, link, { notice: PRIVACY_PAGE_TEXT.detailsUpdated })
}
