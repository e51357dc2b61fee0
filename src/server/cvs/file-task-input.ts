/** What a parser task (a pool thread's module) is handed: a stored file's bytes and its type. */
export type FileTaskInput<T extends string> = { bytes: Uint8Array; mimeType: T }

/**
 * The task's input checked, or undefined: it crossed a thread boundary as a structured clone,
 * so its shape is only known after looking. `isType` narrows the type to those the task reads.
 */
export function fileTaskInput<T extends string>(
  input: unknown,
  isType: (mimeType: string) => mimeType is T,
): FileTaskInput<T> | undefined {
  if (
    typeof input === 'object' &&
    input !== null &&
    'bytes' in input &&
    input.bytes instanceof Uint8Array &&
    'mimeType' in input &&
    typeof input.mimeType === 'string' &&
    isType(input.mimeType)
  ) {
    return { bytes: input.bytes, mimeType: input.mimeType }
  }
  return undefined
}
