import type { CvFile } from '#shared/cv.ts'

/** 'Jan 5, 2024' in the reader's locale; the CV tab's dates. */
export function formatUploadedAt(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return 'on an unknown date'
  return `on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(date)}`
}

/** The uploader as the History names people: first and last name, else e-mail. */
export function uploaderName(person: CvFile['uploadedBy']): string {
  if (!person) return 'a former user'
  const name = [person.firstName, person.lastName].filter((part) => part?.trim()).join(' ')
  return name || person.email
}
