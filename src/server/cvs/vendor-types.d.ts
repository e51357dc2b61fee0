// Minimal typings for parsers that ship none: only what extract-text.ts and preview-rtf.ts use.
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
  // A paragraph has content; a span has a value and the style it was written in.
  export type RtfSpan = {
    value?: string
    content?: RtfSpan[]
    style?: { bold?: boolean; italic?: boolean }
  }
  export type RtfDocument = { content: RtfSpan[] }
  const parse: {
    string: (rtf: string, callback: (error: Error | null, document: RtfDocument) => void) => void
  }
  export default parse
}
