import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { apiDocsRoutes } from './api-docs/routes.ts'
import { registerAnswerDeadline } from './answer-deadline.ts'
import { registerOpenApi } from './api-docs/openapi.ts'
import { registerAccessControl } from './auth/access.ts'
import { activityRoutes } from './activity/routes.ts'
import { authRoutes } from './auth/routes.ts'
import { mfaRoutes } from './auth/mfa/routes.ts'
import { sessionRoutes } from './auth/session-routes.ts'
import { cookiePolicy, HSTS, isSecure } from './auth/cookies.ts'
import { cacheSessionsOn } from './auth/sessions.ts'
import { clientRoutes } from './client-routes.ts'
import { COMPRESSION } from './compression.ts'
import { cvRoutes } from './cvs/routes.ts'
import { cvImportRoutes } from './cv-imports/routes.ts'
import { importRoutes } from './imports/routes.ts'
import { refreshAheadAfterCommits } from './cache/refresh-ahead.ts'
import { duplicateRoutes } from './duplicates/routes.ts'
import { startHousekeeping } from './housekeeping/scheduler.ts'
import { startJobRunner } from './jobs/runner.ts'
import type { Config } from './config.ts'
import { SearchGate } from './search/search-gate.ts'
import { registerCors } from './cors.ts'
import type { OpenDatabase } from './db/open.ts'
import { registerErrorHandling, sendJsonNotFound } from './errors.ts'
import { serializeError } from './log-errors.ts'
import { crawlerRoutes, X_ROBOTS_TAG } from './health/crawler-routes.ts'
import { healthRoutes } from './health/routes.ts'
import { reportRoutes } from './reports/routes.ts'
import { registerSecurityHeaders } from './security-headers.ts'
import { tagRoutes } from './tags/routes.ts'
import { talentRoutes } from './talents/routes.ts'
import { privacyRecordRoutes } from './privacy/record/routes.ts'
import { erasureRoutes } from './privacy/erasure/routes.ts'
import { erasureKeys } from './privacy/erasure/identifiers.ts'
import { talentExportRoutes } from './talents/export-routes.ts'
import { bulkRoutes } from './bulk/routes.ts'
import { privacyLogRoutes } from './privacy/log/routes.ts'
import { personalDataRoutes } from './privacy/export/routes.ts'
import { retentionRoutes } from './privacy/retention/routes.ts'
import { retentionClock } from './privacy/retention/clock.ts'
import { startRetentionSchedule } from './privacy/retention/schedule.ts'
import { privacyRequestRoutes } from './privacy/requests/routes.ts'
import { privacyPageRoutes } from './privacy/requests/page-routes.ts'
import { pageFormKey } from './privacy/requests/token.ts'
import { registerTextInputGuard } from './text-input.ts'
import { createSmtpMailer, type Mailer } from './mail/mailer.ts'
import { userFilterRoutes } from './users/filter-routes.ts'
import { preferenceRoutes } from './users/preferences-routes.ts'
import { savedViewRoutes } from './views/routes.ts'
import { fieldRoutes } from './fields/routes.ts'
import { userRoutes } from './users/routes.ts'
import { giveUpHandlers, jobHandlers, JOB_LANES } from './app-jobs.ts'

import { BODY_LIMIT } from './body-limits.ts'

export type BuildAppOptions = {
  database: Pick<OpenDatabase, 'db' | 'engine' | 'ping' | 'watchAuthChanges'>
  config: Config
  /** Fastify logger options; tests pass false. Defaults to JSON logs at config.logLevel. */
  logger?: FastifyServerOptions['logger']
  /** Where the default JSON logs go (stdout unless given); tests read them to check redaction. */
  logStream?: { write: (line: string) => void }
  /** Sends invitation e-mails; defaults to SMTP_URL's server, or none when SMTP_URL is unset. */
  mailer?: Mailer
}

// Security rule 24: never log passwords, tokens, cookies or the Authorization header.
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...['password', 'newPassword', 'currentPassword', 'token', 'tempPassword'].flatMap((key) => [
    key,
    `*.${key}`,
  ]),
]

