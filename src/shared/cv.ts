import { z } from 'zod'

/**
 * A talent's CV: the file kept in Scout, its versions and its text. The accepted types
 * are recognised from the file’s bytes on the server (security rule 22), never from its name.
 */
export const CV_MIME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
  'text/plain',
  'text/markdown',
] as const
export type CvMimeType = (typeof CV_MIME_TYPES)[number]

/** How each accepted type is named to people. */
export const CV_TYPE_LABELS = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'application/rtf': 'RTF',
  'text/plain': 'TXT',
  'text/markdown': 'Markdown',
} as const satisfies Record<CvMimeType, string>

export function isCvMimeType(value: string): value is CvMimeType {
  return CV_MIME_TYPES.some((type) => type === value)
}

/** What the file input offers (a hint for the picker; the server decides from the bytes). */
export const CV_ACCEPT = '.pdf,.docx,.odt,.rtf,.txt,.md,.markdown'

export const UNSUPPORTED_CV_MESSAGE =
  'This file type is not supported. Attach a PDF, DOCX, ODT, RTF, TXT or Markdown file.'
export const EMPTY_CV_MESSAGE = 'The file is empty.'
export const NO_CV_FILE_MESSAGE = 'Choose a file to attach.'
export const UNREADABLE_UPLOAD_MESSAGE =
  'The upload could not be read. Send the file as multipart/form-data in a field named file.'
export const CV_NOT_FOUND = 'This talent has no CV.'

export function cvTooLargeMessage(maxMegabytes: number): string {
  return `The file is larger than the ${maxMegabytes} MB limit.`
}

/** pending: text not read yet; ready: text read; unreadable: no text in it (scan, encrypted); failed: the reader broke. */
export const CV_TEXT_STATUSES = ['pending', 'ready', 'unreadable', 'failed'] as const
export type CvTextStatus = (typeof CV_TEXT_STATUSES)[number]

const personSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
})

/** One stored version of a talent's CV, as POST /api/talents/:id/cv answers it. */
export const cvFileSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mimeType: z.enum(CV_MIME_TYPES),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.iso.datetime({ offset: true }),
  uploadedBy: personSchema.nullable(),
  textStatus: z.enum(CV_TEXT_STATUSES),
})
export type CvFile = z.infer<typeof cvFileSchema>

/** GET /api/talents/:id/cv: the current CV, its text once read, and every version (newest first). */
export const cvDetailSchema = cvFileSchema.extend({
  text: z.string().nullable(),
  textError: z.string().nullable(),
  versions: z.array(cvFileSchema),
})
export type CvDetail = z.infer<typeof cvDetailSchema>

const int4Id = z.coerce.number().int().positive().max(2_147_483_647)

export const cvVersionParamsSchema = z.strictObject({ id: int4Id, fileId: int4Id })

/** Longest file name kept; longer ones are cut, keeping their extension. */
export const MAX_FILE_NAME_LENGTH = 200

// Control characters (Cc), every invisible format character (Cf: zero-width spaces and joiners,
// the soft hyphen, the byte-order mark, and the marks that reorder text — a right-to-left override
// makes "cv\u202Efdp.exe" read as "cvexe.pdf"), and lone surrogates (Cs), which no database text
// column stores (security rule 48).
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}]/gu

/**
 * A file name as Scout keeps and shows it: the last path segment only, no control,
 * invisible or direction-changing characters, at most MAX_FILE_NAME_LENGTH characters, never empty
 * (`fallback` when nothing is left).
 */
export function sanitizeFileName(raw: string, fallback = 'cv'): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? ''
  const cleaned = lastSegment.replace(UNSAFE_CHARACTERS, '').replace(/\s+/g, ' ').trim()
  const name = cleaned.replace(/^\.+/, '').trim() || fallback
  if (name.length <= MAX_FILE_NAME_LENGTH) return name
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : ''
  return name.slice(0, MAX_FILE_NAME_LENGTH - extension.length).trimEnd() + extension
}

/** "1.2 MB", "840 KB", "12 bytes" — sizes as the CV panel shows them. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** What a talent's JSON says of its current CV (the list shows it; the CV tab reads the rest). */
export const cvSummarySchema = z.object({
  fileName: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.iso.datetime({ offset: true }),
  textStatus: z.enum(CV_TEXT_STATUSES),
})
export type CvSummary = z.infer<typeof cvSummarySchema>

/**
 * The types the CV tab shows as formatted text: the server lays them out as
 * sanitised HTML. A PDF's pages are drawn in the browser; TXT and Markdown show as their text.
 */
export const CV_LAID_OUT_TYPES = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
] as const satisfies readonly CvMimeType[]
export type LaidOutCvType = (typeof CV_LAID_OUT_TYPES)[number]

export function isLaidOutCvType(value: string): value is LaidOutCvType {
  return CV_LAID_OUT_TYPES.some((type) => type === value)
}

/**
 * GET /api/talents/:id/cv/preview: a DOCX, ODT or RTF body as HTML sanitised on
 * the server against an allow-list; 'text' for every other type (and a document that cannot be
 * laid out), whose preview is its extracted text.
 */
export const cvPreviewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('html'), html: z.string() }),
  z.object({ kind: z.literal('text') }),
])
export type CvPreview = z.infer<typeof cvPreviewSchema>
