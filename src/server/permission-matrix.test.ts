import { describe, expect } from 'vitest'
import { eq } from 'drizzle-orm'
import { registeredRoutes } from './auth/access.ts'
import { createSession } from './auth/sessions.ts'
import type { Config } from './config.ts'
import { makePdf, multipart, multipartFiles } from '#tests/support/cv-files.ts'
import { attachCv } from './cvs/service.ts'
import type { Db } from './db/open.ts'
import { tags } from './db/schema.ts'
import { cvUploads } from './db/file-schema.ts'
import { savedViews } from './db/view-schema.ts'
import { retentionDue, retentionRules } from './db/retention-schema.ts'
import { customFields } from './db/field-schema.ts'
import { deriveFieldKey } from '#shared/fields.ts'
import { cvImportItems, cvImports } from './db/change-schema.ts'
import { importDryRuns, spreadsheetImports } from './db/import-schema.ts'
import { openChangeSet } from './changes/change-set.ts'
import { runBulk } from './bulk/service.ts'
import { deleteField } from './fields/delete.ts'
import { mergeTalents } from './duplicates/merge.ts'
import { databaseFileStore } from './files/database-file-store.ts'
import { insertTalent } from '#tests/support/talent-rows.ts'
import { challengeFor, enrolUser, newSecret, pendingSetup, totpCode } from '#tests/support/mfa.ts'
import { createTestUser, TEST_PASSWORD } from '#tests/support/test-app.ts'
import { apiTestWith, type Api, type Principal } from '#tests/support/api-test.ts'
import { testClientDir } from '#tests/support/client-dir.ts'
import {
  erasureRequests,
  privacyRequestBatches,
  privacyRequests,
} from './db/privacy-request-schema.ts'
import { formTokenFor, hashToken, newToken, pageFormKey } from './privacy/requests/token.ts'
import { DEFAULT_PRIVACY_REQUEST_SETTINGS } from '#shared/privacy-requests.ts'

/**
 * Security rule 17: every route of the app × every kind of caller, with the status the server must
 * answer. Bodies are valid, so a status reflects access, not validation. Adding a route without a
 * row here fails the first test.
 */

const ACTORS = ['anonymous', 'user', 'admin', 'inactive', 'mustChange', 'otherObject'] as const
type Actor = (typeof ACTORS)[number]

/**
 * - user: a signed-in plain user, acting on objects they own where ownership matters
 * - inactive: a session minted before the user was deactivated
 * - mustChange: a plain user who must still change their password (security rule 11)
 * - otherObject: a plain user acting on an object that belongs to someone else (absent where
 *   no object has an owner)
 */
type Expected = Record<Exclude<Actor, 'otherObject'>, number> & { otherObject?: number }

/**
 * The fixture's principal behind each actor. Every actor is a different principal, and a test
 * (one route) has fresh principals, so each cell has a caller of its own: cells cannot interfere.
 */
const PRINCIPAL: Record<Actor, Principal> = {
  anonymous: 'anonymous',
  user: 'user',
  admin: 'admin',
  inactive: 'inactive',
  mustChange: 'mustChange',
  otherObject: 'otherUser',
}

type Context = {
  db: Db
  config: Config
  /** The caller's user id (undefined when anonymous). */
  actorId: number | undefined
  /** Who owns the object the request touches: the caller, or somebody else. */
  owner: 'self' | 'other'
  unique: string
}

type CellRequest = { url?: string; payload?: object; headers?: Record<string, string> }

type Entry = {
  route: string
  request: (ctx: Context) => Promise<CellRequest> | CellRequest
  expect: Expected
}

async function ownerId(ctx: Context): Promise<number | null> {
  if (ctx.owner === 'self' && ctx.actorId !== undefined) return ctx.actorId
  return (await createTestUser(ctx.db)).user.id
}

async function talentOf(ctx: Context): Promise<number> {
  return insertTalent(ctx.db, {
    fullName: 'Matrix Talent',
    email: `talent-${ctx.unique}@example.com`,
    addedById: await ownerId(ctx),
  })
}

/** A talent (owned as ctx says) with one CV version; its id and the version's id. */
async function talentWithCv(ctx: Context): Promise<{ id: number; fileId: number }> {
  const id = await talentOf(ctx)
  const cv = await attachCv(
    ctx.db,
    id,
    { bytes: makePdf([ctx.unique]), fileName: 'cv.pdf' },
    {
      id: (await createTestUser(ctx.db)).user.id,
      role: 'user',
    },
  )
  return { id, fileId: cv.id }
}

/** An 'Add from CV' upload of the caller (or of someone else, as ctx says). */
async function uploadOf(ctx: Context): Promise<number> {
  const bytes = Buffer.from(`# CV ${ctx.unique}`)
  const { sha256 } = await databaseFileStore(ctx.db).put(bytes, 'text/markdown')
  const [row] = await ctx.db
    .insert(cvUploads)
    .values({ sha256, fileName: 'cv.md', uploadedById: await ownerId(ctx) })
    .returning({ id: cvUploads.id })
  if (!row) throw new Error('matrix upload not inserted')
  return row.id
}

/** A retention rule (switched off) that acts on nobody. */
async function retentionRuleOf(ctx: Context): Promise<number> {
  const [row] = await ctx.db
    .insert(retentionRules)
    .values({
      name: `Rule ${ctx.unique}`,
      conditionKind: 'no-activity',
      conditionAmount: 600,
      action: 'anonymise',
    })
    .returning({ id: retentionRules.id })
  if (!row) throw new Error('matrix retention rule not inserted')
  return row.id
}

