import { DISCOVERY_MAX_PER_FIX, DISCOVERY_PASS_INTERVAL_S, type TSearchFilters } from '@flaneur/schema';
import type { Queryable } from '../../db/prepared';
import { sqlParams } from '../../db/sql-params';
import { alertJobSql, insertDiscoveries, insertDiscoveriesSql, type AlertTarget } from './discovery.entries.sql';
import {
  ASYNC_COMMIT,
  type FixParams,
  insertFixSql,
  storedColumns,
  storeFixStatement,
  type StoredFix,
} from './discovery.fixes.sql';
import { allCandidatesSql, findNearest, indent, matchParams, type Statement } from './discovery.match';

/*
 * A whole position report in one statement (the fix, the live gate, the scans, the discoveries and their alert), and
 * its exact finish when a bounded scan could not prove its cut.
 */

/** What a report answers: the fix, whether it passed and alerted, the unsure scans, the entries nearest first. */
const reportSql = (alert: boolean) => `SELECT (SELECT id FROM fix) AS location_id,
  EXISTS (SELECT 1 FROM gate) AS passed,
  ${alert ? 'EXISTS (SELECT 1 FROM alert)' : 'false'} AS alerted,
  ARRAY(SELECT scan FROM unsure ORDER BY scan) AS unsure,
  ARRAY(SELECT i.id FROM ins i JOIN best b ON b.id = i.property_id ORDER BY b.km, b.id) AS entry_ids,
  ARRAY(SELECT i.property_id FROM ins i JOIN best b ON b.id = i.property_id ORDER BY b.km, b.id) AS property_ids,
  ARRAY(SELECT b.km FROM ins i JOIN best b ON b.id = i.property_id ORDER BY b.km, b.id) AS kms,
  ${ASYNC_COMMIT}`;

/**
 * A whole position report in one statement: stores the fix (nothing more when its key was already stored), takes
 * the per-user gate (at most one pass per `intervalS` seconds of server time; `gate: false` runs the pass regardless,
 * the caller having gated it), scans every scope (bounded), keeps the `limit` nearest within the saved radius, and
 * inserts them as history entries by property id, discovered at `discoveredAt` (now when null). With `alert`, the
 * discoveries also enqueue one DISCOVERY_JOB, in the same statement. When a bounded scan may have
 * cut a nearer listing (its last planar distance × trueOverPlane, a lower bound of the true distance, is within the
 * cut-off) nothing is inserted and the scope is answered in `unsure`: the caller finishes the pass exactly. The
 * commit does not wait for the WAL flush: a fix or a discovery lost in a crash is found again on the next walk, and
 * the wait would dominate the request (measured: ~8 ms per commit here).
 */
function passStatement(
  fix: StoredFix,
  filters: TSearchFilters,
  opts: {
    limit: number;
    intervalS: number;
    gate: boolean;
    discoveredAt: Date | null;
    alert: AlertTarget | null;
  },
): Statement & { slots: Record<string, string> } {
  const { p, values } = sqlParams();
  const { m, scopes, trueOverPlane } = matchParams(
    p,
    { lat: fix.latitude, lng: fix.longitude, radiusKm: filters.radius },
    filters,
    fix.userId,
  );
  const columns = storedColumns(fix);
  const stored: FixParams = {
    user: m.user,
    latitude: p(columns.latitude),
    longitude: p(columns.longitude),
    accuracy: p(columns.accuracy),
    timestamp: p(fix.timestamp),
    clientId: p(fix.clientId ?? null),
  };
  const discoveredAt = p(opts.discoveredAt);
  const intervalS = p(opts.intervalS);
  const radiusKm = p(filters.radius);
  const planeFactor = p(trueOverPlane);
  const limit = Math.trunc(opts.limit);
  const perScan = limit * 2;
  // A fix already stored (same key) takes no pass.
  const gate = opts.gate
    ? `INSERT INTO discovery_state (user_id, last_pass_at) SELECT user_id, now() FROM fix
    ON CONFLICT (user_id) DO UPDATE SET last_pass_at = now()
      WHERE discovery_state.last_pass_at <= now() - make_interval(secs => ${intervalS}::float8)
    RETURNING user_id`
    : `SELECT user_id FROM fix WHERE ${intervalS}::float8 IS NOT NULL`;
  const insert = insertDiscoveriesSql(
    {
      user: m.user,
      latitude: `${stored.latitude}::numeric`,
      longitude: `${stored.longitude}::numeric`,
      at: discoveredAt,
    },
    'best WHERE NOT EXISTS (SELECT 1 FROM unsure) ORDER BY id',
  );
  const alertSlots = opts.alert ? { queue: p(opts.alert.queue), fixAt: p(opts.alert.fixAt.toISOString()) } : null;
  const alert = alertSlots
    ? alertJobSql(
        { queue: alertSlots.queue, user: m.user, fixAt: alertSlots.fixAt },
        '(SELECT i.property_id, b.km FROM ins i JOIN best b ON b.id = i.property_id)',
      )
    : null;
  const text = `WITH fix AS (
  ${indent(insertFixSql(stored), '  ')}
), gate AS (
  ${gate}
), c AS (
  SELECT * FROM (
${allCandidatesSql(m, scopes, perScan)}
  ) u WHERE EXISTS (SELECT 1 FROM gate)
), best AS (
  SELECT id, km FROM c WHERE km <= ${radiusKm}::float8 ORDER BY km, id LIMIT ${limit}
), unsure AS (
  SELECT scan FROM c GROUP BY scan
  HAVING count(*) = ${perScan}
    AND max(plane_km) * ${planeFactor}::float8 <= (SELECT CASE WHEN count(*) = ${limit} THEN max(km) ELSE ${radiusKm}::float8 END FROM best)
), ins AS (
  ${indent(insert, '  ')}
)${alert ? `, alert AS (\n  ${indent(alert, '  ')}\n)` : ''}
${reportSql(!!alert)}`;
  const { zone, ...always } = m;
  const slots = {
    ...always,
    ...(zone === null ? {} : { zoneLat1: zone.lat1, zoneLng1: zone.lng1, zoneLat2: zone.lat2, zoneLng2: zone.lng2 }),
    ...{ fixLatitude: stored.latitude, fixLongitude: stored.longitude, accuracy: stored.accuracy },
    ...{ timestamp: stored.timestamp, clientId: stored.clientId, discoveredAt, intervalS, radiusKm, planeFactor },
    ...alertSlots,
  };
  return { text, values, slots };
}

