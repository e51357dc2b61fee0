import { describe, expect, it } from 'vitest'
import { readChangeNotice } from './change-notices.ts'

describe('readChangeNotice: one reading of the change channel for every listener', () => {
  it('reads a data version move, a session seen, and anything else', () => {
    expect(readChangeNotice('data_versions:talents=42')).toEqual({
      kind: 'version',
      name: 'talents',
      version: 42,
    })
    expect(readChangeNotice('sessions:seen:7=1795000000123')).toEqual({
      kind: 'seen',
      sessionId: 7,
      seenAt: new Date(1795000000123),
    })
    expect(readChangeNotice('sessions')).toEqual({ kind: 'other' })
    expect(readChangeNotice('data_versions:talents=')).toEqual({ kind: 'other' })
  })
})
