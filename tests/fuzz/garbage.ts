import fc from 'fast-check'

/** Bad input the fuzz tests throw at every route. */

// Lone surrogates, NUL, RTL/LTR overrides, zero-width, BOM, line separators, combining marks,
// astral characters, and the characters SQL, HTML, shells and paths care about.
const ODD_CHARS = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e',
  '\u202d',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\u2028',
  '\u0301',
  '\uffff',
  '😀',
  '𝕏',
  'ß',
  'İ',
  "'",
  '"',
  '\\',
  '%',
  '_',
  '<',
  '>',
  '&',
  ';',
  '/',
  '\n',
  '\t',
  '\r',
] as const

const ODD_STRINGS = [
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  '[object Object]',
  "' OR 1=1 --",
  "'); DROP TABLE talents; --",
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${process.exit()}',
  '../../../../etc/passwd',
  "=cmd|' /C calc'!A0",
  '\u202egnp.exe',
  'a\u0000b',
  'Ω≈ç√∫',
  'all',
] as const

/** Strings of every kind: ordinary, odd code units, lone surrogates, known troublemakers. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...ODD_CHARS), minLength: 1, maxLength: 12 }),
  fc.constantFrom(...ODD_STRINGS),
  fc
    .tuple(
      fc.string({ maxLength: 10 }),
      fc.constantFrom(...ODD_CHARS),
      fc.string({ maxLength: 10 }),
    )
    .map((parts) => parts.join('')),
)

/** Strings long enough to hit every length limit, some past the 100 KiB body cap. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(51, 101, 255, 2049, 10_001, 60_000, 120_000),
    fc.constantFrom('a', 'é', '😀', '\u200b', ' '),
  )
  .map(([length, char]) => char.repeat(length))

const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, 2 ** 31, 2 ** 53 + 1, [], {}, ''),
  fc.integer(),
  fc.double(),
  oddString,
  fc.array(oddString, { maxLength: 3 }),
  fc.dictionary(oddString, oddString, { maxKeys: 3 }),
)

/** Any value at all for a field: wrong types, odd or huge strings. */
export const anyFieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: wrongTypeValue },
  { weight: 1, arbitrary: hugeString },
)

/** Fields a body must never be able to set (security rule 14), plus prototype tricks. */
export const FORBIDDEN_FIELDS = [
  'id',
  'role',
  'isActive',
  'addedById',
  'createdById',
  'userId',
  'createdAt',
  'updatedAt',
  'passwordHash',
  'secretHash',
  'tempPassword',
  'mustChangePassword',
  '__proto__',
  'constructor',
] as const

/** JSON texts no parser should accept, and valid ones of awkward shapes. */
export const awkwardJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '{"a":NaN}',
    '{"a":undefined}',
    '[1,2',
    'nul',
    '"unterminated',
    '\ufeff{}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":1}{"b":2}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"a":1e999}',
    '{"a":-0}',
    '\u0000',
    ' ',
  ),
  fc.string({ maxLength: 40 }),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.integer({ min: 1, max: 30_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc
    .integer({ min: 1, max: 5_000 })
    .map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
)

/** Content types a client might send with a body. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=latin1',
      'application/jsonx',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/xml',
      'application/octet-stream',
      '*/*',
      '',
      ';;;',
    ),
  },
)

/** A %-encoding that keeps lone surrogates as the invalid bytes a hostile client would send. */
export function percentEncode(value: string): string {
  let out = ''
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0
    if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase()
    } else {
      out += encodeURIComponent(char)
    }
  }
  return out
}

/** Raw URL fragments: broken escapes, traversal, separators, very long. */
export const rawUrlGarbage: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%ED%A0%80',
    '%FF%FE',
    '%00',
    '%2F',
    '..',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    '//',
    ';',
    '#',
    '?',
    '&&&',
    '==',
    '+',
    '%20',
  ),
  oddString.map(percentEncode),
  fc.constantFrom(300, 5000).map((n) => 'x'.repeat(n)),
)

/** A path parameter: plausible ids, boundary numbers, and garbage. */
export function pathParam(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '1e3',
        '0x10',
        '2147483647',
        '2147483648',
        '99999999999',
        '9007199254740993',
        'NaN',
        'Infinity',
        'null',
        'stats',
        ' 1',
        '1%20',
        '00001',
      ),
    },
    { weight: 2, arbitrary: rawUrlGarbage },
  )
}
