import { eq } from 'drizzle-orm'
import type { Talent } from '#shared/talent.ts'
import type { Db } from '../db/open.ts'
import { currentCvJson } from '../cvs/cv-json.ts'
import { talents, users } from '../db/schema.ts'

/** A talent's own columns, as a person wrote them (a merge's before-image reads these too). */
export const talentOwnColumns = {
  id: talents.id,
  fullName: talents.fullName,
  email: talents.email,
  phone: talents.phone,
  linkedinUrl: talents.linkedinUrl,
  cvResumePath: talents.cvResumePath,
  areaOfInterest: talents.areaOfInterest,
  seniorityLevel: talents.seniorityLevel,
  notes: talents.notes,
  tags: talents.tags,
  status: talents.status,
  addedById: talents.addedById,
  createdAt: talents.createdAt,
  updatedAt: talents.updatedAt,
}

// The columns the API returns (select what you send). The adder's public
// fields only; never the users row as a whole (security rule 16).
export const talentColumns = {
  ...talentOwnColumns,
  adderEmail: users.email,
  adderFirstName: users.firstName,
  adderLastName: users.lastName,
  adderIsDefaultAdmin: users.isDefaultAdmin,
  cv: currentCvJson,
}

type TalentRow = Awaited<ReturnType<typeof selectTalents>>[number]

/** A database row → the API shape: ISO timestamps and the adder as one nullable object. */
export function toTalent(row: TalentRow): Talent {
  const { adderEmail, adderFirstName, adderLastName, adderIsDefaultAdmin, ...rest } = row
  return {
    ...rest,
    // Custom field values depend on who asks (security rule 65): talents/service.ts fills them.
    customFields: {},
    createdAt: rest.createdAt.toISOString(),
    updatedAt: rest.updatedAt.toISOString(),
    addedByUser:
      adderEmail === null
        ? null
        : {
            email: adderEmail,
            firstName: adderFirstName,
            lastName: adderLastName,
            isDefaultAdmin: adderIsDefaultAdmin ?? false,
          },
  }
}

/** The talents query with its adder joined; callers add where/order/limit. */
export function selectTalents(db: Db) {
  return db.select(talentColumns).from(talents).leftJoin(users, eq(users.id, talents.addedById))
}
