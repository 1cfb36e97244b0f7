import type { TSearchFilters } from '@flaneur/schema';
import type { Queryable } from '../../db/prepared';
import {
  allCandidatesSql,
  candidatesSql,
  INSERT_ENTRIES_SQL,
  matchQuery,
  passSql,
  STORE_FIX_SQL,
} from './discovery.sql';

interface Candidate {
  scan: number;
  id: number;
  km: number;
  plane_km: number;
}

/**
 * The `limit` nearest listings within `radiusKm` of (lat, lng) matching the criteria, nearest first by haversine.
 *
 * Each scope (sql.scopesFor) is a nearest-first scan of its GiST index that stops after 2 × limit rows. A scan
 * that stopped may have cut a listing only if its last planar distance, turned into a lower bound of the true
 * distance, is not beyond the final cut-off; that scope is then scanned whole within the bounding box. With
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
  const perScan = limit * 2;
  if (q.scopes.length === 0) return [];
  const first: Candidate[] = await db.query(allCandidatesSql(q.scopes, perScan), q.params);
  const lists: Candidate[][] = q.scopes.map((_, i) => first.filter((c) => c.scan === i));
  const best = () =>
    lists
      .flat()
      .filter((c) => c.km <= at.radiusKm)
      .sort((a, b) => a.km - b.km || a.id - b.id)
      .slice(0, limit);
  if (exact) {
    const chosen = best();
    const cutoff = chosen.length === limit ? chosen[limit - 1].km : at.radiusKm;
    for (let i = 0; i < q.scopes.length; i++) {
      const list = lists[i];
      const stopped = list.length === perScan;
      if (stopped && list[list.length - 1].plane_km * q.trueOverPlane <= cutoff) {
        lists[i] = await db.query(candidatesSql(q.scopes[i], null, i), q.params);
      }
    }
  }
  return best().map(({ id, km }) => ({ id, km }));
}

/** A position fix to store (storedColumns gives its numeric columns). */
export interface StoredFix {
  userId: number;
  latitude: number;
  longitude: number;
  accuracy: number;
  timestamp: Date | string;
}

/** The fix's numeric columns as stored (and answered): coordinates at 7 decimals, accuracy at 2. */
export const storedColumns = (fix: Pick<StoredFix, 'latitude' | 'longitude' | 'accuracy'>) => ({
  latitude: fix.latitude.toFixed(7),
  longitude: fix.longitude.toFixed(7),
  accuracy: fix.accuracy.toFixed(2),
});

/** What a report did: the stored fix, whether a pass ran, and the new history entries nearest first. */
export interface PassResult {
  locationId: number;
  passed: boolean;
  entries: { entryId: number; propertyId: number }[];
}

/**
 * Stores the fix and, with criteria, runs the matching pass: in one statement when every bounded scan proves its
 * cut (nearly always), else finished exactly with findNearest and a second insert. `filters: null` stores only.
 */
export async function reportPass(
  db: Queryable,
  fix: StoredFix,
  filters: TSearchFilters | null,
  opts: { limit: number; intervalS: number; gate?: boolean },
): Promise<PassResult> {
  const columns = storedColumns(fix);
  const stored = [columns.latitude, columns.longitude, columns.accuracy, fix.timestamp];
  if (!filters) {
    const [row] = await db.query(STORE_FIX_SQL, [fix.userId, ...stored]);
    return { locationId: row.id, passed: false, entries: [] };
  }
  const q = matchQuery(fix.latitude, fix.longitude, filters.radius, filters, fix.userId);
  const sql = passSql(q.scopes, opts.limit, { gate: opts.gate ?? true });
  const [row]: {
    location_id: number;
    passed: boolean;
    unsure: number[];
    entry_ids: number[];
    property_ids: number[];
  }[] = await db.query(sql, [...q.params, ...stored, opts.intervalS, filters.radius, q.trueOverPlane]);
  const base = { locationId: row.location_id, passed: row.passed };
  if (!row.unsure.length) {
    return { ...base, entries: row.entry_ids.map((entryId, i) => ({ entryId, propertyId: row.property_ids[i] })) };
  }
  const at = { lat: fix.latitude, lng: fix.longitude, radiusKm: filters.radius };
  const nearest = await findNearest(db, at, filters, fix.userId, opts.limit);
  if (!nearest.length) return { ...base, entries: [] };
  // One statement, by property id (concurrent passes lock in the same order); repeats are no-ops.
  const inserted: { id: number; property_id: number }[] = await db.query(INSERT_ENTRIES_SQL, [
    fix.userId,
    nearest.map((n) => n.id),
    columns.latitude,
    columns.longitude,
  ]);
  const rank = new Map(nearest.map((n, i) => [n.id, i]));
  const entries = inserted
    .map((r) => ({ entryId: r.id, propertyId: r.property_id }))
    .sort((a, b) => rank.get(a.propertyId)! - rank.get(b.propertyId)!);
  return { ...base, entries };
}
