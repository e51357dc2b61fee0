import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { todayIso } from '#shared/privacy.ts'
import {
  dueParamsSchema,
  keepInputSchema,
  keepResultSchema,
  retentionDueListSchema,
  retentionPreviewSchema,
  retentionRuleInputSchema,
  retentionRuleListSchema,
  retentionRuleParamsSchema,
  retentionRulePatchSchema,
  retentionRuleSchema,
} from '#shared/retention.ts'
import { requireViewer } from '../../auth/access.ts'
import type { Db } from '../../db/open.ts'
import { keepTalent, listDue } from './due.ts'
import { createRule, deleteRule, listRules, previewRule, updateRule } from './rules.ts'

export type RetentionRoutesOptions = { db: Db; clock: () => Date }

/**
 * Retention rules, their preview, the Due for removal list and Keep (security rule 56-58):
 * admins only. Today is the retention clock's (clock.ts).
 */
export const retentionRoutes: FastifyPluginCallback<RetentionRoutesOptions> = (
  base,
  { db, clock },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const today = () => todayIso(clock())

  app.get('/api/privacy/rules', {
    config: { access: 'admin' },
    schema: {
      summary: 'Retention rules, each with how many talents it has due for removal',
      response: { 200: retentionRuleListSchema },
    },
    handler: () => listRules(db),
  })

  app.post('/api/privacy/rules', {
    config: { access: 'admin' },
    schema: {
      summary:
        'Add a retention rule (off unless enabled); one that would act on every talent is refused with the count',
      body: retentionRuleInputSchema,
      response: { 201: retentionRuleSchema },
    },
    handler: async (request, reply) => {
      const rule = await createRule(db, request.body, requireViewer(request).user.id, today())
      return reply.code(201).send(rule)
    },
  })

  app.patch('/api/privacy/rules/:id', {
    config: { access: 'admin' },
    schema: {
      summary:
        'Change a retention rule or switch it on or off; switching on lists its talents as due for removal',
      params: retentionRuleParamsSchema,
      body: retentionRulePatchSchema,
      response: { 200: retentionRuleSchema },
    },
    handler: (request) => updateRule(db, request.params.id, request.body, today()),
  })

  app.delete('/api/privacy/rules/:id', {
    config: { access: 'admin' },
    schema: {
      summary: 'Delete a retention rule; its talents leave the Due for removal list',
      params: retentionRuleParamsSchema,
    },
    handler: async (request, reply) => {
      await deleteRule(db, request.params.id)
      return reply.status(204).send()
    },
  })

  app.get('/api/privacy/rules/:id/preview', {
    config: { access: 'admin' },
    schema: {
      summary: 'How many talents a retention rule would act on today, and the first of them',
      params: retentionRuleParamsSchema,
      response: { 200: retentionPreviewSchema },
    },
    handler: (request) => previewRule(db, request.params.id, today()),
  })

  app.get('/api/privacy/due', {
    config: { access: 'admin' },
    schema: {
      summary: 'Talents due for removal by an enabled retention rule, soonest first',
      response: { 200: retentionDueListSchema },
    },
    handler: () => listDue(db),
  })

  app.post('/api/privacy/due/:talentId/keep', {
    config: { access: 'admin' },
    schema: {
      summary: 'Keep a talent due for removal until a new review date, with a reason',
      params: dueParamsSchema,
      body: keepInputSchema,
      response: { 200: keepResultSchema },
    },
    handler: (request) =>
      keepTalent(
        db,
        request.params.talentId,
        request.body,
        requireViewer(request).user.id,
        today(),
      ),
  })

  done()
}
