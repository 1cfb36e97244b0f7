import type { TSearchFilters } from '@flaneur/schema';
import { allCandidatesSql, candidatesSql, matchQuery } from './discovery.sql';

/** Anything that runs SQL: the data source, or a transaction's manager. */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<any>;
}

interface Candidate {
  pair: number;
  id: number;
  km: number;
  plane_km: number;
}

/**
 * The `limit` nearest listings within `radiusKm` of (lat, lng) matching the criteria, nearest first by haversine.
 *
 * Each (is_rental, type) pair is a nearest-first scan of its partial GiST index that stops after 2 × limit rows.
 * A scan that stopped may have cut a listing only if its last planar distance, turned into a lower bound of the
 * true distance, is not beyond the final cut-off; that pair is then scanned whole within the bounding box. With
 * `exact: false` (the simulation) the first scan is taken as is.
 */
export async function findNearest(
  db: Queryable,
  at: { lat: number; lng: number; radiusKm: number },
  filters: TSearchFilters,
  userId: number,
  limit: number,
  exact = true,
): Promise<{ id: number; km: number }[]> {
  const q = matchQuery(at.lat, at.lng, at.radiusKm, filters, userId);
  const perPair = limit * 2;
  if (q.combos.length === 0) return [];
  const first: Candidate[] = await db.query(allCandidatesSql(q.combos, perPair), q.params);
  const lists: Candidate[][] = q.combos.map((_, i) => first.filter((c) => c.pair === i));
  const best = () =>
    lists
      .flat()
      .filter((c) => c.km <= at.radiusKm)
      .sort((a, b) => a.km - b.km || a.id - b.id)
      .slice(0, limit);
  if (exact) {
    const chosen = best();
    const cutoff = chosen.length === limit ? chosen[limit - 1].km : at.radiusKm;
    for (let i = 0; i < q.combos.length; i++) {
      const list = lists[i];
      const stopped = list.length === perPair;
      if (stopped && list[list.length - 1].plane_km * q.trueOverPlane <= cutoff) {
        lists[i] = await db.query(candidatesSql(q.combos[i], null, i), q.params);
      }
    }
  }
  return best().map(({ id, km }) => ({ id, km }));
}
