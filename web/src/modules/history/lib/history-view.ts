/** Sort orders of SPEC §4; date descending is the default. */
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
  buy: 'Achat',
  rent: 'Location',
};

/** The view the user picked on /history (kept in the address). */
export interface HistoryViewOptions {
  sort: HistorySort;
  status: HistoryStatusFilter;
  type: HistoryTypeFilter;
}

export const DEFAULT_HISTORY_VIEW: HistoryViewOptions = { sort: 'date-desc', status: 'all', type: 'all' };

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

/** SPEC §4 sort: a new array; items without a date or price go last; ties keep their order. */
export function sortHistory<T extends SortableHistoryItem>(items: readonly T[], sort: HistorySort): T[] {
  const read = sort.startsWith('date') ? time : price;
  const direction = sort.endsWith('desc') ? -1 : 1;
  return [...items].sort((a, b) => compareMissingLast(read(a), read(b), direction));
}

/** SPEC §4 filters: status (viewed / not viewed) and type (buy = sale, rent = rental). */
export function filterHistory<T extends SortableHistoryItem>(
  items: readonly T[],
  { status, type }: Pick<HistoryViewOptions, 'status' | 'type'>,
): T[] {
  return items.filter((item) => {
    if (status === 'viewed' && !item.entry.isViewed) return false;
    if (status === 'not-viewed' && item.entry.isViewed) return false;
    if (type === 'buy' && item.property.isRental) return false;
    if (type === 'rent' && !item.property.isRental) return false;
    return true;
  });
}

/** Filter, then sort. */
export function applyHistoryView<T extends SortableHistoryItem>(items: readonly T[], view: HistoryViewOptions): T[] {
  return sortHistory(filterHistory(items, view), view.sort);
}

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Reads the view from the address (?sort=&status=&type=), ignoring unknown values. */
export function parseHistoryView(params: URLSearchParams): HistoryViewOptions {
  return {
    sort: pick(params.get('sort'), HISTORY_SORTS, DEFAULT_HISTORY_VIEW.sort),
    status: pick(params.get('status'), HISTORY_STATUS_FILTERS, DEFAULT_HISTORY_VIEW.status),
    type: pick(params.get('type'), HISTORY_TYPE_FILTERS, DEFAULT_HISTORY_VIEW.type),
  };
}

/** "1 découverte", "3 découvertes" (French: 0 and 1 take the singular). */
export function discoveriesLabel(count: number): string {
  return `${count} ${count > 1 ? 'découvertes' : 'découverte'}`;
}
