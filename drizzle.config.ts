import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/file-schema.ts',
    './src/server/db/job-schema.ts',
    './src/server/db/mfa-schema.ts',
    './src/server/db/view-schema.ts',
    './src/server/db/change-schema.ts',
    './src/server/db/import-schema.ts',
    './src/server/db/duplicate-schema.ts',
    './src/server/db/search-schema.ts',
    './src/server/db/privacy-log-schema.ts',
    './src/server/db/privacy-schema.ts',
    './src/server/db/retention-schema.ts',
    './src/server/db/privacy-request-schema.ts',
    './src/server/db/field-schema.ts',
  ],
  out: './src/server/db/migrations',
})