/**
 * The live report's statement and what each placeholder holds (`slots`: name → `$n`), for the capacity benchmark
 * (bench/report-capacity.ts), which runs the very same statement from pgbench.
 */
export function reportStatement(fix: StoredFix, filters: TSearchFilters, alert: AlertTarget) {
  return passStatement(fix, filters, {
    limit: DISCOVERY_MAX_PER_FIX,
    intervalS: DISCOVERY_PASS_INTERVAL_S,
    gate: true,
    discoveredAt: null,
    alert,
  });
}

export interface PassResult {
  /** Null when the fix's key was already stored: nothing was stored nor matched. */
  locationId: number | null;
  passed: boolean;
  /** Nearest first; `km` from the fix. */
  entries: { entryId: number; propertyId: number; km: number }[];
  /** Whether a DISCOVERY_JOB was enqueued (nudge the outbox once committed). */
  alerted: boolean;
}

/**
 * Stores the fix and, with criteria, runs the matching pass: in one statement when every bounded scan proves its
 * cut (nearly always), else finished exactly with findNearest and a second insert (which enqueues the alert then).
 * `filters: null` stores only. `gate: false` skips the server-time gate (the caller gates on fix time);
 * `discoveredAt` dates the entries (now when absent); `alert` enqueues a DISCOVERY_JOB with the discoveries.
 */
export async function reportPass(
  db: Queryable,
  fix: StoredFix,
  filters: TSearchFilters | null,
  opts: {
    limit: number;
    intervalS: number;
    gate?: boolean;
    discoveredAt?: Date | null;
    alert?: AlertTarget | null;
  },
): Promise<PassResult> {
  if (!filters) {
    const store = storeFixStatement(fix);
    const [row] = await db.query(store.text, store.values);
    return { locationId: row.location_id, passed: false, entries: [], alerted: false };
  }
  const alert = opts.alert ?? null;
  const pass = passStatement(fix, filters, {
    limit: opts.limit,
    intervalS: opts.intervalS,
    gate: opts.gate ?? true,
    discoveredAt: opts.discoveredAt ?? null,
    alert,
  });
  const [row]: {
    location_id: number | null;
    passed: boolean;
    alerted: boolean;
    unsure: number[];
    entry_ids: number[];
    property_ids: number[];
    kms: number[];
  }[] = await db.query(pass.text, pass.values);
  const base = { locationId: row.location_id, passed: row.passed };
  if (!row.unsure.length) {
    const entries = row.entry_ids.map((entryId, i) => ({ entryId, propertyId: row.property_ids[i], km: row.kms[i] }));
    return { ...base, entries, alerted: row.alerted };
  }
  return finishPass(db, fix, filters, opts, base);
}

/** A pass whose bounded scans could not prove their cut: found exactly (findNearest), then inserted. */
async function finishPass(
  db: Queryable,
  fix: StoredFix,
  filters: TSearchFilters,
  opts: { limit: number; discoveredAt?: Date | null; alert?: AlertTarget | null },
  base: { locationId: number | null; passed: boolean },
): Promise<PassResult> {
  const alert = opts.alert ?? null;
  const at = { lat: fix.latitude, lng: fix.longitude, radiusKm: filters.radius };
  const nearest = await findNearest(db, at, filters, fix.userId, opts.limit);
  if (!nearest.length) return { ...base, entries: [], alerted: false };
  const inserted: { id: number; property_id: number; alerted?: number }[] = await insertDiscoveries(
    db,
    fix.userId,
    nearest.map((n) => n.id),
    { ...storedColumns(fix), discoveredAt: opts.discoveredAt ?? null },
    alert && { ...alert, kms: nearest.map((n) => n.km) },
  );
  const byId = new Map(nearest.map((n, i) => [n.id, { rank: i, km: n.km }]));
  const entries = inserted
    .map((r) => ({ entryId: r.id, propertyId: r.property_id, km: byId.get(r.property_id)!.km }))
    .sort((a, b) => byId.get(a.propertyId)!.rank - byId.get(b.propertyId)!.rank);
  return { ...base, entries, alerted: inserted.some((r) => Number(r.alerted) > 0) };
}