/** A talent on the Due for removal list of a rule switched on. */
async function dueTalentOf(ctx: Context): Promise<number> {
  const talentId = await talentOf(ctx)
  const ruleId = await retentionRuleOf(ctx)
  await ctx.db.update(retentionRules).set({ enabled: true }).where(eq(retentionRules.id, ruleId))
  await ctx.db
    .insert(retentionDue)
    .values({ talentId, ruleId, dueSince: '2026-01-01', actOn: '2026-01-15' })
  return talentId
}

/** A sent privacy-page link of a talent: its token and the form value bound to it. */
async function privacyLinkOf(ctx: Context): Promise<{ token: string; csrf: string }> {
  const talentId = await talentOf(ctx)
  const token = newToken()
  await ctx.db.insert(privacyRequests).values({
    talentId,
    kind: 'consent',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 3600_000),
    sentAt: new Date(),
  })
  return { token, csrf: formTokenFor(pageFormKey(ctx.config.secretKey), hashToken(token)) }
}

/** A removal a talent asked for on the privacy page, waiting for an admin. */
async function erasureRequestOf(ctx: Context): Promise<number> {
  const [row] = await ctx.db
    .insert(erasureRequests)
    .values({ talentId: await talentOf(ctx) })
    .returning({ id: erasureRequests.id })
  if (!row) throw new Error('matrix erasure request not inserted')
  return row.id
}

/** A finished CV import (owned as ctx says) with one row that needs a review. */
/** A spreadsheet import with its file and a usable mapping, owned as ctx.owner says. */
async function spreadsheetImportOf(ctx: Context): Promise<number> {
  const owner = await ownerId(ctx)
  const bytes = Buffer.from(`Name,Email\nDana ${ctx.unique},dana-${ctx.unique}@example.com\n`)
  const { sha256 } = await databaseFileStore(ctx.db).put(bytes, 'text/csv')
  const [row] = await ctx.db
    .insert(spreadsheetImports)
    .values({
      createdById: owner,
      fileName: 'people.csv',
      sha256,
      format: 'csv',
      encoding: 'utf8',
      delimiter: ',',
      sheets: [],
      headers: ['Name', 'Email'],
      mapping: {
        columns: ['fullName', 'email'],
        values: { areaOfInterest: {}, seniorityLevel: {}, status: {} },
        existing: 'skip',
      },
    })
    .returning({ id: spreadsheetImports.id })
  if (!row) throw new Error('matrix spreadsheet import not inserted')
  return row.id
}

/** An import whose dry run has ended, as its job leaves it. */
async function checkedSpreadsheetImportOf(ctx: Context): Promise<number> {
  const id = await spreadsheetImportOf(ctx)
  const [row] = await ctx.db
    .select({ mapping: spreadsheetImports.mapping })
    .from(spreadsheetImports)
    .where(eq(spreadsheetImports.id, id))
  const none = { areaOfInterest: [], seniorityLevel: [], status: [] }
  await ctx.db.insert(importDryRuns).values({
    importId: id,
    generation: 1,
    mapping: row?.mapping ?? {},
    state: 'done',
    total: 1,
    done: 1,
    result: {
      ...{ total: 1, created: 1, updated: 0, skipped: 0, invalid: 0, possibleDuplicates: 0 },
      ...{ possibleDuplicateRows: [], unmappedValues: none, errors: [] },
    },
  })
  return id
}

async function importOf(ctx: Context): Promise<{ id: number; itemId: number }> {
  const owner = await ownerId(ctx)
  const bytes = Buffer.from(`# CV ${ctx.unique}`)
  const { sha256 } = await databaseFileStore(ctx.db).put(bytes, 'text/markdown')
  const changeSetId = await openChangeSet(ctx.db, {
    kind: 'cv-import',
    actor: { id: owner ?? 0, role: 'user' },
    undoDays: 7,
  })
  const [row] = await ctx.db
    .insert(cvImports)
    .values({ changeSetId, createdById: owner, state: 'done' })
    .returning({ id: cvImports.id })
  if (!row) throw new Error('matrix import not inserted')
  const [item] = await ctx.db
    .insert(cvImportItems)
    .values({ importId: row.id, fileName: 'cv.md', sha256, state: 'needs_review' })
    .returning({ id: cvImportItems.id })
  if (!item) throw new Error('matrix import row not inserted')
  return { id: row.id, itemId: item.id }
}

/** A bulk action run by the owner ctx names, on a talent with that owner. */
async function bulkOf(ctx: Context): Promise<number> {
  const owner = await ownerId(ctx)
  const talentId = await talentOf(ctx)
  const { bulkId } = await runBulk(
    ctx.db,
    { action: 'setStatus', ids: [talentId], payload: { statuses: ['Hired'] } },
    { id: owner ?? 0, role: 'user' },
  )
  return bulkId
}

/** A custom tag created by the caller (so the admin-only rule is not about ownership). */
async function tagOf(ctx: Context, base: string): Promise<number> {
  const [row] = await ctx.db
    .insert(tags)
    .values({ name: `${base} ${ctx.unique}`, createdById: ctx.actorId })
    .returning({ id: tags.id })
  if (!row) throw new Error('matrix tag not inserted')
  return row.id
}

