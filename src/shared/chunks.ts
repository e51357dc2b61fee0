/**
 * `items` in runs of `size`, in order; all in one run when `size` is undefined. A statement per
 * run keeps each one short where that matters (the embedded engine runs statements on the
 * server's thread).
 */
export function chunksOf<T>(items: readonly T[], size: number | undefined): T[][] {
  const step = Math.max(1, size ?? items.length)
  const chunks: T[][] = []
  for (let start = 0; start < items.length; start += step) {
    chunks.push(items.slice(start, start + step))
  }
  return chunks
}
