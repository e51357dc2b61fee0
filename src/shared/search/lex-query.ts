/**
 * One piece of a query between spaces: the text typed outside quotes and, when a quoted part
 * follows it with no space between (`-"no relocation"`, `tag:"High Potential"`), that part.
 */
export type QueryChunk = {
  /** Text outside quotes; '' for a quoted part that stands alone. */
  bare: string
  /** The text between a matched pair of quotes, or undefined. */
  quoted: string | undefined
  /** The chunk runs to the very end of the input: its last word may still be being typed. */
  endsInput: boolean
}

const SPACE = /\s/

/**
 * Cuts an (already NFKC-normalised) query into chunks. Quotes pair from the left; a quote left
 * without a partner is not an operator and reads as a space, so `"machine lea` is two words
 * (unbalanced quotes are taken literally and never error) and the last one keeps its
 * prefix intent while the user is still typing. Linear in the input, whatever it holds.
 */
export function lexQuery(text: string): QueryChunk[] {
  const chunks: QueryChunk[] = []
  let bare = ''
  let i = 0
  const endBare = () => {
    if (bare !== '') chunks.push({ bare, quoted: undefined, endsInput: false })
    bare = ''
  }
  while (i < text.length) {
    const char = text.charAt(i)
    if (SPACE.test(char)) {
      endBare()
      i += 1
      continue
    }
    if (char !== '"') {
      bare += char
      i += 1
      continue
    }
    const close = text.indexOf('"', i + 1)
    if (close === -1) {
      // The only quote without a partner is the last one, so nothing after it is quoted either.
      endBare()
      i += 1
      continue
    }
    chunks.push({ bare, quoted: text.slice(i + 1, close), endsInput: false })
    bare = ''
    i = close + 1
  }
  if (bare !== '') chunks.push({ bare, quoted: undefined, endsInput: true })
  return chunks
}