/** A merge of two talents (by an admin), ready to be undone. */
async function mergeOf(ctx: Context): Promise<number> {
  const admin = (await createTestUser(ctx.db, { role: 'admin' })).user
  const { mergeId } = await mergeTalents(
    ctx.db,
    {
      survivorId: await talentOf(ctx),
      mergedIds: [await talentOf({ ...ctx, unique: `${ctx.unique}-m` })],
      fields: {},
    },
    admin,
  )
  return mergeId
}

const talentBody = (unique: string) => ({
  fullName: 'Grace Hopper',
  email: `grace-${unique}@example.com`,
  areaOfInterest: 'Engineering',
  seniorityLevel: 'exec',
  tags: [],
  status: [],
})

const editBody = {
  firstName: 'Edited',
  lastName: 'Name',
  role: 'user',
  isActive: true,
  mustChangePassword: false,
  mfaEnabled: false,
}

/** A shared saved view (owned as ctx says), so another user sees it and is refused a change. */
async function sharedViewOf(ctx: Context): Promise<number> {
  const ownerIdValue = await ownerId(ctx)
  if (ownerIdValue === null) throw new Error('a saved view needs an owner')
  const [row] = await ctx.db
    .insert(savedViews)
    .values({ ownerId: ownerIdValue, name: `View ${ctx.unique}`, isShared: true, state: {} })
    .returning({ id: savedViews.id })
  if (!row) throw new Error('saved view insert returned no row')
  return row.id
}

async function fieldOf(ctx: Context): Promise<number> {
  const [row] = await ctx.db
    .insert(customFields)
    .values({
      key: deriveFieldKey(`matrix ${ctx.unique}`),
      label: `Matrix ${ctx.unique}`,
      type: 'text',
    })
    .returning({ id: customFields.id })
  if (!row) throw new Error('custom field insert returned no row')
  return row.id
}

/** A deleted custom field's undo id. */
async function deletedFieldOf(ctx: Context): Promise<number> {
  const admin = await createTestUser(ctx.db, { role: 'admin' })
  const { undoId } = await deleteField(ctx.db, await fieldOf(ctx), admin.user)
  return undoId
}

const SIGNED_IN = { anonymous: 401, user: 200, admin: 200, inactive: 401, mustChange: 403 }
const ADMIN_ONLY = { anonymous: 401, user: 403, admin: 200, inactive: 401, mustChange: 403 }
const PUBLIC = { anonymous: 200, user: 200, admin: 200, inactive: 200, mustChange: 200 }
// Security rule 11: me, the two password calls and logout stay open while a change is pending.
const PASSWORD_FLOW = { anonymous: 401, user: 200, admin: 200, inactive: 401, mustChange: 200 }

