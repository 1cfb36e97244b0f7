import type { Queryable } from '../../db/prepared';

/** A drop shows (« Prix en baisse ») this long after it was made. */
export const PRICE_DROP_SHOWN_DAYS = 30;

/** One price of a listing, as stored: the decimal string of the numeric column. */
export interface StoredPricePoint {
  price: string;
  changedAt: Date;
}

/** The price histories of several listings in one statement, oldest first, in the order of `ids`. */
export async function loadPriceHistories(db: Queryable, ids: readonly number[]): Promise<StoredPricePoint[][]> {
  const rows: { propertyId: number; price: string; changedAt: Date }[] = await db.query(
    `SELECT property_id AS "propertyId", price, changed_at AS "changedAt" FROM property_price_changes
     WHERE property_id = ANY($1::int[]) ORDER BY property_id, changed_at, id`,
    [[...ids]],
  );
  const byId = new Map<number, StoredPricePoint[]>();
  for (const r of rows) {
    const list = byId.get(Number(r.propertyId)) ?? [];
    list.push({ price: r.price, changedAt: new Date(r.changedAt) });
    byId.set(Number(r.propertyId), list);
  }
  return ids.map((id) => byId.get(id) ?? []);
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
