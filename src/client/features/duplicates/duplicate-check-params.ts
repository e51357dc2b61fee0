/** What the talent form holds, as far as the duplicate check cares. */
export type DuplicateCheckFields = {
  email?: string | null
  phone?: string | null
  linkedinUrl?: string | null
  fullName?: string | null
  areaOfInterest?: string | null
}

/**
 * The query string for GET /api/talents/duplicates, or '' while nothing is worth checking yet
 * (a half-typed e-mail, a few digits): the check runs as soon as a rule could hold.
 */
export function duplicateCheckParams(fields: DuplicateCheckFields, excludeId?: number): string {
  const email = fields.email?.trim() ?? ''
  const phone = fields.phone?.trim() ?? ''
  const linkedinUrl = fields.linkedinUrl?.trim() ?? ''
  const fullName = fields.fullName?.trim() ?? ''
  const areaOfInterest = fields.areaOfInterest ?? ''
  const params = new URLSearchParams()
  if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) params.set('email', email)
  if (phone.replace(/\D/g, '').length >= 6) params.set('phone', phone)
  if (/linkedin\.com\/.+/i.test(linkedinUrl)) params.set('linkedinUrl', linkedinUrl)
  if (params.size === 0 && (fullName.length < 4 || areaOfInterest === '')) return ''
  if (fullName.length >= 2) params.set('fullName', fullName)
  if (areaOfInterest !== '') params.set('areaOfInterest', areaOfInterest)
  if (excludeId !== undefined) params.set('excludeId', String(excludeId))
  return params.toString()
}
