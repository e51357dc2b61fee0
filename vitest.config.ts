import { defineConfig, type TestProjectConfiguration } from 'vitest/config'
import { LongestFirstSequencer } from './tests/support/longest-first.ts'

// API tests run on PGlite always and on PostgreSQL when TEST_DATABASE_URL is set (docs/decisions/002-database-engines.md).
const bothEngines = Boolean(process.env.TEST_DATABASE_URL)

/**
 * Requests per route for the fuzz suite (tests/fuzz). Its checks are the app's input handling,
 * which both engines share; what an engine adds is how its database takes what gets through. So
 * when both engines run, PostgreSQL (production) gets the full 1,000 and PGlite a 250-request pass
 * of every route — 150 s of a CI run saved. FUZZ_REQUESTS set by hand wins for a deeper run.
 */
function fuzzRequests(engine: 'pglite' | 'postgres'): string {
  if (process.env.FUZZ_REQUESTS) return process.env.FUZZ_REQUESTS
  return engine === 'pglite' && bothEngines ? '250' : '1000'
}
/**
 * Test files that replace a module with vi.mock: they need a module registry of their own, so they
 * run isolated (a project of their own). lint (eslint.config.js) keeps vi.mock to these files.
 */
const ISOLATED_FILE = '*.isolated.test.ts'
const ISOLATED = `**/${ISOLATED_FILE}`
/**
 * Server and script tests that open no database (a parser, a build step, the lock file): run once
 * in the unit project, not again on each engine. Opening one there fails (test-database.ts).
 */
const SERVER_UNIT = ['src/server/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts']

const apiProjects = (engine: 'pglite' | 'postgres'): TestProjectConfiguration[] => {
  const shared = {
    // tests/security and tests/fuzz are API tests too; tests/faults and tests/e2e are not.
    include: [
      'src/server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/{security,fuzz}/**/*.test.ts',
    ],
    env: { TEST_ENGINE: engine, FUZZ_REQUESTS: fuzzRequests(engine) },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  }
  return [
    {
      extends: true,
      // A worker imports the server once for all the files it runs, instead of once per file:
      // importing it took ~3 s a file, ~700 of a CI run's 1,600 worker-seconds. Each file still
      // builds its own app on its own database, and nothing of a test's sets process state
      // (docs/decisions/009-test-run-time.md).
      test: {
        ...shared,
        name: `api-${engine}`,
        exclude: [ISOLATED, ...SERVER_UNIT],
        isolate: false,
      },
    },
    {
      extends: true,
      test: {
        ...shared,
        name: `api-${engine}-isolated`,
        include: shared.include.map((glob) => glob.replace('*.test.ts', ISOLATED_FILE)),
      },
    },
  ]
}

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine.
    // The API tests wait on their database part of the time: two workers halved the run (560 →
    // 293 s), a third takes it from 333 to 304 s (docs/decisions/009-test-run-time.md).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // One worker keeps its modules between files, as the API projects do: a fresh process
          // for each of 36 small files took 13.8 s of CPU, sharing one 5.2 s. No unit test
          // replaces a module, and those that stub a global put it back after each test.
          isolate: false,
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}', ...SERVER_UNIT],
          env: { TEST_ENGINE: 'none' },
          // Some server unit tests start processes or read large spreadsheets.
          testTimeout: 30_000,
        },
      },
      ...apiProjects('pglite'),
      ...(bothEngines ? apiProjects('postgres') : []),
      // Real server processes killed, databases stopped. They run after the
      // other projects (groupOrder), so their timings do not fight the suite; two files at a time
      // (212 → 160 s: much of a file is waiting on a process to start or stop).
      {
        extends: true,
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          globalSetup: ['tests/faults/support/build-server.global.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
