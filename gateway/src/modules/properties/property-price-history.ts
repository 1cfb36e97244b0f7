import { types } from 'pg';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Queryable } from '../../db/prepared';

/** A drop shows (« Prix en baisse ») this long after it was made. */
export const PRICE_DROP_SHOWN_DAYS = 30;

/** One price of a listing, as stored: the decimal string of the numeric column. */
export interface StoredPricePoint {
  price: string;
  changedAt: Date;
}

/**
 * The one place that knows how a listing's prices are selected: a correlated subquery on the listing aliased `alias`
 * (one index range of IDX_property_price_changes_property), answering its whole history as one json value,
 * `[[price, changedAt], …]` oldest first, each as PostgreSQL's text (null for a listing without prices). A column of
 * the listing's own SELECT: a listing, or a page of them, and its prices come in one statement.
 */
export function priceHistorySql(alias: string): string {
  return `(SELECT json_agg(json_build_array(pc.price::text, pc.changed_at::text) ORDER BY pc.changed_at, pc.id)
    FROM property_price_changes pc WHERE pc.property_id = ${alias}.id)`;
}

/** pg's own parser of timestamptz text: the same Date as a timestamptz column read directly. */
const parseTimestamptz = types.getTypeParser(types.builtins.TIMESTAMPTZ, 'text') as (text: string) => Date;

/** A value of priceHistorySql() as read (pg parses json; a string is parsed here) → the stored prices. */
export function parsePriceHistory(value: unknown): StoredPricePoint[] {
  if (value === null || value === undefined) return [];
  const points = (typeof value === 'string' ? JSON.parse(value) : value) as [string, string][];
  return points.map(([price, changedAt]) => ({ price, changedAt: parseTimestamptz(changedAt) }));
}

/** The price histories of several listings in one statement, oldest first, in the order of `ids`. */
export async function loadPriceHistories(db: Queryable, ids: readonly number[]): Promise<StoredPricePoint[][]> {
  const rows: { history: unknown }[] = await db.query(
    `SELECT ${priceHistorySql('p')} AS history FROM unnest($1::int[]) WITH ORDINALITY AS p(id, n) ORDER BY p.n`,
    [[...ids]],
  );
  return rows.map((r) => parsePriceHistory(r.history));
}

/** A read of listings that may bring their REST price fields (priceFieldsOf) in its own statement. */
export interface PriceReadOptions {
  prices?: boolean;
}

/**
 * Runs a read of listings (aliased `alias`; `listingOf` finds the listing in each entity: itself, or a joined one)
 * with priceHistorySql() as one more column, and gives each listing its REST price fields (priceFieldsOf): one
 * statement for the listings and their prices. Answers the entities and the raw rows, as getRawAndEntities().
 */
export async function getManyWithPrices<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  listingOf: (entity: T) => (object & { id: number }) | null | undefined,
): Promise<{ entities: T[]; raw: Record<string, unknown>[] }> {
  const column = `${alias}_price_history`;
  const { entities, raw } = await qb.addSelect(priceHistorySql(alias), column).getRawAndEntities();
  const histories = new Map(raw.map((r: Record<string, unknown>) => [Number(r[`${alias}_id`]), r[column]]));
  for (const entity of entities) {
    const listing = listingOf(entity);
    if (listing) Object.assign(listing, priceFieldsOf(parsePriceHistory(histories.get(listing.id))));
  }
  return { entities, raw };
}

/**
 * The price before the most recent change when that change is a drop made in the last PRICE_DROP_SHOWN_DAYS days;
 * null otherwise (never changed, last change a rise, or an older drop).
 */
export function formerPriceOf(history: StoredPricePoint[], now = new Date()): string | null {
  if (history.length < 2) return null;
  const last = history[history.length - 1];
  const before = history[history.length - 2];
  if (Number(last.price) >= Number(before.price)) return null;
  if (now.getTime() - last.changedAt.getTime() > PRICE_DROP_SHOWN_DAYS * 86_400_000) return null;
  return before.price;
}

/** The REST fields of a listing's prices: the history (decimal strings, like price) and the former price. */
export function priceFieldsOf(history: StoredPricePoint[]): {
  priceHistory: { price: string; changedAt: Date }[];
  formerPrice: string | null;
} {
  return {
    priceHistory: history.map((h) => ({ price: h.price, changedAt: h.changedAt })),
    formerPrice: formerPriceOf(history),
  };
}

/** The outbox job written with a price drop: the users who keep the listing in their favourites are told. */
export const PRICE_DROP_ALERT_JOB = 'price.drop.alert';

/** Payload of a PRICE_DROP_ALERT_JOB: the prices as decimal strings. */
export interface PriceDropAlertPayload {
  propertyId: number;
  oldPrice: string;
  newPrice: string;
}
