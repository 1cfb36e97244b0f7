import { LIMITS } from '@flaneur/schema';
import { formatPrice } from '../../../lib/format';

/** Sort orders: date descending (the default) or ascending, price descending or ascending. */
export const HISTORY_SORTS = ['date-desc', 'date-asc', 'price-desc', 'price-asc'] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number];

/** Status filter: all, viewed ("Déjà vu"), not viewed ("Nouveau"). */
export const HISTORY_STATUS_FILTERS = ['all', 'viewed', 'not-viewed'] as const;
export type HistoryStatusFilter = (typeof HISTORY_STATUS_FILTERS)[number];

/** Type filter: all, buy (isRental false), rent (isRental true). */
export const HISTORY_TYPE_FILTERS = ['all', 'buy', 'rent'] as const;
export type HistoryTypeFilter = (typeof HISTORY_TYPE_FILTERS)[number];

export const SORT_LABELS: Record<HistorySort, string> = {
  'date-desc': 'Plus récentes',
  'date-asc': 'Plus anciennes',
  'price-desc': 'Prix décroissant',
  'price-asc': 'Prix croissant',
};

export const STATUS_FILTER_LABELS: Record<HistoryStatusFilter, string> = {
  all: 'Tous',
  viewed: 'Déjà vu',
  'not-viewed': 'Nouveau',
};

export const TYPE_FILTER_LABELS: Record<HistoryTypeFilter, string> = {
  all: 'Tous',
  buy: 'Vente',
  rent: 'Location',
};

/** The view the user picked on /history (kept in the address). */
export interface HistoryViewOptions {
  sort: HistorySort;
  status: HistoryStatusFilter;
  type: HistoryTypeFilter;
  /** Price bounds in euros (per month for rentals); null means no bound. */
  priceMin: number | null;
  priceMax: number | null;
}

export const DEFAULT_HISTORY_VIEW: HistoryViewOptions = {
  sort: 'date-desc',
  status: 'all',
  type: 'all',
  priceMin: null,
  priceMax: null,
};

/** The price slider's scale: rents per month, or sale prices in total. */
export type HistoryPriceScale = 'rent' | 'sale';

/**
 * The scale follows the type filter; under « Tous » it follows the discoveries: rents when every one of them is a
 * rental (`rentalsOnly`), sale prices otherwise.
 */
export function historyPriceScale(type: HistoryTypeFilter, rentalsOnly = false): HistoryPriceScale {
  if (type === 'all') return rentalsOnly ? 'rent' : 'sale';
  return type === 'rent' ? 'rent' : 'sale';
}

/** True when there are discoveries and every one is a rental (the price slider then reads rents). */
export function onlyRentals(items: readonly SortableHistoryItem[]): boolean {
  return items.length > 0 && items.every((item) => item.property.isRental === true);
}

/** The price slider's range on a scale. */
export function historyPriceRange(scale: HistoryPriceScale) {
  return scale === 'rent' ? LIMITS.rentPrice : LIMITS.salePrice;
}

/** A new type: the price bounds reset when the slider changes scale (sale ↔ rent). */
export function withHistoryType(
  view: HistoryViewOptions,
  type: HistoryTypeFilter,
  rentalsOnly = false,
): Partial<HistoryViewOptions> {
  const same = historyPriceScale(type, rentalsOnly) === historyPriceScale(view.type, rentalsOnly);
  return same ? { type } : { type, priceMin: null, priceMax: null };
}

/** The minimum price; the range's lowest value means "no minimum". Keeps min ≤ max. */
export function withHistoryPriceMin(
  view: HistoryViewOptions,
  value: number,
  scale: HistoryPriceScale,
): Partial<HistoryViewOptions> {
  const priceMin = value <= historyPriceRange(scale).min ? null : value;
  const raise = priceMin !== null && view.priceMax !== null && view.priceMax < priceMin;
  return { priceMin, priceMax: raise ? priceMin : view.priceMax };
}

/** The maximum price; the range's highest value means "no maximum". Keeps min ≤ max. */
export function withHistoryPriceMax(
  view: HistoryViewOptions,
  value: number,
  scale: HistoryPriceScale,
): Partial<HistoryViewOptions> {
  const priceMax = value >= historyPriceRange(scale).max ? null : value;
  const lower = priceMax !== null && view.priceMin !== null && view.priceMin > priceMax;
  return { priceMax, priceMin: lower ? priceMax : view.priceMin };
}

