import js from '@eslint/js'
import checkFile from 'eslint-plugin-check-file'
import drizzle from 'eslint-plugin-drizzle'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import scout from './scripts/lint/comment-citations.js'

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
      // Plain data for the import-circle check (npm run lint); outside the TypeScript project.
      '.dependency-cruiser.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'check-file': checkFile, drizzle, 'react-hooks': reactHooks, scout },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'check-file/filename-naming-convention': [
        'error',
        { 'src/**/*.{ts,tsx}': 'KEBAB_CASE', 'tests/**/*.ts': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/prefer-nullish-coalescing': 'error',
      '@typescript-eslint/prefer-optional-chain': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
      'scout/comment-citations': 'error',
    },
  },
  // Arrows point one way (docs/architecture.md, "Layers"), client -> shared <- server. (ESLint core rule: the
  // import plugin's resolver needs platform binaries the registry here does not carry.)
  ...[
    { dir: 'src/client', banned: ['server'], message: 'The client never imports server code.' },
    { dir: 'src/server', banned: ['client'], message: 'The server never imports client code.' },
    { dir: 'src/shared', banned: ['client', 'server'], message: 'Shared code is pure.' },
  ].flatMap(({ dir, banned, message }) => {
    const layers = [
      {
        regex: '^#(server|client)/',
        message: 'Only #shared crosses layers; use relative imports.',
      },
      ...banned.map((layer) => ({ regex: `^(\\.\\./)+(src/)?${layer}/`, message })),
    ]
    // src/ holds only what runs: test support lives in tests/, and only test files may use it.
    const testSupport = {
      regex: '^(#tests/|(\\.\\./)+tests/)',
      message: 'Code that runs never imports test support (tests/); only *.test.ts files may.',
    }
    const testFiles = [`${dir}/**/*.test.{ts,tsx}`]
    return [
      {
        files: [`${dir}/**/*.{ts,tsx}`],
        ignores: testFiles,
        rules: { 'no-restricted-imports': ['error', { patterns: [...layers, testSupport] }] },
      },
      {
        files: testFiles,
        rules: { 'no-restricted-imports': ['error', { patterns: layers }] },
      },
    ]
  }),
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // API tests share a worker's modules (vitest.config.ts); a file that replaces a module would
  // replace it for the files after it, so vi.mock lives only in *.isolated.test.ts files. A
  // top-level test.override changes the shared fixture for the files after it in the same way.
  ...[
    { ignores: ['**/*.isolated.test.ts'], mock: true },
    { files: ['**/*.isolated.test.ts'], mock: false },
  ].map(({ mock, ...scope }) => ({
    files: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
    ...scope,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='test'][callee.property.name='override']",
          message: 'A worker shares the fixture among its files: use apiTestWith(settings).',
        },
        ...(mock
          ? [
              {
                selector:
                  "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
                message:
                  'vi.mock needs a module registry of its own: name the file *.isolated.test.ts.',
              },
            ]
          : []),
      ],
    },
  })),
  {
    files: ['scripts/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['*.js', '*.config.ts', 'scripts/lint/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
)
