import { desc, eq } from 'drizzle-orm'
import { todayIso } from '#shared/privacy.ts'
import {
  PRIVACY_PAGE_TEXT,
  type PrivacyRequestKind,
  type PrivacyRequestSettings,
} from '#shared/privacy-requests.ts'
import type { Db } from '../../db/open.ts'
import { talents } from '../../db/schema.ts'
import { talentCvs } from '../../db/file-schema.ts'
import type { ErasureKeys } from '../erasure/identifiers.ts'
import { detailsPage, messagePage, type PageForm, type PageTalent } from './page-html.ts'
import { getRequestSettings } from './settings.ts'
import { formTokenFor } from './token.ts'

/*
 * What the public privacy page shows for one link (page.ts takes the link and acts on forms):
 * that talent's details and the forms, or the one answer for a link that works no more.
 */

export type PageDeps = { db: Db; formKey: Buffer; erasureKeys: ErasureKeys }
export type PageAnswer = { status: number; html: string }

export type Link = { id: number; talentId: number; kind: PrivacyRequestKind; tokenHash: string }

export const gone = (): PageAnswer => ({
  status: 410,
  html: messagePage(PRIVACY_PAGE_TEXT.expiredTitle, PRIVACY_PAGE_TEXT.expired),
})

export function addMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  const target = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()),
  )
  // 31 January + 1 month is the last day of February, not 3 March.
  if (target.getUTCDate() !== date.getUTCDate()) target.setUTCDate(0)
  return target.toISOString().slice(0, 10)
}

async function pageTalent(db: Db, talentId: number): Promise<PageTalent | undefined> {
  const [row] = await db
    .select({
      fullName: talents.fullName,
      email: talents.email,
      phone: talents.phone,
      linkedinUrl: talents.linkedinUrl,
      areaOfInterest: talents.areaOfInterest,
      seniorityLevel: talents.seniorityLevel,
      tags: talents.tags,
      notes: talents.notes,
      source: talents.privacySource,
      sourceDetail: talents.privacySourceDetail,
      lawfulBasis: talents.lawfulBasis,
      consentGivenOn: talents.consentGivenOn,
      consentValidUntil: talents.consentValidUntil,
    })
    .from(talents)
    .where(eq(talents.id, talentId))
  if (!row) return undefined
  const cvs = await db
    .select({ fileName: talentCvs.fileName, createdAt: talentCvs.createdAt })
    .from(talentCvs)
    .where(eq(talentCvs.talentId, talentId))
    .orderBy(desc(talentCvs.id))
  const { notes, ...rest } = row
  return {
    ...rest,
    hasNotes: notes !== null && notes.trim() !== '',
    cvFiles: cvs.map((cv) => ({
      fileName: cv.fileName,
      addedOn: cv.createdAt.toISOString().slice(0, 10),
    })),
  }
}

function formFor(link: Link, settings: PrivacyRequestSettings, key: Buffer): PageForm {
  return {
    kind: link.kind,
    company: settings.company,
    formToken: formTokenFor(key, link.tokenHash),
    consentUntil: addMonths(todayIso(), settings.consentMonths),
  }
}

export async function show(
  deps: PageDeps,
  link: Link,
  extra: Partial<PageForm> & { status?: number; notice?: string } = {},
): Promise<PageAnswer> {
  const settings = await getRequestSettings(deps.db)
  const talent = await pageTalent(deps.db, link.talentId)
  if (!talent) return gone()
  const { status = 200, notice, ...form } = extra
  return {
    status,
    html: detailsPage(talent, { ...formFor(link, settings, deps.formKey), ...form }, notice),
  }
}

export async function lockPageTalent(tx: Db, talentId: number) {
  const [row] = await tx
    .select({ id: talents.id })
    .from(talents)
    .where(eq(talents.id, talentId))
    .for('update')
  return row
}
