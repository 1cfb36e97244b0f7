import type { TSearchFilters } from '@flaneur/schema';
import type { SearchFilters_FiltersFragment } from '../../../gql/graphql';
import { safeStorage, writeJson } from '../../../lib/local-storage';
import { searchFiltersKey, STORAGE_KEYS } from '../../../lib/storage-keys';

/*
 * Saved criteria without their validator: what a screen showing criteria needs at first load. Parsing a copy kept
 * on this device (zod) is in parse-search-filters.ts, loaded apart.
 */

/**
 * The server's criteria as the app uses them. The server validated them when they were saved, with the same rules:
 * only the GraphQL shape is dropped (`__typename`, the feature words typed as strings).
 */
export function fromServerFilters(filters: SearchFilters_FiltersFragment): TSearchFilters {
  return {
    propertyStatus: filters.propertyStatus,
    propertyType: filters.propertyType,
    radius: filters.radius,
    priceMin: filters.priceMin,
    priceMax: filters.priceMax,
    sizeMin: filters.sizeMin,
    sizeMax: filters.sizeMax,
    bedrooms: filters.bedrooms,
    roomsMin: filters.roomsMin,
    bathrooms: filters.bathrooms,
    features: filters.features as TSearchFilters['features'],
    zone: filters.zone?.map(({ latitude, longitude }) => ({ latitude, longitude })) ?? null,
    energyMax: filters.energyMax,
  };
}

/** Whether this user has a copy of their criteria on this device (read before loading its parser). */
export function hasStoredFilters(userId: string): boolean {
  return safeStorage.get(searchFiltersKey(userId)) !== null;
}

/** Keeps the user's filters in local storage too, per user, next to the server copy. */
export function storeFilters(userId: string, filters: TSearchFilters): void {
  writeJson(searchFiltersKey(userId), filters);
}

const guestListeners = new Set<() => void>();

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
