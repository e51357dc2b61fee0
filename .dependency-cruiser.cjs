/**
 * Import checks of `npm run lint` that ESLint cannot make without a native resolver:
 * no import circle anywhere in src/, type-only imports included. The layer rules (client ->
 * shared <- server) are in eslint.config.js.
 */
module.exports = {
  forbidden: [
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
