// Minimal typings for parsers that ship none: only what extract-text.ts uses.
declare module 'word-extractor' {
  type Document = {
    getBody: () => string
    getHeaders: (options?: { includeFooters?: boolean }) => string
    getFooters: () => string
  }
  export default class WordExtractor {
    extract(source: Buffer | string): Promise<Document>
  }
}

declare module 'rtf-parser' {
  type Span = { value?: string; content?: Span[] }
  type RtfDocument = { content: Span[] }
  const parse: {
    string: (rtf: string, callback: (error: Error | null, document: RtfDocument) => void) => void
  }
  export default parse
}
