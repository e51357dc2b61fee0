import { expect } from 'vitest'
import { spreadsheetImportCreatedSchema } from '#shared/imports/import-api.ts'
import type { Api, SignedIn } from './api-test.ts'
import { multipartFiles } from './cv-files.ts'

/** Test-only steps of a spreadsheet import, shared by the imports' API tests. */

/** POST /api/imports with one file, as `who`; the answer as it came. */
export function uploadSpreadsheet(api: Api, who: SignedIn, name: string, bytes: Buffer) {
  const { payload, headers } = multipartFiles([{ name, bytes }])
  return api.app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...who.headers, ...headers },
    payload,
  })
}

/** An upload that must succeed: the import's id, columns and suggested mapping. */
export async function uploadedSpreadsheet(api: Api, who: SignedIn, name: string, bytes: Buffer) {
  const response = await uploadSpreadsheet(api, who, name, bytes)
  expect(response.statusCode, response.body).toBe(201)
  return spreadsheetImportCreatedSchema.parse(response.json())
}

/** A CSV uploaded with its suggested mapping saved; the import's id, ready for a dry run or run. */
export async function mappedSpreadsheet(
  api: Api,
  who: SignedIn,
  csv: string,
  { name = 'people.csv', existing = 'overwrite' }: { name?: string; existing?: string } = {},
): Promise<number> {
  const created = await uploadedSpreadsheet(api, who, name, Buffer.from(csv))
  const saved = await who.inject('PUT', `/api/imports/${created.importId}/mapping`, {
    ...created.suggestedMapping,
    existing,
  })
  expect(saved.statusCode, saved.body).toBe(200)
  return created.importId
}