const MATRIX: Entry[] = [
  { route: 'GET /api/health', request: () => ({}), expect: PUBLIC },
  {
    route: 'POST /api/auth/login',
    request: async (ctx) => {
      const { user } = await createTestUser(ctx.db)
      return { payload: { email: user.email, password: TEST_PASSWORD } }
    },
    expect: PUBLIC,
  },
  { route: 'GET /api/auth/me', request: () => ({}), expect: PASSWORD_FLOW },
  { route: 'POST /api/auth/logout', request: () => ({}), expect: PUBLIC },
  {
    route: 'POST /api/auth/change-password',
    request: () => ({
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-fresh-matrix-passphrase' },
    }),
    expect: PASSWORD_FLOW,
  },
  {
    route: 'POST /api/auth/first-time-password-change',
    request: () => ({ payload: { newPassword: 'a-fresh-matrix-passphrase' } }),
    // 400: only a user who must change their password may use it ('already set').
    expect: { ...PASSWORD_FLOW, user: 400, admin: 400 },
  },
  { route: 'GET /api/talents', request: () => ({}), expect: SIGNED_IN },
  { route: 'GET /api/talents/stats', request: () => ({}), expect: SIGNED_IN },
  // The duplicate check while typing, for every signed-in user.
  {
    route: 'GET /api/talents/duplicates',
    request: () => ({ url: '/api/talents/duplicates?phone=%2B14155550134&fullName=Grace' }),
    expect: SIGNED_IN,
  },
  { route: 'GET /api/duplicates', request: () => ({}), expect: SIGNED_IN },
  // 'Scan again': queues the background scan (202), for every signed-in user.
  {
    route: 'POST /api/duplicates/scan',
    request: () => ({}),
    expect: { ...SIGNED_IN, user: 202, admin: 202 },
  },
  {
    route: 'POST /api/duplicates/dismiss',
    request: async (ctx) => ({
      payload: {
        ids: [await talentOf(ctx), await talentOf({ ...ctx, unique: `${ctx.unique}-b` })],
      },
    }),
    expect: SIGNED_IN,
  },
  // Merge and merge undo: admins only, whoever added the talents.
  {
    route: 'POST /api/merges',
    request: async (ctx) => ({
      payload: {
        survivorId: await talentOf(ctx),
        mergedIds: [await talentOf({ ...ctx, unique: `${ctx.unique}-b` })],
      },
    }),
    expect: { ...ADMIN_ONLY, admin: 201 },
  },
  {
    route: 'POST /api/merges/:id/undo',
    request: async (ctx) => ({ url: `/api/merges/${await mergeOf(ctx)}/undo` }),
    expect: ADMIN_ONLY,
  },
  // Export is open to every signed-in user, like reading the talents one by one.
  {
    route: 'GET /api/talents/export',
    request: () => ({ url: '/api/talents/export?format=csv' }),
    expect: SIGNED_IN,
  },
  // The export of a selection, open as the filtered export is.
  {
    route: 'POST /api/talents/export',
    request: async (ctx) => ({
      url: '/api/talents/export',
      payload: { format: 'csv', ids: [await talentOf(ctx)] },
    }),
    expect: SIGNED_IN,
  },
  // Reports: pool-wide aggregates for every signed-in user.
  { route: 'GET /api/reports/overview', request: () => ({}), expect: SIGNED_IN },
  { route: 'GET /api/reports/sources', request: () => ({}), expect: SIGNED_IN },
  { route: 'GET /api/reports/engagement', request: () => ({}), expect: SIGNED_IN },
  {
    route: 'GET /api/talents/:id',
    request: async (ctx) => ({ url: `/api/talents/${await talentOf(ctx)}` }),
    expect: { ...SIGNED_IN, otherObject: 200 },
  },
  {
    route: 'GET /api/talents/:id/activity',
    request: async (ctx) => ({ url: `/api/talents/${await talentOf(ctx)}/activity` }),
    // Like the talent itself: every signed-in user may read its history.
    expect: { ...SIGNED_IN, otherObject: 200 },
  },
  // Security rule 53: a person's data in one zip, for admins and the talent's adder.
  {
    route: 'GET /api/talents/:id/personal-data',
    request: async (ctx) => ({ url: `/api/talents/${(await talentWithCv(ctx)).id}/personal-data` }),
    expect: { ...SIGNED_IN, otherObject: 403 },
  },
  {
    route: 'POST /api/talents',
    request: (ctx) => ({ payload: talentBody(ctx.unique) }),
    expect: { ...SIGNED_IN, user: 201, admin: 201 },
  },
  {
    route: 'PUT /api/talents/:id',
    request: async (ctx) => ({
      url: `/api/talents/${await talentOf(ctx)}`,
      payload: talentBody(ctx.unique),
    }),
    // spec section 6: edit is available to all.
    expect: { ...SIGNED_IN, otherObject: 200 },
  },
  {
    route: 'DELETE /api/talents/:id',
    request: async (ctx) => ({ url: `/api/talents/${await talentOf(ctx)}` }),
    // Admins delete any talent; a user only the ones they added.
    expect: { ...SIGNED_IN, otherObject: 403 },
  },
  // Security rule 49-51: the privacy record like the talent; erase like delete.
  {
    route: 'GET /api/talents/:id/privacy',
    request: async (ctx) => ({ url: `/api/talents/${await talentOf(ctx)}/privacy` }),
    expect: { ...SIGNED_IN, otherObject: 200 },
  },
  {
    route: 'PUT /api/talents/:id/privacy',
    request: async (ctx) => ({
      url: `/api/talents/${await talentOf(ctx)}/privacy`,
      payload: { source: 'referred', lawfulBasis: 'legitimate interest' },
    }),
    expect: { ...SIGNED_IN, otherObject: 200 },
  },
  {
    route: 'POST /api/talents/:id/erase',
    request: async (ctx) => ({
      url: `/api/talents/${await talentOf(ctx)}/erase`,
      payload: { reason: 'Asked by e-mail' },
    }),
    expect: { ...SIGNED_IN, otherObject: 403 },
  },
  { route: 'GET /api/erasures', request: () => ({}), expect: ADMIN_ONLY },
  // Security rule 59-62: asking the person. Sending follows editing the talent; the matrix's
  // app has no SMTP_URL, so a caller who passes access hears 409 'E-mail is not set up'.
  {
    route: 'GET /api/talents/:id/privacy-requests',
    request: async (ctx) => ({ url: `/api/talents/${await talentOf(ctx)}/privacy-requests` }),
    expect: { ...SIGNED_IN, otherObject: 200 },
  },
  {
    route: 'POST /api/talents/:id/privacy-requests',
    request: async (ctx) => ({
      url: `/api/talents/${await talentOf(ctx)}/privacy-requests`,
      payload: { kind: 'consent' },
    }),
    expect: { ...SIGNED_IN, user: 409, admin: 409, otherObject: 409 },
  },
  {
    route: 'POST /api/talents/bulk/privacy-requests',
    request: async (ctx) => ({ payload: { kind: 'notice', ids: [await talentOf(ctx)] } }),
    expect: { ...SIGNED_IN, user: 409, admin: 409, otherObject: 409 },
  },
  {
    route: 'GET /api/privacy/request-batches/:id',
    request: async (ctx) => {
      const [row] = await ctx.db
        .insert(privacyRequestBatches)
        .values({ kind: 'notice', total: 0, state: 'done', createdById: await ownerId(ctx) })
        .returning({ id: privacyRequestBatches.id })
      return { url: `/api/privacy/request-batches/${row?.id ?? 0}` }
    },
    // Its author or an admin.
    expect: { ...SIGNED_IN, otherObject: 403 },
  },
  { route: 'GET /api/privacy/request-settings', request: () => ({}), expect: ADMIN_ONLY },
  {
    route: 'PUT /api/privacy/request-settings',
    request: () => ({ payload: DEFAULT_PRIVACY_REQUEST_SETTINGS }),
    expect: ADMIN_ONLY,
  },
  { route: 'GET /api/privacy/erasure-requests', request: () => ({}), expect: ADMIN_ONLY },
  {
    route: 'POST /api/privacy/erasure-requests/:id/erase',
    request: async (ctx) => ({
      url: `/api/privacy/erasure-requests/${await erasureRequestOf(ctx)}/erase`,
    }),
    expect: { ...ADMIN_ONLY, otherObject: 403 },
  },
  {
    route: 'POST /api/privacy/erasure-requests/:id/dismiss',
    request: async (ctx) => ({
      url: `/api/privacy/erasure-requests/${await erasureRequestOf(ctx)}/dismiss`,
    }),
    expect: { ...ADMIN_ONLY, otherObject: 403 },
  },
  // The person's own page: no sign-in, the link is the credential (security rule 59-61).
  { route: 'GET /privacy/page.css', request: () => ({}), expect: PUBLIC },
  {
    route: 'GET /privacy/r/:token',
    request: async (ctx) => ({ url: `/privacy/r/${(await privacyLinkOf(ctx)).token}` }),
    expect: PUBLIC,
  },
  {
    route: 'POST /privacy/r/:token',
    request: async (ctx) => {
      const { token, csrf } = await privacyLinkOf(ctx)
      return {
        url: `/privacy/r/${token}`,
        payload: { csrf, action: 'details', email: `page-${ctx.unique}@example.com` },
      }
    },
    expect: PUBLIC,
  },
  // CVs: attach and read like editing a talent; remove like deleting one.
  {
    route: 'POST /api/talents/:id/cv',
    request: async (ctx) => ({
      url: `/api/talents/${await talentOf(ctx)}/cv`,
      ...multipart({ name: 'cv.pdf', bytes: makePdf([ctx.unique]) }),
    }),
    expect: { ...SIGNED_IN, user: 201, admin: 201, otherObject: 201 },
  },
  {
    route: 'GET /api/talents/:id/cv',
    request: async (ctx) => ({ url: `/api/talents/${(await talentWithCv(ctx)).id}/cv` }),
    expect: { ...SIGNED_IN, otherObject: 200 },
  },
  {
    route: 'GET /api/talents/:id/cv/preview',
    request: async (ctx) => ({ url: `/api/talents/${(await talentWithCv(ctx)).id}/cv/preview` }),
    expect: { ...SIGNED_IN, otherObject: 200 },
  },
  {
    route: 'GET /api/talents/:id/cv/file',
    request: async (ctx) => ({ url: `/api/talents/${(await talentWithCv(ctx)).id}/cv/file` }),
    expect: { ...SIGNED_IN, otherObject: 200 },
  },
  {
    route: 'GET /api/talents/:id/cv/versions/:fileId/file',
    request: async (ctx) => {
      const { id, fileId } = await talentWithCv(ctx)
      return { url: `/api/talents/${id}/cv/versions/${fileId}/file` }
    },
    expect: { ...SIGNED_IN, otherObject: 200 },
  },
  {
    route: 'DELETE /api/talents/:id/cv',
    request: async (ctx) => ({ url: `/api/talents/${(await talentWithCv(ctx)).id}/cv` }),
    expect: { ...SIGNED_IN, user: 204, admin: 204, otherObject: 403 },
  },
  {
    route: 'POST /api/cv/parse',
    request: (ctx) => ({
      url: '/api/cv/parse',
      ...multipart({ name: 'cv.md', bytes: Buffer.from(`# Dana ${ctx.unique}`) }),
    }),
    expect: SIGNED_IN,
  },
  {
    route: 'POST /api/cv/uploads/:fileId/attach',
    request: async (ctx) => ({
      url: `/api/cv/uploads/${await uploadOf(ctx)}/attach`,
      payload: { talentId: await talentOf({ ...ctx, owner: 'other' }) },
    }),
    // Only the person who uploaded the file may attach it (404 for anyone else's).
    expect: { ...SIGNED_IN, user: 201, admin: 404, otherObject: 404 },
  },
  // CV imports: for every signed-in user; undo for its author and admins.
  {
    route: 'POST /api/cv/imports',
    request: (ctx) => ({
      url: '/api/cv/imports',
      ...multipartFiles([{ name: 'cv.md', bytes: Buffer.from(`# Dana ${ctx.unique}`) }]),
    }),
    expect: { ...SIGNED_IN, user: 202, admin: 202 },
  },
  { route: 'GET /api/cv/imports', request: () => ({}), expect: SIGNED_IN },
  {
    route: 'GET /api/cv/imports/:id',
    request: async (ctx) => ({ url: `/api/cv/imports/${(await importOf(ctx)).id}` }),
    expect: { ...SIGNED_IN, otherObject: 200 },
  },
  {
    route: 'POST /api/cv/imports/:id/items/:itemId/talent',
    request: async (ctx) => {
      const { id, itemId } = await importOf(ctx)
      const { fullName, email, areaOfInterest, seniorityLevel } = talentBody(ctx.unique)
      return {
        url: `/api/cv/imports/${id}/items/${itemId}/talent`,
        payload: { fullName, email, areaOfInterest, seniorityLevel },
      }
    },
    expect: { ...SIGNED_IN, user: 201, admin: 201, otherObject: 201 },
  },
  {
    route: 'POST /api/cv/imports/:id/undo',
    request: async (ctx) => ({ url: `/api/cv/imports/${(await importOf(ctx)).id}/undo` }),
    expect: { ...SIGNED_IN, otherObject: 403 },
  },
  // Spreadsheet imports: for every signed-in user; an import is its author's and admins'.
  {
    route: 'POST /api/imports',
    request: (ctx) => ({
      url: '/api/imports',
      ...multipartFiles([
        { name: 'people.csv', bytes: Buffer.from(`Name,Email\nDana,d-${ctx.unique}@x.com\n`) },
      ]),
    }),
    expect: { ...SIGNED_IN, user: 201, admin: 201 },
  },
  {
    route: 'GET /api/imports/:id/preview',
    request: async (ctx) => ({ url: `/api/imports/${await spreadsheetImportOf(ctx)}/preview` }),
    expect: { ...SIGNED_IN, otherObject: 404 },
  },
  {
    route: 'PUT /api/imports/:id/mapping',
    request: async (ctx) => ({
      url: `/api/imports/${await spreadsheetImportOf(ctx)}/mapping`,
      payload: { columns: ['fullName', 'email'] },
    }),
    expect: { ...SIGNED_IN, otherObject: 404 },
  },
  {
    route: 'POST /api/imports/:id/dry-run',
    request: async (ctx) => ({ url: `/api/imports/${await spreadsheetImportOf(ctx)}/dry-run` }),
    expect: { ...SIGNED_IN, otherObject: 404 },
  },
  {
    route: 'GET /api/imports/:id/dry-run',
    request: async (ctx) => ({
      url: `/api/imports/${await checkedSpreadsheetImportOf(ctx)}/dry-run`,
    }),
    expect: { ...SIGNED_IN, otherObject: 404 },
  },
  {
    route: 'GET /api/imports/:id/errors.csv',
    request: async (ctx) => ({ url: `/api/imports/${await spreadsheetImportOf(ctx)}/errors.csv` }),
    expect: { ...SIGNED_IN, otherObject: 404 },
  },
  {
    route: 'POST /api/imports/:id/run',
    request: async (ctx) => ({ url: `/api/imports/${await spreadsheetImportOf(ctx)}/run` }),
    expect: { ...SIGNED_IN, user: 202, admin: 202, otherObject: 404 },
  },
  {
    route: 'GET /api/imports/:id',
    request: async (ctx) => ({ url: `/api/imports/${await spreadsheetImportOf(ctx)}` }),
    expect: { ...SIGNED_IN, otherObject: 404 },
  },
  { route: 'GET /api/imports', request: () => ({}), expect: SIGNED_IN },
  {
    // Not run yet: the author and admins get past the permission to the 409.
    route: 'POST /api/imports/:id/undo',
    request: async (ctx) => ({ url: `/api/imports/${await spreadsheetImportOf(ctx)}/undo` }),
    expect: { ...SIGNED_IN, user: 409, admin: 409, otherObject: 404 },
  },
  // Bulk actions: tag and status for everyone; delete like a single delete (own
  // talents, admins any); undo for the person who ran it and admins.
  {
    route: 'POST /api/talents/bulk',
    request: async (ctx) => ({
      url: '/api/talents/bulk',
      payload: { action: 'delete', ids: [await talentOf(ctx)] },
    }),
    expect: { ...SIGNED_IN, otherObject: 403 },
  },
  {
    route: 'POST /api/bulk/:id/undo',
    request: async (ctx) => ({ url: `/api/bulk/${await bulkOf(ctx)}/undo` }),
    expect: { ...SIGNED_IN, otherObject: 403 },
  },
  { route: 'GET /api/bulk', request: () => ({}), expect: SIGNED_IN },
  { route: 'GET /api/tags', request: () => ({}), expect: SIGNED_IN },
  {
    route: 'POST /api/tags',
    request: (ctx) => ({ payload: { name: `Matrix ${ctx.unique}` } }),
    expect: { ...SIGNED_IN, user: 201, admin: 201 },
  },
  // Tag management: admins only, whoever created the tag (tags/manage.ts).
  {
    route: 'PUT /api/tags/:id',
    request: async (ctx) => ({
      url: `/api/tags/${await tagOf(ctx, 'Rename')}`,
      payload: { name: `Renamed ${ctx.unique}` },
    }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'DELETE /api/tags/:id',
    request: async (ctx) => ({ url: `/api/tags/${await tagOf(ctx, 'Delete')}` }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'POST /api/tags/:id/merge',
    request: async (ctx) => ({
      url: `/api/tags/${await tagOf(ctx, 'Merge')}/merge`,
      payload: { targetId: await tagOf(ctx, 'Merge Target') },
    }),
    expect: ADMIN_ONLY,
  },
  { route: 'GET /api/users/filter', request: () => ({}), expect: SIGNED_IN },
  // Settings switches: always the caller's own row, so no otherObject cell.
  { route: 'GET /api/me/preferences', request: () => ({}), expect: SIGNED_IN },
  {
    route: 'PUT /api/me/preferences',
    request: () => ({ payload: { emailNotifications: false, newTalentAlerts: true } }),
    expect: SIGNED_IN,
  },
  // Saved views: a shared one, so another user sees it (200) but may not change it.
  { route: 'GET /api/views', request: () => ({}), expect: SIGNED_IN },
  {
    route: 'GET /api/views/:id',
    request: async (ctx) => ({ url: `/api/views/${await sharedViewOf(ctx)}` }),
    expect: { ...SIGNED_IN, otherObject: 200 },
  },
  {
    route: 'POST /api/views',
    request: (ctx) => ({ payload: { name: `View ${ctx.unique}`, state: { q: 'python' } } }),
    expect: { ...SIGNED_IN, user: 201, admin: 201 },
  },
  {
    route: 'PATCH /api/views/:id',
    request: async (ctx) => ({
      url: `/api/views/${await sharedViewOf(ctx)}`,
      payload: { name: `Renamed ${ctx.unique}` },
    }),
    expect: { ...SIGNED_IN, otherObject: 403 },
  },
  {
    route: 'DELETE /api/views/:id',
    request: async (ctx) => ({ url: `/api/views/${await sharedViewOf(ctx)}` }),
    expect: { ...SIGNED_IN, user: 204, admin: 204, otherObject: 403 },
  },
  // Custom fields (security rule 65): everyone reads the definitions, admins change them.
  { route: 'GET /api/fields', request: () => ({}), expect: SIGNED_IN },
  {
    route: 'POST /api/fields',
    request: (ctx) => ({ payload: { label: `Field ${ctx.unique}`, type: 'number' } }),
    expect: { ...ADMIN_ONLY, admin: 201 },
  },
  {
    route: 'PATCH /api/fields/:id',
    request: async (ctx) => ({
      url: `/api/fields/${await fieldOf(ctx)}`,
      payload: { version: 1, label: `Renamed ${ctx.unique}` },
    }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'DELETE /api/fields/:id',
    request: async (ctx) => ({ url: `/api/fields/${await fieldOf(ctx)}` }),
    expect: ADMIN_ONLY,
  },
  { route: 'GET /api/fields/deleted', request: () => ({}), expect: ADMIN_ONLY },
  {
    route: 'POST /api/fields/deleted/:undoId/undo',
    request: async (ctx) => ({ url: `/api/fields/deleted/${await deletedFieldOf(ctx)}/undo` }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'GET /api/fields/:id/type-change-preview',
    request: async (ctx) => ({
      url: `/api/fields/${await fieldOf(ctx)}/type-change-preview?type=long_text`,
    }),
    expect: ADMIN_ONLY,
  },
  { route: 'GET /api/users', request: () => ({}), expect: ADMIN_ONLY },
  // The privacy log (security rule 54): admins only, as a page or as CSV.
  { route: 'GET /api/privacy/log', request: () => ({}), expect: ADMIN_ONLY },
  // Retention rules, the Due for removal list and Keep (security rule 56-58): admins only.
  { route: 'GET /api/privacy/rules', request: () => ({}), expect: ADMIN_ONLY },
  {
    route: 'POST /api/privacy/rules',
    request: (ctx) => ({
      payload: {
        name: `Rule ${ctx.unique}`,
        condition: { kind: 'no-activity', amount: 600 },
        action: 'anonymise',
      },
    }),
    expect: { ...ADMIN_ONLY, admin: 201 },
  },
  {
    route: 'PATCH /api/privacy/rules/:id',
    request: async (ctx) => ({
      url: `/api/privacy/rules/${await retentionRuleOf(ctx)}`,
      payload: { name: `Renamed ${ctx.unique}` },
    }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'DELETE /api/privacy/rules/:id',
    request: async (ctx) => ({ url: `/api/privacy/rules/${await retentionRuleOf(ctx)}` }),
    expect: { ...ADMIN_ONLY, admin: 204 },
  },
  {
    route: 'GET /api/privacy/rules/:id/preview',
    request: async (ctx) => ({ url: `/api/privacy/rules/${await retentionRuleOf(ctx)}/preview` }),
    expect: ADMIN_ONLY,
  },
  { route: 'GET /api/privacy/due', request: () => ({}), expect: ADMIN_ONLY },
  {
    route: 'POST /api/privacy/due/:talentId/keep',
    request: async (ctx) => ({
      url: `/api/privacy/due/${await dueTalentOf(ctx)}/keep`,
      payload: { reason: 'Still interviewing', until: '2099-01-01' },
    }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'POST /api/invite',
    request: (ctx) => ({
      payload: { email: `invitee-${ctx.unique}@example.com`, firstName: 'In', lastName: 'Vitee' },
    }),
    expect: { ...ADMIN_ONLY, admin: 201 },
  },
  {
    route: 'PATCH /api/users/:id',
    request: async (ctx) => ({
      url: `/api/users/${(await createTestUser(ctx.db)).user.id}`,
      payload: editBody,
    }),
    expect: { ...ADMIN_ONLY, otherObject: 403 },
  },
  {
    route: 'DELETE /api/users/:id',
    request: async (ctx) => ({ url: `/api/users/${(await createTestUser(ctx.db)).user.id}` }),
    expect: { ...ADMIN_ONLY, otherObject: 403 },
  },
  {
    route: 'POST /api/users/:id/unlock',
    request: async (ctx) => ({
      url: `/api/users/${(await createTestUser(ctx.db)).user.id}/unlock`,
    }),
    expect: { ...ADMIN_ONLY, otherObject: 403 },
  },
  {
    route: 'POST /api/users/:id/reset-mfa',
    request: async (ctx) => ({
      url: `/api/users/${(await createTestUser(ctx.db)).user.id}/reset-mfa`,
    }),
    expect: { ...ADMIN_ONLY, otherObject: 403 },
  },
  {
    route: 'POST /api/users/:id/reset-password',
    request: async (ctx) => ({
      url: `/api/users/${(await createTestUser(ctx.db)).user.id}/reset-password`,
    }),
    expect: { ...ADMIN_ONLY, otherObject: 403 },
  },
  // The sign-in's second step is public; its mfaToken is the credential.
  {
    route: 'POST /api/auth/login/mfa',
    request: async (ctx) => {
      const { user } = await createTestUser(ctx.db)
      const secret = await enrolUser(ctx.db, user.id)
      const mfaToken = await challengeFor(ctx.db, user.id, 'verify')
      return { payload: { mfaToken, code: totpCode(secret) } }
    },
    expect: PUBLIC,
  },
  {
    route: 'POST /api/auth/login/mfa/setup',
    request: async (ctx) => {
      const { user } = await createTestUser(ctx.db, {})
      return { payload: { mfaToken: await challengeFor(ctx.db, user.id, 'enroll') } }
    },
    expect: PUBLIC,
  },
  {
    route: 'POST /api/auth/login/mfa/enable',
    request: async (ctx) => {
      const { user } = await createTestUser(ctx.db)
      const secret = await pendingSetup(ctx.db, user.id)
      const mfaToken = await challengeFor(ctx.db, user.id, 'enroll')
      return { payload: { mfaToken, code: totpCode(secret) } }
    },
    expect: PUBLIC,
  },
  {
    route: 'POST /api/auth/mfa/setup',
    request: () => ({ payload: { password: TEST_PASSWORD } }),
    expect: SIGNED_IN,
  },
  {
    route: 'POST /api/auth/mfa/enable',
    request: async (ctx) => {
      const secret = ctx.actorId ? await pendingSetup(ctx.db, ctx.actorId) : newSecret()
      return { payload: { code: totpCode(secret) } }
    },
    expect: SIGNED_IN,
  },
  {
    route: 'POST /api/auth/mfa/disable',
    request: async (ctx) => {
      const secret = ctx.actorId ? await enrolUser(ctx.db, ctx.actorId) : newSecret()
      return { payload: { password: TEST_PASSWORD, code: totpCode(secret) } }
    },
    expect: SIGNED_IN,
  },
  { route: 'GET /api/auth/sessions', request: () => ({}), expect: SIGNED_IN },
  {
    route: 'DELETE /api/auth/sessions/:id',
    request: async (ctx) => {
      const owner = (await ownerId(ctx)) ?? (await createTestUser(ctx.db)).user.id
      const { sessionId } = await createSession(ctx.db, ctx.config, owner)
      return { url: `/api/auth/sessions/${sessionId}` }
    },
    // Another person's session is not found: nobody ends someone else's.
    expect: { ...SIGNED_IN, admin: 404, otherObject: 404 },
  },
  {
    route: 'DELETE /api/auth/sessions',
    request: () => ({ url: '/api/auth/sessions?others=1' }),
    expect: SIGNED_IN,
  },
  { route: 'GET /api/openapi.json', request: () => ({}), expect: SIGNED_IN },
  { route: 'GET /api/docs', request: () => ({}), expect: SIGNED_IN },
  { route: 'GET /robots.txt', request: () => ({}), expect: PUBLIC },
  {
    route: 'GET /favicon.ico',
    request: () => ({}),
    expect: { anonymous: 301, user: 301, admin: 301, inactive: 301, mustChange: 301 },
  },
  // The built SPA: index.html for any non-API GET.
  { route: 'GET /*', request: () => ({ url: '/dashboard/users' }), expect: PUBLIC },
]

// The built SPA's routes exist only over a client folder.
const test = apiTestWith({ clientDir: testClientDir('matrix') })
let counter = 0

async function statusFor(api: Api, entry: Entry, actor: Actor): Promise<number> {
  const [method = '', routeUrl = ''] = entry.route.split(' ')
  const caller = await api.as(PRINCIPAL[actor])
  counter++
  const request = await entry.request({
    db: api.database.db,
    config: api.config,
    actorId: caller.user?.id,
    owner: actor === 'otherObject' || actor === 'admin' ? 'other' : 'self',
    unique: `${counter}`,
  })
  const response = await api.app.inject({
    method: method as 'GET',
    url: request.url ?? routeUrl,
    headers: { ...caller.headers, ...request.headers },
    ...(request.payload ? { payload: request.payload } : {}),
  })
  return response.statusCode
}

test('every route of the app has a row, and every row names a route', ({ api }) => {
  const routes = registeredRoutes(api.app)
  const isAutoHead = (method: string, url: string) =>
    method === 'HEAD' && routes.some((r) => r.method === 'GET' && r.url === url)
  const actual = routes
    .filter((r) => !isAutoHead(r.method, r.url))
    .map((r) => `${r.method} ${r.url}`)
    .sort()
  expect(actual.length).toBeGreaterThan(0)
  expect(MATRIX.map((e) => e.route).sort()).toEqual(actual)
})

describe('permission matrix (security rule 17)', () => {
  test.for(MATRIX)('$route', async (entry, { api }) => {
    const actual: Partial<Record<Actor, number>> = {}
    for (const actor of ACTORS) {
      if (actor === 'otherObject' && entry.expect.otherObject === undefined) continue
      actual[actor] = await statusFor(api, entry, actor)
    }
    expect(actual).toEqual(entry.expect)
  })
})
