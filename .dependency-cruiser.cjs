/**
 * Import checks of `npm run lint` that ESLint cannot make without a native resolver: no import
 * circle anywhere in src/, type-only imports included, and the server's platform below its
 * features (docs/architecture.md, "Layers"). The layer rules (client -> shared <- server) are
 * in eslint.config.js.
 */

/** Server folders every feature may build on; they import no feature (tests included). */
const SERVER_PLATFORM = [
  'audit',
  'cache',
  'changes',
  'db',
  'files',
  'health',
  'housekeeping',
  'jobs',
  'mail',
  'passwords',
  'search',
  'secrets',
]
/** Server folders that are features: what a person does with Scout. */
const SERVER_FEATURES = [
  'activity',
  'api-docs',
  'auth',
  'bulk',
  'cv-imports',
  'cvs',
  'duplicates',
  'imports',
  'privacy',
  'reports',
  'tags',
  'talents',
  'users',
  'views',
]
const folders = (names) => `^src/server/(${names.join('|')})/`
/** Loose files at the server's root that are plumbing (the composition root — app.ts, app-jobs.ts, index.ts — is not). */
const SERVER_ROOT_PLUMBING =
  '^src/server/(?!app\\.ts$|app-jobs\\.ts$|index\\.ts$|bootstrap\\.ts$)[^/]+\\.ts$'

module.exports = {
  forbidden: [
    {
      name: 'server-platform-imports-no-feature',
      severity: 'error',
      comment:
        'Platform code serves every feature and knows none: move what it needs down, or the code up into the feature.',
      from: { path: folders(SERVER_PLATFORM) },
      to: { path: [folders(SERVER_FEATURES), '^src/server/(app|app-jobs|index|bootstrap)\\.ts$'] },
    },
    {
      name: 'server-plumbing-imports-no-feature',
      severity: 'error',
      comment:
        'Config, errors and HTTP plumbing at the server root serve every feature: they import none (app.ts composes them).',
      from: { path: SERVER_ROOT_PLUMBING, pathNot: '\\.test\\.ts$' },
      to: { path: folders(SERVER_FEATURES) },
    },
    {
      name: 'server-folders-known',
      severity: 'error',
      comment:
        'Every server folder is named platform or feature in .dependency-cruiser.cjs, so the rules above cover it.',
      from: { path: '^src/server/' },
      to: {
        path: '^src/server/[^/]+/',
        pathNot: [folders(SERVER_PLATFORM), folders(SERVER_FEATURES)],
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle ties modules so neither can change or be read alone: move what both need down.',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/server/db/migrations/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.d.ts'],
      conditionNames: ['import', 'node', 'default'],
    },
  },
}
