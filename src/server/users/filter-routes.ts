import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userFilterItemSchema } from '#shared/user.ts'
import type { Db } from '../db/open.ts'
import { users } from '../db/schema.ts'

export type UserFilterRoutesOptions = { db: Db }

/** One choice of the dashboard's Added By filter (spec section 7): public fields only. */
export const userFilterOptionSchema = userFilterItemSchema

/** Active users, sorted by name then e-mail, for the Added By filter. */
export async function listUserFilterOptions(db: Db) {
  return db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.isActive, true))
    .orderBy(
      asc(sql`lower(coalesce(${users.firstName}, ''))`),
      asc(sql`lower(coalesce(${users.lastName}, ''))`),
      asc(users.email),
    )
}

/**
 * GET /api/users/filter: every signed-in user (the dashboard's Added By filter, spec sections 2
 * and 7), unlike the admin-only user list.
 */
export const userFilterRoutes: FastifyPluginCallback<UserFilterRoutesOptions> = (
  base,
  { db },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()
  app.get('/api/users/filter', {
    config: { access: 'user' },
    schema: {
      summary: "The Added By choices: every user's name and e-mail",
      response: { 200: z.array(userFilterOptionSchema) },
    },
    handler: () => listUserFilterOptions(db),
  })
  done()
}