function loggerOptions(
  config: Config,
  stream: BuildAppOptions['logStream'],
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT, censor: '[redacted]' },
    // Security rule 34: logged errors never carry bound query parameters.
    serializers: {
      err: (error: unknown) => serializeError(error),
      error: (error: unknown) => serializeError(error),
    },
    // Security rule 24: UTC timestamps.
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  }
}

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
}

/** Builds the Fastify app (not listening). Tests call it and use app.inject. */
export async function buildApp({
  database,
  config,
  logger,
  logStream,
  mailer,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config, logStream),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    // Security rule 32: a trickling client is cut off. security rule 44: no socket timer while a
    // request is worked on (answer-deadline.ts); idle counts only between requests.
    connectionTimeout: 0,
    keepAliveTimeout: config.timeouts.idleMs,
    requestTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      connectionsCheckingInterval: config.timeouts.checkEveryMs,
    },
    requestIdHeader: false,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  registerAnswerDeadline(app, config.timeouts)
  configureBodyParsing(app)

  registerSecurityHeaders(app)
  const cookies = cookiePolicy(config)
  await app.register(fastifyCookie)
  await app.register(fastifyCompress, COMPRESSION)
  app.addHook('onSend', async (request, reply) => {
    if (isApi(request.url)) void reply.header('cache-control', 'no-store')
    void reply.header('x-robots-tag', X_ROBOTS_TAG)
    if (isSecure(cookies, request)) void reply.header('strict-transport-security', HSTS)
  })
  registerCors(app, config.corsOrigins)
  if (database.watchAuthChanges) {
    await cacheSessionsOn(database.db, database.watchAuthChanges)
    await refreshAheadAfterCommits(database.db, database.watchAuthChanges)
  }
  // After cookie parsing and before any route: every route must declare its access.
  registerAccessControl(app, database.db, config)
  registerTextInputGuard(app)
  // Before the routes: it collects each one as it is added.
  await registerOpenApi(app)

  await app.register(healthRoutes, { ping: database.ping })
  await app.register(crawlerRoutes)
  await app.register(authRoutes, { db: database.db, config })
  await app.register(mfaRoutes, { db: database.db, config })
  await app.register(sessionRoutes, { db: database.db })
  await app.register(talentRoutes, {
    db: database.db,
    erasureKeys: erasureKeys(config.secretKey, config.defaultPhoneRegion),
    cachedPages: config.talentPageCache,
    exactCountUpTo: config.countExactUpTo,
    searchGate: new SearchGate(
      searchesAtOnce(database, config),
      searchDeadlineMs(database, config),
    ),
  })
  await app.register(talentExportRoutes, { db: database.db })
  await app.register(privacyRecordRoutes, { db: database.db })
  await app.register(erasureRoutes, {
    db: database.db,
    keys: erasureKeys(config.secretKey, config.defaultPhoneRegion),
  })
  await app.register(bulkRoutes, { db: database.db })
  await app.register(duplicateRoutes, { db: database.db, phoneRegion: config.defaultPhoneRegion })
  const mail = mailerFor(app, config, mailer)
  app.decorate(
    'jobs',
    startJobRunner({
      db: database.db,
      handlers: jobHandlers(database, config, { mailer: mail, log: app.log }),
      giveUp: giveUpHandlers(database.db),
      lanes: JOB_LANES,
      log: app.log,
    }),
  )
  app.addHook('onClose', () => app.jobs.stop())
  const housekeeping = startHousekeeping(database.db, config, app.log)
  app.addHook('onClose', () => housekeeping.stop())
  const clock = config.retentionClock ?? retentionClock(config.retentionTestClockFile)
  const retention = startRetentionSchedule(
    database.db,
    clock,
    config.retentionCheckMs,
    app.log,
    () => app.jobs.nudge(),
  )
  app.addHook('onClose', () => retention.stop())
  const cvLimits = { maxMegabytes: config.cvMaxMegabytes, maxVersions: config.cvMaxVersions }
  await app.register(cvRoutes, { db: database.db, ...cvLimits })
  await app.register(cvImportRoutes, { db: database.db, ...cvLimits })
  // A small file's dry run ends within the wait, so it answers in one request.
  await app.register(importRoutes, { db: database.db, dryRunWaitMs: config.dryRunWaitMs })
  await app.register(tagRoutes, { db: database.db })
  await app.register(activityRoutes, { db: database.db })
  await app.register(reportRoutes, { db: database.db })
  await app.register(userFilterRoutes, { db: database.db })
  await app.register(preferenceRoutes, { db: database.db })
  await app.register(savedViewRoutes, { db: database.db })
  await app.register(fieldRoutes, { db: database.db })
  await app.register(privacyLogRoutes, { db: database.db })
  await app.register(personalDataRoutes, { db: database.db })
  await app.register(retentionRoutes, { db: database.db, clock })
  await app.register(privacyRequestRoutes, {
    db: database.db,
    mailer: mail,
    publicUrl: config.publicUrl,
    keys: erasureKeys(config.secretKey, config.defaultPhoneRegion),
  })
  await app.register(privacyPageRoutes, {
    db: database.db,
    formKey: pageFormKey(config.secretKey),
    erasureKeys: erasureKeys(config.secretKey, config.defaultPhoneRegion),
  })
  await app.register(userRoutes, { db: database.db, config, mailer: mail })
  await app.register(apiDocsRoutes)
  if (existsSync(path.join(config.clientDir, 'index.html'))) {
    await app.register(clientRoutes, {
      clientDir: config.clientDir,
      sessionCookie: cookiePolicy(config).sessionCookie,
    })
  }
  app.setNotFoundHandler(sendJsonNotFound)
  return app
}

