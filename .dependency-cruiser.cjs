/**
 * Import checks of `npm run lint` that ESLint cannot make without a native resolver: no import
 * circle anywhere in src/, type-only imports included; the server's platform below its
 * features; the client's features closed, composed by app/ (docs/architecture.md, "Layers").
 * The layer rules (client -> shared <- server) are in eslint.config.js.
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
  'fields',
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

/**
 * The client's folders, bottom up: lib/, components/ and boot/ (the script that runs before the
 * app) know no feature; each folder of features/ knows only itself and those below; app/ and the
 * entry files at the root (main.tsx, prerender.tsx, boot-after-paint.ts) compose the features.
 */
const CLIENT_BELOW_FEATURES = '^src/client/(lib|components|boot)/'
const CLIENT_COMPOSITION = ['^src/client/app/', '^src/client/[^/]+\\.tsx?$']

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
      name: 'client-feature-imports-no-other-feature',
      severity: 'error',
      comment:
        "A feature is closed: what two features share moves down to lib/ or components/, and a screen showing another feature's part takes it from app/ (lib/parts.tsx).",
      from: { path: '^src/client/features/([^/]+)/' },
      to: { path: '^src/client/features/', pathNot: '^src/client/features/$1/' },
    },
    {
      name: 'client-feature-imports-no-app',
      severity: 'error',
      comment:
        'app/ and the entry files compose the features; a feature that needs something from there takes it as a prop or a part.',
      from: { path: '^src/client/features/' },
      to: { path: CLIENT_COMPOSITION },
    },
    {
      name: 'client-shared-imports-no-feature',
      severity: 'error',
      comment:
        'lib/, components/ and boot/ serve every feature and know none: move the code up into the feature, or what it needs down.',
      from: { path: CLIENT_BELOW_FEATURES },
      to: { path: ['^src/client/features/', ...CLIENT_COMPOSITION] },
    },
    {
      name: 'client-folders-known',
      severity: 'error',
      comment:
        'Every client folder is one of app, boot, components, features, lib (public holds static files), so the rules above cover it.',
      from: { path: '^src/client/' },
      to: {
        path: '^src/client/[^/]+/',
        pathNot: '^src/client/(app|boot|components|features|lib|public)/',
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
