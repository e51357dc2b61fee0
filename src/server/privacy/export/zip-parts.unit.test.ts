import { strFromU8, unzipSync } from 'fflate'
import { expect, test } from 'vitest'
import { safeEntryName, zipStream, type ZipPart } from './zip-parts.ts'

test('a zip of parts unzips to the same files, stored and deflated', async () => {
  const big = Buffer.alloc(3 * 1024 * 1024, 7)
  const parts: ZipPart[] = [
    {
      name: 'a.json',
      chunks: function* () {
        yield '{"a":'
        yield '1}'
      },
    },
    {
      name: 'cvs/1-b.pdf',
      stored: true,
      chunks: function* () {
        yield big
      },
    },
  ]
  const chunks: Buffer[] = []
  for await (const chunk of zipStream(parts)) chunks.push(chunk as Buffer)
  const files = unzipSync(new Uint8Array(Buffer.concat(chunks)))
  expect(strFromU8(files['a.json']!)).toBe('{"a":1}')
  expect(Buffer.from(files['cvs/1-b.pdf']!).equals(big)).toBe(true)
})

test('a part is read only when the reader gets to it: one CV in memory at a time', async () => {
  const opened: string[] = []
  const part = (name: string): ZipPart => ({
    name,
    stored: true,
    chunks: function* () {
      opened.push(name)
      yield Buffer.alloc(256 * 1024, name.length)
    },
  })
  const stream = zipStream([part('cvs/1-a'), part('cvs/2-bb'), part('cvs/3-ccc')])
  const reader = stream[Symbol.asyncIterator]()
  await reader.next()
  // However long the reader waits, the stream reads ahead by one chunk, not to the last part.
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
  expect(opened.length).toBeLessThanOrEqual(2)
  stream.destroy()
})

test('safeEntryName: no separators, reserved or invisible characters, never empty', () => {
  expect(safeEntryName('a/b\\c:d*e?f"g<h>i|j.pdf', 'cv')).toBe('a_b_c_d_e_f_g_h_i_j.pdf')
  expect(safeEntryName('..\u202Eevil.pdf', 'cv')).toBe('_evil.pdf')
  expect(safeEntryName('  CV  final . ', 'cv')).toBe('CV final')
  expect(safeEntryName('...', 'cv')).toBe('cv')
})
