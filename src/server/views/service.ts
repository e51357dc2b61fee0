import { and, asc, count, eq, or, sql } from 'drizzle-orm'
import {
  MAX_SAVED_VIEWS_PER_USER,
  SAVED_VIEW_FORBIDDEN,
  SAVED_VIEW_LIMIT,
  SAVED_VIEW_NAME_TAKEN,
  SAVED_VIEW_NOT_FOUND,
  savedViewStateSchema,
  viewFieldParams,
  type CreateSavedView,
  type SavedView,
  type SavedViewState,
  type UpdateSavedView,
} from '#shared/saved-view.ts'
import type { UserRow } from '../db/rows.ts'
import type { Db } from '../db/open.ts'
import { users } from '../db/schema.ts'
import { savedViews } from '../db/view-schema.ts'
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  isUniqueViolation,
  NotFoundError,
} from '../errors.ts'
import { countTalents } from '../talents/count.ts'
import { filterOf } from '../talents/list-plan.ts'
import { searchableFields } from '../talents/searchable-fields.ts'

// Saved views. Services take the caller and decide what they may see and change.

type Caller = Pick<UserRow, 'id' | 'role'>

const viewColumns = {
  id: savedViews.id,
  name: savedViews.name,
  isShared: savedViews.isShared,
  state: savedViews.state,
  createdAt: savedViews.createdAt,
  updatedAt: savedViews.updatedAt,
  owner: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  },
}

type ViewRow = {
  id: number
  name: string
  isShared: boolean
  state: unknown
  createdAt: Date
  updatedAt: Date
  owner: SavedView['owner']
}

/** Its owner may change a view; an admin may change a shared one too. */
function canEdit(row: Pick<ViewRow, 'isShared' | 'owner'>, caller: Caller): boolean {
  return row.owner.id === caller.id || (row.isShared && caller.role === 'admin')
}

/** A caller sees their own views and everyone's shared ones. */
function visibleTo(caller: Caller) {
  return or(eq(savedViews.ownerId, caller.id), eq(savedViews.isShared, true))
}

function stateOf(row: ViewRow): SavedViewState {
  // Stored through the same schema; a row that no longer parses (a filter value retired since)
  // keeps what still does rather than failing the whole list.
  const parsed = savedViewStateSchema.safeParse(row.state)
  return parsed.success ? parsed.data : {}
}

/** The talents a state finds, counted as the list counts (cached per data version). */
async function countFor(
  db: Db,
  state: SavedViewState,
  dataVersion: number | undefined,
  caller: Caller,
) {
  const fields = await searchableFields(db, caller, dataVersion)
  const filter = filterOf(
    {
      areaOfInterest: state.areaOfInterest,
      seniorityLevel: state.seniorityLevel,
      tag: state.tag,
      status: state.status,
      addedBy: state.addedBy,
      search: state.search,
      q: state.q,
      consent: state.consent,
      informed: state.informed,
      source: state.source,
      ...viewFieldParams(state),
    },
    fields,
  )
  return countTalents(db, filter, dataVersion)
}

async function toView(
  db: Db,
  row: ViewRow,
  caller: Caller,
  dataVersion: number | undefined,
): Promise<SavedView> {
  const state = stateOf(row)
  return {
    id: row.id,
    name: row.name,
    isShared: row.isShared,
    state,
    owner: row.owner,
    canEdit: canEdit(row, caller),
    count: await countFor(db, state, dataVersion, caller),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

function selectViews(db: Db) {
  return db.select(viewColumns).from(savedViews).innerJoin(users, eq(users.id, savedViews.ownerId))
}

async function findVisible(db: Db, id: number, caller: Caller): Promise<ViewRow> {
  const [row] = await selectViews(db)
    .where(and(eq(savedViews.id, id), visibleTo(caller)))
    .limit(1)
  // Someone else's personal view is not confirmed to exist.
  if (!row) throw new NotFoundError(SAVED_VIEW_NOT_FOUND)
  return row
}

function nameTaken() {
  return new ConflictError(SAVED_VIEW_NAME_TAKEN, { name: [SAVED_VIEW_NAME_TAKEN] })
}

/** GET /api/views: the caller's own views and everyone's shared ones, by name, with live counts. */
export async function listViews(
  db: Db,
  caller: Caller,
  dataVersion: number | undefined,
): Promise<SavedView[]> {
  const rows = await selectViews(db)
    .where(visibleTo(caller))
    .orderBy(sql`lower(${savedViews.name})`, asc(savedViews.id))
  // One at a time: each count is one query (or a cache hit), and the pool is shared.
  const views: SavedView[] = []
  for (const row of rows) views.push(await toView(db, row, caller, dataVersion))
  return views
}

/** GET /api/views/:id: open by URL — the caller's own view, or a shared one. */
export async function getView(
  db: Db,
  id: number,
  caller: Caller,
  dataVersion: number | undefined,
): Promise<SavedView> {
  return toView(db, await findVisible(db, id, caller), caller, dataVersion)
}

/** POST /api/views. */
export async function createView(
  db: Db,
  input: CreateSavedView,
  caller: Caller,
  dataVersion: number | undefined,
): Promise<SavedView> {
  const [owned] = await db
    .select({ n: count() })
    .from(savedViews)
    .where(eq(savedViews.ownerId, caller.id))
  if ((owned?.n ?? 0) >= MAX_SAVED_VIEWS_PER_USER) throw new BadRequestError(SAVED_VIEW_LIMIT)
  try {
    const [inserted] = await db
      .insert(savedViews)
      .values({
        ownerId: caller.id,
        name: input.name,
        isShared: input.isShared ?? false,
        state: input.state,
      })
      .returning({ id: savedViews.id })
    if (!inserted) throw new Error('Saved view insert returned no row')
    return await getView(db, inserted.id, caller, dataVersion)
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken() : error
  }
}

/** A view the caller may change: 404 if they cannot see it, 403 if they see but may not change. */
async function findEditable(db: Db, id: number, caller: Caller): Promise<ViewRow> {
  const row = await findVisible(db, id, caller)
  if (!canEdit(row, caller)) throw new ForbiddenError(SAVED_VIEW_FORBIDDEN)
  return row
}

/** PATCH /api/views/:id: rename, share or unshare, or save a new state over it. */
export async function updateView(
  db: Db,
  id: number,
  input: UpdateSavedView,
  caller: Caller,
  dataVersion: number | undefined,
): Promise<SavedView> {
  await findEditable(db, id, caller)
  try {
    await db
      .update(savedViews)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.isShared === undefined ? {} : { isShared: input.isShared }),
        ...(input.state === undefined ? {} : { state: input.state }),
      })
      .where(eq(savedViews.id, id))
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken() : error
  }
  // An admin who unshares someone's view can no longer see it: answer with what it was set to.
  const [row] = await selectViews(db).where(eq(savedViews.id, id)).limit(1)
  if (!row) throw new NotFoundError(SAVED_VIEW_NOT_FOUND)
  return toView(db, row, caller, dataVersion)
}

/** DELETE /api/views/:id. */
export async function deleteView(db: Db, id: number, caller: Caller): Promise<void> {
  await findEditable(db, id, caller)
  await db.delete(savedViews).where(eq(savedViews.id, id))
}
