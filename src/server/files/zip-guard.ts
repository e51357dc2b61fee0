import { Inflate, zipSync } from 'fflate'

/*
 * The one way Scout opens a zip (security rule 41; XLSX, DOCX, ODT and zips of CVs). Two layers:
 * the directory is measured before anything is expanded (entries, the sum of declared sizes, each
 * part's ratio), and every part is then inflated as a stream that stops at its declared size and
 * at the total cap, whatever the directory claimed. The libraries that read DOCX and XLSX inflate
 * on their own terms, so they are handed a zip rebuilt from the checked parts (`rebuildZip`),
 * never the uploaded one. Every refusal is a ZipRefusal whose message names the real reason.
 */

export type ZipLimits = {
  /** Entries in the directory, folders included. */
  maxEntries: number
  /** The parts' expanded sizes added up (declared, and again as inflated). */
  maxExpandedBytes: number
  /** A part larger than RATIO_FLOOR_BYTES may expand at most this many times its packed size. */
  maxRatio: number
}

/** Rule 22 c: DOCX, ODT and zips of CVs. */
export const CV_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2000,
  maxExpandedBytes: 100 * 1024 * 1024,
  maxRatio: 1000,
}

/** Small parts may compress as far as deflate goes (an empty style sheet); their size is harmless. */
const RATIO_FLOOR_BYTES = 1024 * 1024

/** Deflate never expands more than ~1,032 times: 4 KiB in is at most ~4 MiB out per step. */
const INFLATE_STEP_BYTES = 4096

export class ZipRefusal extends Error {
  override name = 'ZipRefusal'
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024)).toLocaleString('en-US')

export const tooManyEntriesMessage = (limits: ZipLimits) =>
  `This file has more than ${limits.maxEntries.toLocaleString('en-US')} entries, so it was not opened.`
export const tooLargeMessage = (limits: ZipLimits) =>
  `This file's parts add up to more than ${mb(limits.maxExpandedBytes)} MB, so it was not opened.`
export const ratioMessage = (limits: ZipLimits) =>
  `A part of this file expands more than ${limits.maxRatio.toLocaleString('en-US')} times its packed size, so it was not opened.`
export const MISDECLARED_MESSAGE =
  'A part of this file is larger than its zip directory says, so it was not opened.'
export const UNREADABLE_ZIP_MESSAGE = 'This file is not a readable zip, so it was not opened.'
export const UNSUPPORTED_COMPRESSION_MESSAGE =
  'A part of this file is packed in a way Scout does not read, so it was not opened.'

/** One part as the central directory describes it. */
export type ZipEntry = {
  name: string
  method: number
  packedSize: number
  size: number
  localHeaderOffset: number
}

const EOCD = 0x06054b50
const EOCD64_LOCATOR = 0x07064b50
const EOCD64 = 0x06064b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

/** True when the bytes start like a zip (a local file header). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
}

/**
 * The directory's entries, measured against `limits` before anything is inflated. Throws a
 * ZipRefusal naming the first limit passed, or UNREADABLE_ZIP_MESSAGE for bytes that are no zip.
 */
export function readZipDirectory(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const end = findEndOfDirectory(view)
  let count = view.getUint16(end + 10, true)
  let offset = view.getUint32(end + 16, true)
  if (count === 0xffff || offset === 0xffffffff) {
    const zip64 = readZip64End(view, end)
    count = zip64.count
    offset = zip64.offset
  }
  if (count > limits.maxEntries) throw new ZipRefusal(tooManyEntriesMessage(limits))
  const entries: ZipEntry[] = []
  let declared = 0
  for (let i = 0; i < count; i++) {
    const entry = readCentralEntry(view, bytes, offset)
    offset = entry.next
    entries.push(entry.entry)
    declared += entry.entry.size
    if (declared > limits.maxExpandedBytes) throw new ZipRefusal(tooLargeMessage(limits))
  }
  for (const entry of entries) {
    const ratio = entry.size / Math.max(1, entry.packedSize)
    if (entry.size > RATIO_FLOOR_BYTES && ratio > limits.maxRatio) {
      throw new ZipRefusal(ratioMessage(limits))
    }
  }
  return entries
}

function findEndOfDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff)
  for (let at = view.byteLength - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === EOCD) return at
  }
  throw new ZipRefusal(UNREADABLE_ZIP_MESSAGE)
}

function readZip64End(view: DataView, end: number): { count: number; offset: number } {
  const locator = end - 20
  if (locator < 0 || view.getUint32(locator, true) !== EOCD64_LOCATOR) {
    throw new ZipRefusal(UNREADABLE_ZIP_MESSAGE)
  }
  const at = safeNumber(view.getBigUint64(locator + 8, true))
  if (at + 56 > view.byteLength || view.getUint32(at, true) !== EOCD64) {
    throw new ZipRefusal(UNREADABLE_ZIP_MESSAGE)
  }
  return {
    count: safeNumber(view.getBigUint64(at + 32, true)),
    offset: safeNumber(view.getBigUint64(at + 48, true)),
  }
}

/** A 64-bit size past what a number holds exactly is more than any limit anyway. */
function safeNumber(value: bigint): number {
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value)
}

