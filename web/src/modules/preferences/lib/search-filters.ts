import {
  DEFAULT_SEARCH_FILTERS,
  FEATURE_LABELS,
  LIMITS,
  PROPERTY_TYPE_LABELS,
  ZSearchFilters,
  type PropertyStatusFilter,
  type TSearchFilters,
} from '@flaneur/schema';
import { formatCurrency, formatNumber } from '../../../lib/format';
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

/** The price slider's range follows the status (rent per month; sale, or all, in total). */
export function priceRange(status: PropertyStatusFilter) {
  return status === 'rent' ? LIMITS.rentPrice : LIMITS.salePrice;
}

export const STATUS_LABELS: Record<PropertyStatusFilter, string> = { all: 'Tous', sale: 'Vente', rent: 'Location' };

/** "5+" for the last bedroom choice, "4+" for the last bathroom one. */
export function roomLabel(value: number, max: number): string {
  return value >= max ? `${max}+` : String(value);
}

export const BEDROOM_CHOICES = [1, 2, 3, 4, 5] as const;
export const BATHROOM_CHOICES = [1, 2, 3, 4] as const;
/** « Pièces min. »: any, or at least 2 to 5 rooms (1 would be any: a studio has 1). */
export const ROOMS_MIN_CHOICES = [2, 3, 4, 5] as const;

/** A price bound as the editor and the card show it. */
export function formatBound(value: number, status: PropertyStatusFilter): string {
  return formatCurrency(value, 'EUR', status === 'rent');
}

function priceSummary(filters: TSearchFilters): string | null {
  const { priceMin: min, priceMax: max, propertyStatus: status } = filters;
  if (min !== null && max !== null) return `${formatBound(min, status)} – ${formatBound(max, status)}`;
  if (min !== null) return `À partir de ${formatBound(min, status)}`;
  if (max !== null) return `Jusqu'à ${formatBound(max, status)}`;
  return null;
}

function sizeSummary({ sizeMin: min, sizeMax: max }: TSearchFilters): string | null {
  if (min !== null && max !== null) return `${formatNumber(min)} – ${formatNumber(max)} m²`;
  if (min !== null) return `À partir de ${formatNumber(min)} m²`;
  if (max !== null) return `Jusqu'à ${formatNumber(max)} m²`;
  return null;
}

/** The drawn zone in words (null without one). */
export function zoneSummary(zone: TSearchFilters['zone']): string | null {
  return zone ? `Zone dessinée de ${zone.length} points` : null;
}

/** The energy maximum in words: "Classe E ou mieux" (null: any class). */
export function energySummary(energyMax: TSearchFilters['energyMax']): string | null {
  return energyMax ? `Classe ${energyMax} ou mieux` : null;
}

/** The saved criteria as label/value lines for the dashboard card; unset criteria are left out. */
export function summarizeFilters(filters: TSearchFilters): { label: string; value: string }[] {
  const lines: { label: string; value: string; show: boolean }[] = [
    { label: 'Rayon', value: `${formatNumber(filters.radius)} km`, show: true },
    {
      label: 'Biens',
      value: [
        filters.propertyStatus === 'all' ? 'Vente et location' : STATUS_LABELS[filters.propertyStatus],
        filters.propertyType === 'all' ? 'tous types' : PROPERTY_TYPE_LABELS[filters.propertyType],
      ].join(' · '),
      show: true,
    },
    { label: 'Prix', value: priceSummary(filters) ?? '', show: priceSummary(filters) !== null },
    { label: 'Surface', value: sizeSummary(filters) ?? '', show: sizeSummary(filters) !== null },
    {
      label: 'Chambres',
      value: [...filters.bedrooms]
        .sort((a, b) => a - b)
        .map((n) => roomLabel(n, 5))
        .join(', '),
      show: filters.bedrooms.length > 0,
    },
    {
      label: 'Pièces',
      value: filters.roomsMin === null ? '' : `${filters.roomsMin} pièces et plus`,
      show: filters.roomsMin !== null && filters.roomsMin > 1,
    },
    {
      label: 'Salles de bain',
      value: [...filters.bathrooms]
        .sort((a, b) => a - b)
        .map((n) => roomLabel(n, 4))
        .join(', '),
      show: filters.bathrooms.length > 0,
    },
    {
      label: 'Équipements',
      value: filters.features.map((f) => FEATURE_LABELS[f]).join(', '),
      show: filters.features.length > 0,
    },
    { label: 'Zone', value: zoneSummary(filters.zone) ?? '', show: filters.zone !== null },
    { label: 'Énergie (DPE)', value: energySummary(filters.energyMax) ?? '', show: filters.energyMax !== null },
  ];
  return lines.filter((l) => l.show).map(({ label, value }) => ({ label, value }));
}
