import { DEFAULT_SEARCH_FILTERS, ZSearchFilters, type TSearchFilters } from '@flaneur/schema';
import { readJson, safeStorage, writeJson } from '../../../lib/local-storage';
import { searchFiltersKey, STORAGE_KEYS } from '../../../lib/storage-keys';

/** The saved search filters, parsed with the shared schema (defaults for anything missing or invalid). */
export function toSearchFilters(value: unknown): TSearchFilters {
  const parsed = ZSearchFilters.safeParse(value ?? {});
  return parsed.success ? parsed.data : DEFAULT_SEARCH_FILTERS;
}

/** The copy kept in local storage for this user, or null. */
export function readStoredFilters(userId: string): TSearchFilters | null {
  const stored = readJson<unknown>(searchFiltersKey(userId));
  if (stored === null) return null;
  const parsed = ZSearchFilters.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** Keeps the user's filters in local storage too, per user, next to the server copy. */
export function storeFilters(userId: string, filters: TSearchFilters): void {
  writeJson(searchFiltersKey(userId), filters);
}

const guestListeners = new Set<() => void>();

/** The stored text of the guest criteria, parsed (null when absent or invalid). */
export function parseGuestFilters(raw: string | null): TSearchFilters | null {
  if (raw === null) return null;
  try {
    const parsed = ZSearchFilters.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Criteria chosen while signed out, or null. */
export function readGuestFilters(): TSearchFilters | null {
  return parseGuestFilters(guestFiltersSnapshot());
}

/** The raw stored guest criteria (a stable value for useSyncExternalStore). */
export function guestFiltersSnapshot(): string | null {
  return safeStorage.get(STORAGE_KEYS.guestSearchFilters);
}

/** Keeps the criteria of a signed-out visitor on this device until an account is created. */
export function storeGuestFilters(filters: TSearchFilters | null): void {
  if (filters) writeJson(STORAGE_KEYS.guestSearchFilters, filters);
  else safeStorage.remove(STORAGE_KEYS.guestSearchFilters);
  guestListeners.forEach((listener) => listener());
}

/** Calls `listener` whenever the guest criteria change; answers the unsubscribe. */
export function subscribeGuestFilters(listener: () => void): () => void {
  guestListeners.add(listener);
  return () => guestListeners.delete(listener);
}