/** The price chip: "À partir de 100 000 €", "Jusqu'à 900 €/mois", "100 000 € – 400 000 €"; null without bound. */
export function priceFilterLabel(
  { priceMin: min, priceMax: max }: HistoryViewOptions,
  scale: HistoryPriceScale,
): string | null {
  const text = (value: number) => formatPrice(value, scale === 'rent');
  if (min !== null && max !== null) return `${text(min)} – ${text(max)}`;
  if (min !== null) return `À partir de ${text(min)}`;
  if (max !== null) return `Jusqu'à ${text(max)}`;
  return null;
}

/** The fields sorting and filtering read; anything may be missing in legacy data. */
export interface SortableHistoryItem {
  entry: { isViewed?: boolean | null; viewedAt?: string | null };
  property: { price?: number | string | null; isRental?: boolean | null };
}

function time(item: SortableHistoryItem): number | null {
  const value = item.entry.viewedAt ? Date.parse(item.entry.viewedAt) : Number.NaN;
  return Number.isFinite(value) ? value : null;
}

function price(item: SortableHistoryItem): number | null {
  const raw = item.property.price;
  const value = typeof raw === 'string' ? Number.parseFloat(raw) : raw;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Compares two optional numbers, missing ones last whatever the direction. */
function compareMissingLast(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a - b) * direction;
}

/** Sorts into a new array; items without a date or price go last; ties keep their order. */
export function sortHistory<T extends SortableHistoryItem>(items: readonly T[], sort: HistorySort): T[] {
  const read = sort.startsWith('date') ? time : price;
  const direction = sort.endsWith('desc') ? -1 : 1;
  return [...items].sort((a, b) => compareMissingLast(read(a), read(b), direction));
}

/** Filters by status (viewed / not viewed) and type (buy = sale, rent = rental). */
export function filterHistory<T extends SortableHistoryItem>(
  items: readonly T[],
  {
    status,
    type,
    priceMin = null,
    priceMax = null,
  }: Pick<HistoryViewOptions, 'status' | 'type'> & Partial<Pick<HistoryViewOptions, 'priceMin' | 'priceMax'>>,
): T[] {
  return items.filter((item) => {
    if (priceMin !== null || priceMax !== null) {
      // A price bound keeps only items with a readable price inside it.
      const value = price(item);
      if (value === null) return false;
      if (priceMin !== null && value < priceMin) return false;
      if (priceMax !== null && value > priceMax) return false;
    }
    if (status === 'viewed' && !item.entry.isViewed) return false;
    if (status === 'not-viewed' && item.entry.isViewed) return false;
    if (type === 'buy' && item.property.isRental) return false;
    if (type === 'rent' && !item.property.isRental) return false;
    return true;
  });
}

/** Filter, then sort. */
export function applyHistoryView<T extends SortableHistoryItem>(
  items: readonly T[],
  view: Pick<HistoryViewOptions, 'sort' | 'status' | 'type'> &
    Partial<Pick<HistoryViewOptions, 'priceMin' | 'priceMax'>>,
): T[] {
  return sortHistory(filterHistory(items, view), view.sort);
}

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** A price bound from the address: a number strictly inside the slider's range, else no bound. */
function pickPrice(value: string | null, scale: HistoryPriceScale): number | null {
  const number = value === null || value.trim() === '' ? Number.NaN : Number(value);
  const range = historyPriceRange(scale);
  return Number.isFinite(number) && number > range.min && number < range.max ? number : null;
}

/**
 * Reads the view from the address (?sort=&status=&type=&priceMin=&priceMax=), ignoring unknown values; the price
 * bounds are read on the scale of the type and the discoveries (`rentalsOnly`, see historyPriceScale).
 */
export function parseHistoryView(params: URLSearchParams, rentalsOnly = false): HistoryViewOptions {
  const type = pick(params.get('type'), HISTORY_TYPE_FILTERS, DEFAULT_HISTORY_VIEW.type);
  const scale = historyPriceScale(type, rentalsOnly);
  return {
    sort: pick(params.get('sort'), HISTORY_SORTS, DEFAULT_HISTORY_VIEW.sort),
    status: pick(params.get('status'), HISTORY_STATUS_FILTERS, DEFAULT_HISTORY_VIEW.status),
    type,
    priceMin: pickPrice(params.get('priceMin'), scale),
    priceMax: pickPrice(params.get('priceMax'), scale),
  };
}

/** "1 découverte", "3 découvertes" (French: 0 and 1 take the singular). */
export function discoveriesLabel(count: number): string {
  return `${count} ${count > 1 ? 'découvertes' : 'découverte'}`;
}
