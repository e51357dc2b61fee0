/**
 * One load per key at a time: callers that miss together share the first one's promise. Every
 * write moves the caches to a new data version, and under a steady list load the next twenty
 * requests all missed at once and ran the same query twenty times (bench:cv-import).
 */
export function loadOnce<T>(
  loading: Map<string, Promise<T>>,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const running = loading.get(key)
  if (running) return running
  const started = load().finally(() => loading.delete(key))
  loading.set(key, started)
  return started
}