/**
 * Kinds that run in loops of their own, beside the loop for the work people wait for (a CV
 * import, a spreadsheet's run). A dry run is a person waiting too, but for a check that writes
 * nothing. Table upkeep does not wait behind a duplicate scan: after a large undo the scan, like
 * a dry run's check, crawled through the removed talents' index entries (a whole-pool scan over
 * 100 s on the embedded engine, where each statement holds the server) until the VACUUM the
 * upkeep runs (1.3 s) had cleared them.
 */
/**
 * Security rule 43: how many searches reach the database at once. The embedded engine runs one
 * statement at a time anyway: one, so every other request waits for at most one search
 * statement. PostgreSQL: half the pool, so the other half is always free for the rest.
 */
function searchesAtOnce(database: Pick<OpenDatabase, 'engine'>, config: Config): number {
  return database.engine === 'pglite' ? 1 : Math.max(1, Math.floor(config.databasePoolMax / 2))
}

/**
 * Security rule 43: how long a search may take in all. The embedded engine has no statement timer,
 * so there the deadline is the limit. PostgreSQL stops each statement at the limit itself; a
 * search is a few statements, and the deadline is the backstop for all of them together.
 */
function searchDeadlineMs(database: Pick<OpenDatabase, 'engine'>, config: Config): number {
  return database.engine === 'pglite' ? config.statementTimeoutMs : 2 * config.statementTimeoutMs
}

function mailerFor(app: FastifyInstance, config: Config, given: Mailer | undefined) {
  const mailer =
    given ?? (config.smtpUrl ? createSmtpMailer({ ...config, smtpUrl: config.smtpUrl }) : undefined)
  if (mailer && !given)
    app.addHook('onClose', (_instance, done) => {
      mailer.close()
      done()
    })
  return mailer
}

/**
 * Security rule 10, 18: only JSON bodies (text/plain is refused with 415, so no "simple" cross-site
 * request reaches a handler), and an empty body with a JSON content type reads as no body, so a
 * bodiless POST such as logout works whatever headers the client adds.
 */
function configureBodyParsing(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.length === 0) done(null, undefined)
    else void parseJson(request, text, done)
  })
}
