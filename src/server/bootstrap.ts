import { and, eq, not } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import type { Db } from './db/open.ts'
import { users } from './db/schema.ts'
import { generateTempPassword } from './auth/passwords.ts'
import { isUniqueViolation } from './errors.ts'
import { createUser } from './users/service.ts'
import { normalizeEmail } from './auth/accounts.ts'

export type EnsureAdminResult =
  { created: false } | { created: true; email: string; generatedPassword: string | undefined }

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>

/**
 * Security rule 12: on a database without an admin (empty, or holding only seeded demo
 * users) create ADMIN_EMAIL as admin ("the default admin account" of spec section 6). With ADMIN_PASSWORD that password, not forced to change; without
 * it a generated one, returned so index.ts prints it once, that must be changed at first sign-in.
 * It has no expiry: a first admin locked out after 7 days could not be rescued from the UI.
 * Two processes starting at once are safe: the unique e-mail lets only one insert win.
 * The row it creates carries the default-admin marker, which stays with that
 * account whatever ADMIN_EMAIL says later.
 */
export async function ensureAdmin(db: Db, config: Config, log: Log): Promise<EnsureAdminResult> {
  await adoptDefaultAdmin(db, config, log)
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
      isDefaultAdmin: true,
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    log.info({ event: 'bootstrap_admin_skipped' }, 'another process created the first admin')
    return { created: false }
  }
  log.info({ event: 'bootstrap_admin_created', email: config.adminEmail })
  return { created: true, email: config.adminEmail, generatedPassword }
}

/**
 * A database made before the marker existed (or whose accounts were created by a script) has no
 * default admin marked: the account at ADMIN_EMAIL, which the browser compared against until
 * Becomes it — once. With a marked row present nothing moves, even if ADMIN_EMAIL changes.
 */
async function adoptDefaultAdmin(db: Db, config: Config, log: Log): Promise<void> {
  const [marked] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isDefaultAdmin, true))
    .limit(1)
  if (marked) return
  const adopted = await db
    .update(users)
    .set({ isDefaultAdmin: true })
    .where(and(eq(users.email, normalizeEmail(config.adminEmail)), not(users.isDefaultAdmin)))
    .returning({ id: users.id })
  if (adopted.length > 0)
    log.info({ event: 'bootstrap_default_admin_marked', email: config.adminEmail })
}
