/** What a store knows of a file it holds. */
export type StoredFile = {
  sha256: string
  sizeBytes: number
  mimeType: string
  /** False when the same bytes were already stored. */
  isNew: boolean
}

/**
 * Where file bytes live (files/ in docs/architecture.md, "Shared modules"). Features address files by SHA-256
 * and never see the storage, so an S3-compatible store can replace the database one later
 * without touching them. Identical bytes are stored once.
 */
export type FileStore = {
  /** Stores the bytes (a no-op when the same bytes are already there). */
  put: (bytes: Buffer, mimeType: string) => Promise<StoredFile>
  /** The bytes, or undefined when no such file is stored. */
  get: (sha256: string) => Promise<Buffer | undefined>
  /**
   * The bytes in slices of at most `sliceBytes`, each read when the consumer asks for it, so a
   * large file is never held whole (the personal-data zip). Throws when no such file is stored.
   */
  slices: (sha256: string, sliceBytes: number) => AsyncIterable<Buffer>
}
