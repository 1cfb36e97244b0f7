/**
 * localStorage that never throws: private browsing, a full quota or a disabled storage only lose
 * the copy, never break the screen.
 */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // The stored copy is a convenience; the session cookie stays the source of truth.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Same as set.
    }
  },
};

/** Reads a JSON value, or null when absent or unreadable. */
export function readJson<T>(key: string): T | null {
  const raw = safeStorage.get(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Writes a JSON value. */
export function writeJson(key: string, value: unknown): void {
  safeStorage.set(key, JSON.stringify(value));
}
