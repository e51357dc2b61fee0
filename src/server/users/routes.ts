import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { messageResponseSchema } from '#shared/auth.ts'
import {
  adminUserSchema,
  inviteResponseSchema,
  inviteUserSchema,
  updateUserSchema,
  userIdParamsSchema,
  ACCOUNT_UNLOCKED_MESSAGE,
} from '#shared/user.ts'
import { requireViewer } from '../auth/access.ts'
import { accountLocks } from '../auth/account-locks.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/open.ts'
import type { Mailer } from '../mail/mailer.ts'
import { inviteUser } from './invite.ts'
import { deleteUser, listUsers, toAdminUser, updateUser, USER_DELETED } from './service.ts'
import { unlockUser } from './unlock.ts'
import { MFA_RESET_MESSAGE, resetMfa, resetPassword } from './resets.ts'
import { resetPasswordResponseSchema } from '#shared/mfa.ts'

export type UserRoutesOptions = { db: Db; config: Config; mailer: Mailer | undefined }

/**
 * User management of spec sections 2 and 7, admins only (spec section 6, security rule 13-16).
 * GET /api/users/filter, open to every signed-in user, lives in filter-routes.ts.
 */
export const userRoutes: FastifyPluginCallback<UserRoutesOptions> = (
  base,
  { db, config, mailer },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/users', {
    config: { access: 'admin' },
    schema: {
      summary: 'Every user, with pending temporary passwords and sign-in locks',
      response: { 200: z.array(adminUserSchema) },
    },
    handler: () => listUsers(db, config.secretKey),
  })

  app.post('/api/invite', {
    config: { access: 'admin' },
    schema: {
      summary: 'Invite a user with a temporary password',
      body: inviteUserSchema,
      response: { 201: inviteResponseSchema },
    },
    handler: async (request, reply) => {
      const context = { db, config, mailer, log: request.log }
      const result = await inviteUser(context, request.body, requireViewer(request).user)
      return reply.status(201).send(result)
    },
  })

  app.patch('/api/users/:id', {
    config: { access: 'admin' },
    schema: {
      summary: "Edit a user's names, role, status and password flags",
      params: userIdParamsSchema,
      body: updateUserSchema,
      response: { 200: adminUserSchema },
    },
    handler: async (request) => {
      const viewer = requireViewer(request).user
      const change = await updateUser(db, config, request.params.id, request.body, viewer)
      const { user, deactivated } = change
      request.log.info({
        event: 'user_updated',
        userId: user.id,
        byUserId: viewer.id,
        role: user.role,
        isActive: user.isActive,
        mfaEnabled: user.mfaEnabled,
        ...(deactivated ? { deactivated } : {}),
      })
      const locks = await accountLocks(db, [user.email])
      return toAdminUser(user, config.secretKey, locks.get(user.email))
    },
  })

  app.post('/api/users/:id/unlock', {
    config: { access: 'admin' },
    schema: {
      summary: 'Lift a sign-in lock that wrong passwords put on an account',
      params: userIdParamsSchema,
      response: { 200: messageResponseSchema },
    },
    handler: async (request) => {
      const viewer = requireViewer(request).user
      const wasLocked = await unlockUser(db, request.params.id, viewer)
      request.log.info({
        event: 'user_unlocked',
        userId: request.params.id,
        byUserId: viewer.id,
        wasLocked,
      })
      return { message: ACCOUNT_UNLOCKED_MESSAGE }
    },
  })

  app.post('/api/users/:id/reset-mfa', {
    config: { access: 'admin' },
    schema: {
      summary: "Reset a user's two-factor sign-in (lost phone): they enrol again at next sign-in",
      params: userIdParamsSchema,
      response: { 200: z.object({ message: z.string(), user: adminUserSchema }) },
    },
    handler: async (request) => {
      const viewer = requireViewer(request).user
      const row = await resetMfa(db, request.params.id, viewer)
      request.log.info({ event: 'user_mfa_reset', userId: row.id, byUserId: viewer.id })
      return { message: MFA_RESET_MESSAGE, user: toAdminUser(row, config.secretKey) }
    },
  })

  app.post('/api/users/:id/reset-password', {
    config: { access: 'admin' },
    schema: {
      summary: 'Issue a new temporary password, shown once (and e-mailed when SMTP is set)',
      params: userIdParamsSchema,
      response: { 200: resetPasswordResponseSchema },
    },
    handler: async (request) => {
      const viewer = requireViewer(request).user
      const context = { db, config, mailer, log: request.log }
      const result = await resetPassword(context, request.params.id, viewer)
      request.log.info({
        event: 'user_password_reset',
        userId: result.user.id,
        byUserId: viewer.id,
      })
      return result
    },
  })

  app.delete('/api/users/:id', {
    config: { access: 'admin' },
    schema: {
      summary: 'Delete a user; their talents stay with no adder',
      params: userIdParamsSchema,
      response: { 200: messageResponseSchema },
    },
    handler: async (request) => {
      const viewer = requireViewer(request).user
      const deleted = await deleteUser(db, request.params.id, viewer)
      request.log.info({ event: 'user_deleted', userId: deleted.id, byUserId: viewer.id })
      return { message: USER_DELETED }
    },
  })

  done()
}
