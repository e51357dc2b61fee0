import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { csvFileStream } from './csv-writer.ts'

async function written(records: string[][]): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of csvFileStream(records)) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks).toString('utf8')
}

test('security rule 42: a cell holding CR, LF, a quote or a delimiter is quoted; the others are not', async () => {
  const cells = ['a\nb', 'a\rb', 'a\r\nb', 'say "hi"', 'a,b', 'a;b', 'a\tb', 'a|b', 'plain', '']
  expect(await written([cells])).toBe(
    '\uFEFF"a\nb","a\rb","a\r\nb","say ""hi""","a,b","a;b","a\tb","a|b",plain,\r\n',
  )
})

test('security rule 42: every cell is neutralised, after which the quoting applies', async () => {
  expect(await written([['=1+1', '＝1+1', '\r=cmd', 'Referred by Dana\n=HYPERLINK(L3&B4)']])).toBe(
    `\uFEFF'=1+1,'＝1+1,"'\r=cmd","Referred by Dana\n=HYPERLINK(L3&B4)"\r\n`,
  )
})

/** Every source file of the server, relative to src/server. */
function serverSources(dir = path.resolve(import.meta.dirname, '..')): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

test('security rule 42: csv-stringify is used by the one CSV writer, and by the XLSX reader with the same quoting', () => {
  const root = path.resolve(import.meta.dirname, '..')
  const users = serverSources()
    .filter((file) => readFileSync(file, 'utf8').includes("from 'csv-stringify"))
    .map((file) => path.relative(root, file))
    .sort()
  expect(users).toEqual(['files/csv-writer.ts', 'imports/read-xlsx.worker.ts'])
  const worker = readFileSync(path.join(root, 'imports/read-xlsx.worker.ts'), 'utf8')
  expect(worker).toContain('...CSV_QUOTING')
})
