import type { PrivacyRecord } from '#shared/privacy.ts'
import type { Talent } from '#shared/talent.ts'
import type { HistoryEntry } from './history.ts'
import type { CvVersionEntry } from './cv-versions.ts'

/**
 * summary.html of the personal-data zip: what Scout holds about one person, for a person to read.
 * Plain and self-contained — one file, inline styles, no script, no image, no link that loads
 * anything — so it opens the same anywhere, offline. Every value is escaped.
 */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}th,td{border:1px solid #ccc;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f3f3}td{white-space:pre-wrap;overflow-wrap:anywhere}.muted{color:#555}`

/** The talent's fields as the form names them. */
const FIELDS: readonly [string, (t: Talent) => string][] = [
  ['Full Name', (t) => t.fullName],
  ['Email', (t) => t.email],
  ['Phone Number', (t) => t.phone ?? ''],
  ['LinkedIn URL', (t) => t.linkedinUrl ?? ''],
  ['CV/Resume link', (t) => t.cvResumePath ?? ''],
  ['Area of Interest', (t) => t.areaOfInterest],
  ['Seniority Level', (t) => t.seniorityLevel],
  ['Tags', (t) => t.tags.join(', ')],
  ['Status', (t) => t.status.join(', ')],
  ['Notes', (t) => t.notes ?? ''],
  ['Added by', (t) => personName(t.addedByUser)],
  ['Added on', (t) => t.createdAt],
  ['Last updated', (t) => t.updatedAt],
]

type Person = { firstName: string | null; lastName: string | null; email: string } | null

function personName(person: Person): string {
  if (person === null) return ''
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ')
  return name === '' ? person.email : `${name} (${person.email})`
}

/** How the person came into the pool, said to them. */
function sourceSentence({ source, sourceDetail }: PrivacyRecord): string {
  const detail = sourceDetail === null ? '' : ` (${sourceDetail})`
  switch (source) {
    case 'applied':
      return `You applied to us${detail}.`
    case 'referred':
      return `Someone referred you to us${detail}.`
    case 'sourced':
      return `One of our recruiters found your profile${detail}.`
    case 'imported':
      return `Your details came to us in a file we imported${detail}.`
    case 'event':
      return `We met you at an event${detail}.`
    case 'other':
      return sourceDetail === null
        ? 'We did not record how your details came to us.'
        : `Your details came to us this way: ${sourceDetail}.`
  }
}

/** Why Scout may hold the person's data (GDPR Art. 6), said to them. */
function basisSentence(record: PrivacyRecord): string {
  switch (record.lawfulBasis) {
    case 'consent': {
      const given = record.consentGivenOn === null ? '' : ` on ${record.consentGivenOn}`
      const until =
        record.consentValidUntil === null
          ? ' We recorded no end date for it.'
          : ` It is valid until ${record.consentValidUntil}.`
      return `We hold your data because you gave us your consent${given}.${until} You may withdraw it at any time.`
    }
    case 'legitimate interest':
      return 'We hold your data on the basis of our legitimate interest in finding people for roles with us. You may object to this at any time.'
    case 'contract':
      return 'We hold your data because it is needed for a contract with you.'
  }
}

function informedSentence({ informedOn }: PrivacyRecord): string {
  return informedOn === null
    ? 'We have not yet recorded telling you that you are in our talent pool.'
    : `We told you on ${informedOn} that you are in our talent pool.`
}

/** The privacy record in plain words, one sentence a point (security rule 49, 53). */
export function privacySentences(record: PrivacyRecord): string[] {
  return [sourceSentence(record), basisSentence(record), informedSentence(record)]
}

function row(cells: readonly string[], header = false): string {
  const tag = header ? 'th' : 'td'
  return `<tr>${cells.map((cell) => `<${tag}>${escapeHtml(cell)}</${tag}>`).join('')}</tr>\n`
}

/** The top of the page: the person's fields, tags, statuses, privacy record and CV files. */
export function summaryHead(
  talent: Talent,
  privacy: PrivacyRecord,
  cvs: readonly CvVersionEntry[],
  now: Date,
): string {
  const why = privacySentences(privacy)
    .map((sentence) => `<li>${escapeHtml(sentence)}</li>\n`)
    .join('')
  const title = `Personal data held by Scout: ${talent.fullName}`
  const fields = FIELDS.map(([label, value]) => row([label, value(talent)])).join('')
  const cvRows =
    cvs.length === 0
      ? '<p class="muted">No CV is stored.</p>\n'
      : `<table>\n${row(['Version', 'File in this download', 'Original name', 'Type', 'Size (bytes)', 'Uploaded', 'Uploaded by'], true)}${cvs
          .map((cv) =>
            row([
              String(cv.version),
              cv.file,
              cv.fileName,
              cv.mimeType,
              String(cv.sizeBytes),
              cv.uploadedAt,
              personName(cv.uploadedBy),
            ]),
          )
          .join('')}</table>\n`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="muted">Exported on ${escapeHtml(now.toISOString())} (UTC). Talent #${talent.id}. The same data, complete and machine-readable, is in data.json; every CV version is in the folder cvs/ as it was uploaded.</p>
<h2>Profile</h2>
<table>
${fields}</table>
<h2>Why we hold your data</h2>
<ul>
${why}</ul>
<h2>CV versions</h2>
${cvRows}<h2>History</h2>
<p class="muted">Every recorded change to this profile, oldest first. Times are UTC.</p>
<table>
${row(['When', 'Who', 'What', 'Details'], true)}`
}

/** One History entry's details as lines of text: changes as 'Field: before → after'. */
function detailsText(details: HistoryEntry['details']): string {
  if (details === null) return ''
  const changes = details.changes
  if (Array.isArray(changes)) {
    return changes
      .map((change: unknown) => {
        if (typeof change !== 'object' || change === null) return JSON.stringify(change)
        const { field, from, to } = change as { field?: unknown; from?: unknown; to?: unknown }
        return `${String(field)}: ${JSON.stringify(from ?? null)} → ${JSON.stringify(to ?? null)}`
      })
      .join('\n')
  }
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n')
}

export function summaryHistoryRows(entries: readonly HistoryEntry[]): string {
  return entries
    .map((entry) =>
      row([
        entry.createdAt,
        personName(entry.actor) || 'System',
        entry.action,
        detailsText(entry.details),
      ]),
    )
    .join('')
}

export function summaryTail(historyCount: number): string {
  const none = historyCount === 0 ? '<p class="muted">No History entries.</p>\n' : ''
  return `</table>\n${none}</body>\n</html>\n`
}
