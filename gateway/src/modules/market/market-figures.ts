import type { DataSource } from 'typeorm';
import { parisToday } from '../../lib/paris-time';

/** The p-quantile of sorted values, interpolated between the two nearest (as PostgreSQL's percentile_cont). */
export function quantile(sorted: number[], p: number): number {
  const at = p * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/**
 * The figure the market screens give for the p-quantile of sales' prices per m² (sorted): interpolated, rounded to
 * the euro. The comparables' median and quartiles and the walk journal's median all come from here.
 */
export const pricePerM2Quantile = (sorted: number[], p: number): number => Math.round(quantile(sorted, p));

/** The first day of a period of `years` up to today: the same day `years` ago in Europe/Paris (AAAA-MM-JJ). */
export function yearsAgo(years: number, today = parisToday()): string {
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y - years, m - 1, d)).toISOString().slice(0, 10);
}

/** The day of the most recent stored sale (the « données au … » under every figure), null before any import. */
export async function salesDataUntil(db: DataSource): Promise<string | null> {
  const [{ until }] = (await db.query(`SELECT max(date_mutation)::text AS until FROM market_sales`)) as {
    until: string | null;
  }[];
  return until;
}
