import { DEFAULT_SEARCH_FILTERS, MSG, ZSearchFilters, type TSearchFilters } from '@flaneur/schema';
import { safeStorage } from '../../../lib/local-storage';
import { searchFiltersKey } from '../../../lib/storage-keys';
import { guestFiltersSnapshot } from './search-filters';

/** Criteria of unknown shape (a form, a copy on this device), parsed with the shared schema: defaults if invalid. */
export function toSearchFilters(value: unknown): TSearchFilters {
  const parsed = ZSearchFilters.safeParse(value ?? {});
  return parsed.success ? parsed.data : DEFAULT_SEARCH_FILTERS;
}

/** The editor's criteria checked with the shared schema before saving: the parsed filters, or the first French error. */
export function checkCriteria(
  form: TSearchFilters,
): { ok: true; filters: TSearchFilters } | { ok: false; message: string } {
  const parsed = ZSearchFilters.safeParse(form);
  if (parsed.success) return { ok: true, filters: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? MSG.invalidInput };
}

/**
 * The stored text of criteria kept on this device (a user's copy, or a signed-out visitor's), parsed with the shared
 * schema: null when absent, not JSON, or invalid (written by an older version).
 */
export function parseStoredFilters(raw: string | null): TSearchFilters | null {
  if (raw === null) return null;
  try {
    const parsed = ZSearchFilters.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The copy kept in local storage for this user, or null. */
export function readStoredFilters(userId: string): TSearchFilters | null {
  return parseStoredFilters(safeStorage.get(searchFiltersKey(userId)));
}

/** Criteria chosen while signed out, or null. */
export function readGuestFilters(): TSearchFilters | null {
  return parseStoredFilters(guestFiltersSnapshot());
}
