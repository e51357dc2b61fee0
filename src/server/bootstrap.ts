import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import type { Db } from './db/open.ts'
import { users } from './db/schema.ts'
import { generateTempPassword } from './auth/passwords.ts'
import { isUniqueViolation } from './errors.ts'
import { createUser } from './users/service.ts'

export type EnsureAdminResult =
  { created: false } | { created: true; email: string; generatedPassword: string | undefined }

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>

/**
 * SECURITY.md 12, issue 2: on a database without an admin (empty, or holding only seeded demo
 * users) create ADMIN_EMAIL as admin ("the default admin account" of spec section 6). With ADMIN_PASSWORD that password, not forced to change; without
 * it a generated one, returned so index.ts prints it once, that must be changed at first sign-in.
 * It has no expiry: a first admin locked out after 7 days could not be rescued from the UI.
 * Two processes starting at once are safe: the unique e-mail lets only one insert win.
 */
export async function ensureAdmin(db: Db, config: Config, log: Log): Promise<EnsureAdminResult> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1)
  if (existing) return { created: false }
  const generatedPassword = config.adminPassword === undefined ? generateTempPassword() : undefined
  try {
    await createUser(db, {
      email: config.adminEmail,
      password: config.adminPassword ?? generatedPassword ?? generateTempPassword(),
      firstName: 'Admin',
      role: 'admin',
      mustChangePassword: generatedPassword !== undefined,
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    log.info({ event: 'bootstrap_admin_skipped' }, 'another process created the first admin')
    return { created: false }
  }
  log.info({ event: 'bootstrap_admin_created', email: config.adminEmail })
  return { created: true, email: config.adminEmail, generatedPassword }
}
