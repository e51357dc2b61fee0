/** One paragraph of a CV: a bullet, or a plain line such as "Senior Nurse, Acme, Leeds". */
export type CvItem = { text: string; bullet?: boolean }
export type CvSection = { title: string; items: CvItem[] }
/** What a CV says, before it is laid out as a PDF or a DOCX. */
export type CvDraft = { header: string[]; sections: CvSection[] }

/** A paragraph placed on a page, with the lines it wraps to in the PDF. */
export type CvBlock = {
  kind: 'header' | 'heading' | 'text' | 'bullet'
  text: string
  lines: string[]
}

/** Lines of 12 pt text on a US Letter page from the top margin down (pdf-and-docx.ts: 14 pt leading). */
export const LINES_PER_PAGE = 46
/** Characters per line before a paragraph wraps (Helvetica 12 pt in 6.5 inches, with room). */
const LINE_WIDTH = 80

/** Greedy word wrap (a CV has no word longer than a line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else {
      line = line ? `${line} ${word}` : word
    }
  }
  return [...lines, line]
}

function block(kind: CvBlock['kind'], text: string): CvBlock {
  if (kind !== 'bullet') return { kind, text, lines: wrap(text, LINE_WIDTH) }
  const [first = '', ...rest] = wrap(text, LINE_WIDTH - 2)
  return { kind, text, lines: [`- ${first}`, ...rest] }
}

/**
 * The CV's paragraphs on pages of LINES_PER_PAGE lines, a blank line between sections. The PDF
 * writes these pages and the DOCX breaks its pages at the same paragraphs, so both formats of a
 * CV have the same page count. A paragraph is never split; a heading moves on with its first item.
 */
export function paginate(draft: CvDraft): CvBlock[][] {
  const pages: CvBlock[][] = [[]]
  let used = 0
  const place = (blocks: CvBlock[], gap: number) => {
    const height = blocks.reduce((sum, b) => sum + b.lines.length, 0)
    if (used > 0 && used + gap + height > LINES_PER_PAGE) {
      pages.push([])
      used = 0
    }
    const page = pages[pages.length - 1]
    page?.push(...blocks)
    used += (used > 0 ? gap : 0) + height
  }
  for (const line of draft.header) place([block('header', line)], 0)
  for (const section of draft.sections) {
    const [first, ...rest] = section.items.map((i) => block(i.bullet ? 'bullet' : 'text', i.text))
    place([block('heading', section.title), ...(first ? [first] : [])], 1)
    for (const item of rest) place([item], 0)
  }
  return pages
}

/** Lines a paragraph takes once wrapped. */
export function paragraphLines(item: CvItem): number {
  return block(item.bullet ? 'bullet' : 'text', item.text).lines.length
}

/** Lines used on a page (blank lines between sections included). */
export function pageLines(page: CvBlock[]): number {
  const gaps = page.filter((b, i) => b.kind === 'heading' && i > 0).length
  return page.reduce((sum, b) => sum + b.lines.length, gaps)
}
