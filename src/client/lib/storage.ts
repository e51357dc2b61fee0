// localStorage can throw (storage disabled, private mode quotas): reading then means "absent".

export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage.setItem(key, value)
  } catch {
    // Not persisted: the value still applies for this page view.
  }
}

export function removeStorage(key: string): void {
  try {
    globalThis.localStorage.removeItem(key)
  } catch {
    // Nothing stored that could be removed.
  }
}
