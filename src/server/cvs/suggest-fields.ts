import { AREAS, type Area, type SeniorityLevel } from '#shared/talent.ts'

/** What 'Add from CV' pre-fills; every field may be missing. */
export type SuggestedFields = {
  fullName: string | null
  email: string | null
  phone: string | null
  linkedinUrl: string | null
  areaOfInterest: Area | null
  seniorityLevel: SeniorityLevel | null
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/
const LINKEDIN = /(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/in\/([A-Za-z0-9_%-]+)/i
// A run of digits with the separators phone numbers are written with, optionally after a +.
const PHONE_CANDIDATE = /(?:\+\s?)?(?:\(?\d[\d\s().\-/]{6,20}\d)/g
const PHONE_LABEL = /\b(?:phone|tel|mobile|cell|telefon|téléphone)\b/i
const DATE_LIKE = /^\(?\d{4}\)?\s*[-–]\s*\(?\d{4}\)?$|^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/

/** Lines that head a CV but name nobody. */
const NOT_A_NAME =
  /^(curriculum vitae|resume|résumé|cv|profile|summary|contact|experience|education|skills|personal (details|information)|about me)\b/i
// A capitalised word (Mc/O' prefixes and hyphenated parts allowed), an initial, a particle, or CAPS.
const NAME_WORD =
  /^(?:[A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ'’]*(?:[A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ'’]+)?(?:-[A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ'’]+)*|[A-ZÀ-ÖØ-Þ]\.|van|von|de|da|del|der|di|la|le|bin|al|[A-ZÀ-ÖØ-Þ'’-]{2,})$/
/** Capitalised words that make a line a job title, not a name. */
const TITLE_WORDS =
  /\b(engineer|developer|designer|manager|nurse|analyst|consultant|director|intern|senior|junior|lead|officer|specialist|scientist|teacher|architect|assistant|head|president|founder|student|researcher|coordinator|administrator|technician|doctor|lawyer|editor|writer|curator)\b/i

function firstEmail(text: string): string | null {
  return EMAIL.exec(text)?.[0].toLowerCase() ?? null
}

function linkedinUrl(text: string): string | null {
  const handle = LINKEDIN.exec(text)?.[1]
  return handle ? `https://www.linkedin.com/in/${handle}` : null
}

function digitsOf(value: string): string {
  return value.replace(/\D/g, '')
}

/** The first phone-looking run: labelled lines first, then anywhere; dates and years skipped. */
function phone(lines: string[]): string | null {
  const ordered = [...lines.filter((l) => PHONE_LABEL.test(l)), ...lines]
  for (const line of ordered) {
    for (const match of line.matchAll(PHONE_CANDIDATE)) {
      const candidate = match[0].trim()
      const digits = digitsOf(candidate)
      if (digits.length < 8 || digits.length > 15 || DATE_LIKE.test(candidate)) continue
      return candidate.replace(/\s+/g, ' ')
    }
  }
  return null
}

function looksLikeName(line: string): boolean {
  if (line.length > 60 || NOT_A_NAME.test(line) || TITLE_WORDS.test(line)) return false
  if (/[@\d/|:]/.test(line)) return false
  const words = line.split(/\s+/)
  return words.length >= 2 && words.length <= 5 && words.every((w) => NAME_WORD.test(w))
}

function toNameCase(line: string): string {
  return line
    .split(/\s+/)
    .map((w) => (w === w.toUpperCase() && w.length > 2 ? w[0] + w.slice(1).toLowerCase() : w))
    .join(' ')
}

/** The person's name: the first line near the top that reads as one; else the e-mail's local part. */
function fullName(lines: string[], email: string | null): string | null {
  for (const line of lines.slice(0, 15)) {
    // Two-column layouts put the name beside the contact details: each column on its own.
    for (const segment of line.split(/\s{2,}|\t|\s\|\s/)) {
      const cleaned = segment.replace(/^name\s*[:-]\s*/i, '').trim()
      if (looksLikeName(cleaned)) return toNameCase(cleaned)
    }
  }
  const local = email?.split('@')[0]
  const parts = local?.split(/[._-]/).filter((p) => /^[a-z]{2,}$/i.test(p)) ?? []
  if (parts.length < 2) return null
  return parts.map((p) => p[0]?.toUpperCase() + p.slice(1).toLowerCase()).join(' ')
}

/** Words that point at an area of interest; the area with the most hits wins. */
const AREA_WORDS: Record<Area, readonly string[]> = {
  Science: [
    'research',
    'laboratory',
    'physics',
    'chemistry',
    'biology',
    'scientist',
    'phd',
    'genomics',
  ],
  Engineering: [
    'software',
    'engineer',
    'developer',
    'kubernetes',
    'python',
    'java',
    'typescript',
    'backend',
    'frontend',
    'devops',
    'rust',
    'cloud',
  ],
  Health: [
    'clinical',
    'nurse',
    'patient',
    'medical',
    'hospital',
    'healthcare',
    'physician',
    'pharma',
  ],
  Education: ['teacher', 'teaching', 'curriculum', 'school', 'pedagogy', 'tutor', 'lecturer'],
  'Social Sciences': [
    'sociology',
    'psychology',
    'anthropology',
    'survey',
    'qualitative',
    'ethnography',
  ],
  'Law & Ethics': [
    'legal',
    'lawyer',
    'attorney',
    'compliance',
    'litigation',
    'contract law',
    'ethics',
  ],
  Design: [
    'designer',
    'figma',
    'ux',
    'ui',
    'user research',
    'prototyping',
    'typography',
    'branding',
  ],
  'Arts & Culture': ['museum', 'curator', 'gallery', 'theatre', 'artist', 'exhibition', 'music'],
  'Media & Communication': [
    'journalist',
    'editor',
    'communications',
    'pr',
    'content',
    'social media',
    'broadcast',
  ],
  'Policy & Governance': [
    'policy',
    'government',
    'public sector',
    'regulation',
    'governance',
    'ministry',
  ],
  'Economics & Business': [
    'finance',
    'economics',
    'accounting',
    'business',
    'sales',
    'marketing',
    'mba',
    'analyst',
  ],
  'Environment & Sustainability': [
    'sustainability',
    'climate',
    'environmental',
    'renewable',
    'carbon',
    'ecology',
  ],
  'Entrepreneurship & Innovation': [
    'founder',
    'startup',
    'co-founder',
    'entrepreneur',
    'venture',
    'innovation',
  ],
}

function countWord(text: string, word: string): number {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return text.match(new RegExp(`\\b${escaped}\\b`, 'gi'))?.length ?? 0
}

/**
 * The area with the most hits, at least two. Words in the top lines (where the title is) count
 * twice: "Junior Designer" over a short CV says Design more surely than a skill in passing.
 */
function area(text: string, top: string): Area | null {
  let best: Area | null = null
  let bestScore = 0
  for (const candidate of AREAS) {
    const score = AREA_WORDS[candidate].reduce(
      (sum, word) => sum + countWord(text, word) + countWord(top, word),
      0,
    )
    if (score > bestScore) {
      best = candidate
      bestScore = score
    }
  }
  return bestScore >= 2 ? best : null
}

/** Where a CV states who the person is: name, title, contact details. */
const TOP_LINES = 12

const LEVEL_TITLES: [SeniorityLevel, RegExp][] = [
  ['exec', /\b(chief [a-z]+ officer|c[etfo]o|vice president|vp|director|head of)\b/i],
  ['intern', /\b(intern|internship|trainee)\b/i],
  ['senior', /\b(senior|sr\.?|lead|principal|staff)\b/i],
  ['junior', /\b(junior|jr\.?|graduate|entry[- ]level|assistant)\b/i],
]

/**
 * The level from titles in the top of the CV, else from stated years of experience, else 'mid'
 * for a plain job title ("Product Designer"): a title without a qualifier is the middle rung.
 */
function seniority(top: string, text: string): SeniorityLevel | null {
  for (const [level, title] of LEVEL_TITLES) if (title.test(top)) return level
  const years = /(\d{1,2})\+?\s*years?(?:\s+of)?\s+(?:professional\s+)?experience/i.exec(text)
  if (years?.[1]) {
    const n = Number(years[1])
    return n >= 8 ? 'senior' : n >= 3 ? 'mid' : 'junior'
  }
  return TITLE_WORDS.test(top) ? 'mid' : null
}

/**
 * Reads the fields 'Add from CV' pre-fills from a CV's text. Plain code: its accuracy
 * on a generated corpus of CVs in several layouts is measured in suggest-fields.unit.test.ts.
 */
export function suggestFields(text: string): SuggestedFields {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  const email = firstEmail(text)
  const top = lines.slice(0, TOP_LINES).join('\n')
  return {
    fullName: fullName(lines, email),
    email,
    phone: phone(lines),
    linkedinUrl: linkedinUrl(text),
    areaOfInterest: area(text, top),
    seniorityLevel: seniority(top, text),
  }
}
