/** An in-memory Web Storage for unit tests that run in Node (no DOM). */
export function createMemoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key: string) => items.get(key) ?? null,
    key: (index: number) => [...items.keys()][index] ?? null,
    removeItem: (key: string) => {
      items.delete(key)
    },
    setItem: (key: string, value: string) => {
      items.set(key, String(value))
    },
  }
}

/** A token in the shape the server issues (spec section 3): base64 JSON with exp in ms. */
export function makeToken(exp: number): string {
  return btoa(JSON.stringify({ sid: 'a'.repeat(43), exp }))
}
