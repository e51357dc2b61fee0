import { LAWFUL_BASIS_LABELS, type LawfulBasis, type PrivacySource } from '#shared/privacy.ts'
import { PRIVACY_PAGE_TEXT, type PrivacyRequestKind } from '#shared/privacy-requests.ts'

/*
 * The public page (security rule 59-61): server-rendered, tiny, no script, one same-origin
 * stylesheet, so it stays under the app's CSP. Every value is escaped; nothing names anyone but
 * the person the link was sent to.
 */

export const PAGE_STYLESHEET = '/privacy/page.css'

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${PAGE_STYLESHEET}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

/** A page that says one thing and shows no data: expired, used, refused, or done. */
export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p role="status">${escapeHtml(message)}</p>`)
}

export type PageTalent = {
  fullName: string
  email: string
  phone: string | null
  linkedinUrl: string | null
  areaOfInterest: string
  seniorityLevel: string
  tags: string[]
  hasNotes: boolean
  cvFiles: { fileName: string; addedOn: string }[]
  source: PrivacySource
  sourceDetail: string | null
  lawfulBasis: LawfulBasis
  consentGivenOn: string | null
  consentValidUntil: string | null
}

const SOURCE_WORDS: Record<PrivacySource, string> = {
  applied: 'You applied to us.',
  referred: 'Someone referred you to us.',
  sourced: 'We found your public professional profile.',
  imported: 'They came from a list of candidates we imported.',
  event: 'We met you at an event.',
  other: 'Another way',
}

const BASIS_WORDS: Record<LawfulBasis, string> = {
  consent: 'You agreed that we may keep them.',
  'legitimate interest':
    'We have a legitimate interest in contacting people about roles that may suit them. You may object at any time by asking us to remove your details.',
  contract: 'We need them for a contract with you.',
}

export type PageForm = {
  kind: PrivacyRequestKind
  company: string
  formToken: string
  /** The day consent would be valid until if confirmed now. */
  consentUntil: string
  /** The details form as typed, after a refusal, and its messages per field. */
  typed?: { email?: string; phone?: string; linkedinUrl?: string }
  errors?: Partial<Record<'email' | 'phone' | 'linkedinUrl', string>>
}

function row(label: string, value: string | null | undefined): string {
  const shown = value === null || value === undefined || value === '' ? 'None' : value
  return `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(shown)}</dd>`
}

function hidden(form: PageForm, action: string): string {
  return `<input type="hidden" name="csrf" value="${escapeHtml(form.formToken)}">
<input type="hidden" name="action" value="${escapeHtml(action)}">`
}

function field(
  form: PageForm,
  name: 'email' | 'phone' | 'linkedinUrl',
  label: string,
  type: string,
  current: string | null,
): string {
  const value = form.typed?.[name] ?? current ?? ''
  const error = form.errors?.[name]
  const id = `field-${name}`
  const describedBy = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
  return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${name}" type="${type}" value="${escapeHtml(value)}"${describedBy}>
${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}`
}

/** What Scout holds, in plain words, and the forms the link allows. */
export function detailsPage(talent: PageTalent, form: PageForm, notice?: string): string {
  const company = form.company
  const cvs =
    talent.cvFiles.length === 0
      ? 'None'
      : talent.cvFiles.map((cv) => `${cv.fileName} (added ${cv.addedOn})`).join(', ')
  const source =
    talent.source === 'other' && talent.sourceDetail
      ? `${SOURCE_WORDS.other}: ${talent.sourceDetail}`
      : SOURCE_WORDS[talent.source]
  const consent =
    talent.lawfulBasis === 'consent' && talent.consentValidUntil
      ? `Given on ${talent.consentGivenOn ?? 'an earlier date'}, valid until ${talent.consentValidUntil}`
      : null
  const held = [
    row('Name', talent.fullName),
    row('E-mail', talent.email),
    row('Phone', talent.phone),
    row('LinkedIn', talent.linkedinUrl),
    row('Area of interest', talent.areaOfInterest),
    row('Level', talent.seniorityLevel),
    row('Skills and labels', talent.tags.join(', ')),
    row('CV', cvs),
    row('Notes', talent.hasNotes ? `Notes our recruiters wrote. Ask ${company} for a copy.` : null),
    row('How we got your details', source),
    row(
      'Why we may keep them',
      `${LAWFUL_BASIS_LABELS[talent.lawfulBasis]}: ${BASIS_WORDS[talent.lawfulBasis]}`,
    ),
    ...(consent ? [row('Your consent', consent)] : []),
  ].join('\n')
  const consentSection =
    form.kind === 'consent'
      ? `<section aria-labelledby="consent-heading">
<h2 id="consent-heading">Your consent</h2>
<p>Do you agree that ${escapeHtml(company)} keeps these details until ${escapeHtml(form.consentUntil)}, to contact you about roles that may suit you?</p>
<form method="post">
${hidden(form, 'confirm')}
<button type="submit">Yes, I agree</button>
</form>
</section>`
      : ''
  return layout(
    `${PRIVACY_PAGE_TEXT.title} · ${company}`,
    `<h1>${escapeHtml(PRIVACY_PAGE_TEXT.title)}</h1>
${notice ? `<p role="status" class="notice">${escapeHtml(notice)}</p>` : ''}
<p>${escapeHtml(company)} keeps these details about you in its talent pool:</p>
<dl>
${held}
</dl>
${consentSection}
<section aria-labelledby="details-heading">
<h2 id="details-heading">Correct your details</h2>
<form method="post" novalidate>
${hidden(form, 'details')}
${field(form, 'email', 'E-mail', 'email', talent.email)}
${field(form, 'phone', 'Phone', 'tel', talent.phone)}
${field(form, 'linkedinUrl', 'LinkedIn URL', 'url', talent.linkedinUrl)}
<button type="submit">Save my details</button>
</form>
</section>
<section aria-labelledby="remove-heading">
<h2 id="remove-heading">Remove my details</h2>
<p>${escapeHtml(company)} will remove everything it holds about you and will not contact you again.</p>
<form method="post">
${hidden(form, 'remove')}
<button type="submit" class="danger">Remove my details</button>
</form>
</section>`,
  )
}

/** The page's stylesheet: readable on a phone, no web fonts, nothing loaded from elsewhere. */
export const PAGE_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f6f7f9}
main{max-width:40rem;margin:0 auto;padding:1.25rem;background:#fff;min-height:100vh}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.15rem;margin:1.75rem 0 .5rem}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.35rem 1rem;margin:0}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin-top:.75rem}
input{width:100%;font:inherit;padding:.55rem .65rem;border:1px solid #8a8f98;border-radius:.375rem}
input:focus,button:focus{outline:3px solid #2563eb;outline-offset:2px}
button{margin-top:1rem;font:inherit;font-weight:600;padding:.6rem 1rem;border:0;border-radius:.375rem;background:#1d4ed8;color:#fff;cursor:pointer;min-height:2.75rem}
button.danger{background:#b91c1c}
.error{color:#b91c1c;margin:.25rem 0 0}
.notice{padding:.75rem;border-radius:.375rem;background:#ecfdf5;border:1px solid #10b981}
@media (max-width:30rem){dl{grid-template-columns:1fr}dt{margin-top:.5rem}}
`