function readCentralEntry(
  view: DataView,
  bytes: Uint8Array,
  at: number,
): { entry: ZipEntry; next: number } {
  if (at + 46 > view.byteLength || view.getUint32(at, true) !== CENTRAL) {
    throw new ZipRefusal(UNREADABLE_ZIP_MESSAGE)
  }
  const method = view.getUint16(at + 10, true)
  let packedSize = view.getUint32(at + 20, true)
  let size = view.getUint32(at + 24, true)
  const nameLength = view.getUint16(at + 28, true)
  const extraLength = view.getUint16(at + 30, true)
  const commentLength = view.getUint16(at + 32, true)
  let localHeaderOffset = view.getUint32(at + 42, true)
  const nameEnd = at + 46 + nameLength
  if (nameEnd + extraLength > view.byteLength) throw new ZipRefusal(UNREADABLE_ZIP_MESSAGE)
  const name = new TextDecoder().decode(bytes.subarray(at + 46, nameEnd))
  // Zip64: the 32-bit fields that are all ones are in the extra field (id 1), in this order.
  for (let extra = nameEnd; extra + 4 <= nameEnd + extraLength;) {
    const id = view.getUint16(extra, true)
    const length = view.getUint16(extra + 2, true)
    if (id === 1) {
      let field = extra + 4
      const next = () => {
        if (field + 8 > extra + 4 + length) throw new ZipRefusal(UNREADABLE_ZIP_MESSAGE)
        const value = safeNumber(view.getBigUint64(field, true))
        field += 8
        return value
      }
      if (size === 0xffffffff) size = next()
      if (packedSize === 0xffffffff) packedSize = next()
      if (localHeaderOffset === 0xffffffff) localHeaderOffset = next()
    }
    extra += 4 + length
  }
  return {
    entry: { name, method, packedSize, size, localHeaderOffset },
    next: nameEnd + extraLength + commentLength,
  }
}

/** The packed bytes of a part: after its local header, whose name and extra lengths are its own. */
function packedData(view: DataView, bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const at = entry.localHeaderOffset
  if (at + 30 > view.byteLength || view.getUint32(at, true) !== LOCAL) {
    throw new ZipRefusal(UNREADABLE_ZIP_MESSAGE)
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true)
  if (start + entry.packedSize > view.byteLength) throw new ZipRefusal(UNREADABLE_ZIP_MESSAGE)
  return bytes.subarray(start, start + entry.packedSize)
}

/**
 * One part inflated as a stream, `budget` bytes at most: it must come out exactly its declared
 * size, and inflation stops the moment it passes that (or the budget), so a part whose directory
 * understates it costs its declared size and no more.
 */
function inflatePart(packed: Uint8Array, entry: ZipEntry, budget: number, limits: ZipLimits) {
  if (entry.method === 0) {
    if (entry.packedSize !== entry.size) throw new ZipRefusal(MISDECLARED_MESSAGE)
    return packed.slice()
  }
  if (entry.method !== 8) throw new ZipRefusal(UNSUPPORTED_COMPRESSION_MESSAGE)
  const out = new Uint8Array(Math.min(entry.size, budget))
  let written = 0
  const inflate = new Inflate((chunk) => {
    if (written + chunk.length > entry.size) throw new ZipRefusal(MISDECLARED_MESSAGE)
    if (written + chunk.length > budget) throw new ZipRefusal(tooLargeMessage(limits))
    out.set(chunk, written)
    written += chunk.length
  })
  try {
    for (let at = 0; at < packed.length; at += INFLATE_STEP_BYTES) {
      const end = Math.min(packed.length, at + INFLATE_STEP_BYTES)
      inflate.push(packed.subarray(at, end), end === packed.length)
    }
    if (packed.length === 0) inflate.push(new Uint8Array(0), true)
  } catch (error) {
    if (error instanceof ZipRefusal) throw error
    throw new ZipRefusal(UNREADABLE_ZIP_MESSAGE)
  }
  if (written !== entry.size) throw new ZipRefusal(MISDECLARED_MESSAGE)
  return out
}

/**
 * The parts `wanted` picks (all but folders by default), inflated under `limits`: the directory is
 * measured first (readZipDirectory), then each part is inflated with a hard cap (inflatePart).
 * Synchronous: call it on a parser process (jobs/worker-pool.ts), never on the request thread.
 */
export function inflateZip(
  bytes: Uint8Array,
  limits: ZipLimits,
  wanted: (name: string) => boolean = (name) => !name.endsWith('/'),
): Map<string, Uint8Array> {
  const entries = readZipDirectory(bytes, limits)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const parts = new Map<string, Uint8Array>()
  let budget = limits.maxExpandedBytes
  for (const entry of entries) {
    if (!wanted(entry.name) || parts.has(entry.name)) continue
    const part = inflatePart(packedData(view, bytes, entry), entry, budget, limits)
    budget -= part.length
    parts.set(entry.name, part)
  }
  return parts
}

/**
 * A zip of the checked parts, stored without compression: what a library that does its own
 * unzipping (mammoth, word-extractor, SheetJS) is given, so it can only ever see these bytes.
 */
export function rebuildZip(parts: Map<string, Uint8Array>): Uint8Array {
  const files: Record<string, [Uint8Array, { level: 0 }]> = {}
  for (const [name, data] of parts) files[name] = [data, { level: 0 }]
  return zipSync(files)
}

/**
 * The directory's verdict for a check before anything is stored (cheap: nothing is inflated): the
 * refusal's message, or undefined when the directory is within `limits` or is no readable zip
 * (the parser reports that one as the file's own problem).
 */
export function zipDirectoryRefusal(bytes: Uint8Array, limits: ZipLimits): string | undefined {
  try {
    readZipDirectory(bytes, limits)
    return undefined
  } catch (error) {
    if (!(error instanceof ZipRefusal)) throw error
    return error.message === UNREADABLE_ZIP_MESSAGE ? undefined : error.message
  }
}
