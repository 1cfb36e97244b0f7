import { DEFAULT_SEARCH_FILTERS, ZSearchFilters, type TSearchFilters } from '@flaneur/schema';
import { readJson } from '../../../lib/local-storage';
import { searchFiltersKey } from '../../../lib/storage-keys';
import { guestFiltersSnapshot } from './search-filters';

/** Criteria of unknown shape (a form, a copy on this device), parsed with the shared schema: defaults if invalid. */
export function toSearchFilters(value: unknown): TSearchFilters {
  const parsed = ZSearchFilters.safeParse(value ?? {});
  return parsed.success ? parsed.data : DEFAULT_SEARCH_FILTERS;
}

/** The copy kept in local storage for this user, or null (absent, or written by an older version and invalid). */
export function readStoredFilters(userId: string): TSearchFilters | null {
  const stored = readJson<unknown>(searchFiltersKey(userId));
  if (stored === null) return null;
  const parsed = ZSearchFilters.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

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
