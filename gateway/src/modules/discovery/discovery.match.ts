import {
  DISCOVERY_MAX_PER_FIX,
  DISCOVERY_PASS_INTERVAL_S,
  type PropertyType,
  type HistorySource,
  type TSearchFilters,
} from '@flaneur/schema';
import type { Queryable } from '../../db/prepared';
import {
  distanceKmSql,
  KM_PER_DEGREE,
  PLANE_K,
  planeBoxSql,
  planePointSql,
  zoneContainsSql,
  zoneEdges,
  zonePlaneBox,
} from '../../db/geo-sql';

/*
 * Discovery's SQL, in one place: every statement a position report or the simulation runs is built here, with its
 * parameter values. Each parameter is declared once, next to its value, by `p(value)`, which answers its `$n`
 * placeholder; no placeholder number is written by hand. A statement's text depends only on its shape (scopes,
 * limit, gate), never on the values, so each shape is one prepared statement (db/prepared.ts).
 */

const NO_LIMIT = 99_999_999.99;

/**
 * A listing's position on the index plane (degrees of latitude; longitude × PLANE_K). Near France a planar
 * distance is within a few % of the true one; matchParams turns that into exact bounds. The partial GiST indexes
 * (migrations DiscoveryKnn and DiscoveryScopes) are built on this exact expression.
 */
const GEO_SQL = planePointSql('p');

/** A statement and its values, `$1` first. */
export interface Statement {
  text: string;
  values: unknown[];
}

/** A new parameter list: `p(value)` appends the value and answers its placeholder (`$1`, `$2`…). */
function sqlParams() {
  const values: unknown[] = [];
  const p = (value: unknown): string => `$${values.push(value)}`;
  return { p, values };
}

/** Indents every line but the first (a statement nested in a WITH clause). */
const indent = (sql: string, by: string) => sql.replace(/\n/g, `\n${by}`);

/**
 * Where one scan looks: every listing, one status, or one (status, type) pair, each with its own GiST index
 * (migrations DiscoveryKnn and DiscoveryScopes). Criteria open to every type take one scan of the widest scope
 * they allow, so the scan stops after the nearest matches instead of each pair scanning its own.
 */
export interface Scope {
  rental: boolean | null;
  type: PropertyType | null;
}

/** The scopes a search's status and type call for (one scan each, at most two). */
export function scopesFor(f: Pick<TSearchFilters, 'propertyStatus' | 'propertyType'>): Scope[] {
  const rental = f.propertyStatus === 'sale' ? false : f.propertyStatus === 'rent' ? true : null;
  if (f.propertyType === 'all') return [{ rental, type: null }];
  return (rental === null ? [false, true] : [rental]).map((r) => ({ rental: r, type: f.propertyType as PropertyType }));
}

/** The literal predicates of a scope (literal so the planner matches the partial index). */
function scopeWhere(scope: Scope, alias: string): string {
  const parts = [
    scope.rental === null ? null : `${alias}.is_rental = ${scope.rental ? 'true' : 'false'}`,
    scope.type === null ? null : `${alias}.type = '${scope.type}'`,
  ].filter(Boolean);
  return parts.length ? parts.join(' AND ') : 'true';
}

/** The placeholders of a match: the position, its bounding box on the plane, the criteria and the user. */
interface MatchParams {
  /** The position (degrees) and its x on the plane (longitude × PLANE_K). */
  lat: string;
  lng: string;
  x: string;
  /** A box on the plane containing every point within the radius. */
  minX: string;
  maxX: string;
  minY: string;
  maxY: string;
  priceMin: string;
  priceMax: string;
  sizeMin: string;
  sizeMax: string;
  bedrooms: string;
  roomsMin: string;
  bathrooms: string;
  features: string;
  /** The worst energy class accepted ('G' when any); listings without a class always pass. */
  energyMax: string;
  /** The drawn zone's edges (zoneEdges), or null without one (another statement shape). */
  zone: { lat1: string; lng1: string; lat2: string; lng2: string } | null;
  /** Own listings and listings already in the user's history are excluded. */
  user: string;
}

/** A match around (lat, lng): its placeholders, the scopes to scan, and the planar-to-true distance factor. */
function matchParams(
  p: (value: unknown) => string,
  at: { lat: number; lng: number; radiusKm: number },
  f: TSearchFilters,
  userId: number,
) {
  const { lat, lng, radiusKm } = at;
  const dLat = (radiusKm / KM_PER_DEGREE) * 1.001;
  const maxAbsLat = Math.min(89.9, Math.abs(lat) + dLat);
  const cosMin = Math.cos((maxAbsLat * Math.PI) / 180);
  const dLng = Math.min(180, ((radiusKm / KM_PER_DEGREE) * 1.001) / cosMin);
  // True distance ≥ planar × this factor inside the box (east-west scale between cos(maxLat) and cos(minLat)).
  const trueOverPlane = Math.min(1, cosMin / PLANE_K) * 0.999;
  const box = clipToZone(
    { minX: (lng - dLng) * PLANE_K, maxX: (lng + dLng) * PLANE_K, minY: lat - dLat, maxY: lat + dLat },
    f.zone,
  );
  const m: MatchParams = {
    lat: p(lat),
    lng: p(lng),
    minX: p(box.minX),
    maxX: p(box.maxX),
    minY: p(box.minY),
    maxY: p(box.maxY),
    priceMin: p(f.priceMin ?? 0),
    priceMax: p(f.priceMax ?? NO_LIMIT),
    sizeMin: p(f.sizeMin ?? 0),
    sizeMax: p(f.sizeMax ?? NO_LIMIT),
    bedrooms: p(f.bedrooms),
    roomsMin: p(f.roomsMin ?? 0),
    bathrooms: p(f.bathrooms),
    features: p(f.features),
    energyMax: p(f.energyMax ?? 'G'),
    zone: f.zone && mapValues(zoneEdges(f.zone), p),
    user: p(userId),
    x: p(lng * PLANE_K),
  };
  return { m, scopes: scopesFor(f), trueOverPlane };
}

/**
 * The radius's box on the plane narrowed to the drawn zone's bounding box (the same plane scaling), so the GiST scan
 * only walks where both hold. Without overlap the box shrinks to a line or a point outside the zone: the zone's own
 * predicate then answers nothing (box() would reorder inverted corners into a wider box instead).
 */
function clipToZone(
  box: { minX: number; maxX: number; minY: number; maxY: number },
  zone: TSearchFilters['zone'],
): typeof box {
  if (!zone) return box;
  const z = zonePlaneBox(zone);
  const minX = Math.max(box.minX, z.minX);
  const minY = Math.max(box.minY, z.minY);
  return {
    minX,
    minY,
    maxX: Math.max(minX, Math.min(box.maxX, z.maxX)),
    maxY: Math.max(minY, Math.min(box.maxY, z.maxY)),
  };
}

/** The object with each value through `f` (the placeholders of a group of values). */
const mapValues = <K extends string, V, R>(o: Record<K, V>, f: (v: V) => R) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v as V)])) as Record<K, R>;

/**
 * One btree probe per status ((is_rental, price) index): false when no listing of the scope's status has a price
 * in the band, and the scan is skipped (rentals against a sale price band would otherwise scan the whole box).
 */
function priceBandExists(scope: Scope, m: MatchParams): string {
  const statuses = scope.rental === null ? [false, true] : [scope.rental];
  return statuses
    .map(
      (r) =>
        `EXISTS (SELECT 1 FROM properties x WHERE x.is_rental = ${r} AND x.price BETWEEN ${m.priceMin}::numeric AND ${m.priceMax}::numeric)`,
    )
    .join(' OR ');
}

/** The saved criteria, the user's own listings and history, on a scan's output `s`. */
const filtersWhere = (m: MatchParams) => `s.price BETWEEN ${m.priceMin}::numeric AND ${m.priceMax}::numeric
      AND s.size BETWEEN ${m.sizeMin}::numeric AND ${m.sizeMax}::numeric
      AND (cardinality(${m.bedrooms}::int[]) = 0 OR s.bedrooms = ANY(${m.bedrooms}::int[]) OR (5 = ANY(${m.bedrooms}::int[]) AND s.bedrooms >= 5))
      AND s.rooms >= ${m.roomsMin}::int
      AND (cardinality(${m.bathrooms}::int[]) = 0 OR s.bathrooms = ANY(${m.bathrooms}::int[]) OR (4 = ANY(${m.bathrooms}::int[]) AND s.bathrooms >= 4))
      AND s.features @> ${m.features}::text[]
      AND (s.dpe_rating IS NULL OR s.dpe_rating <= ${m.energyMax}::dpe_rating)
      AND s.owner_id IS DISTINCT FROM ${m.user}
      AND NOT EXISTS (SELECT 1 FROM history_entries h WHERE h.user_id = ${m.user} AND h.property_id = s.id)`;

/**
 * Candidates of one scope, nearest first on the plane, from its own GiST index. The inner scan is fenced (OFFSET 0)
 * so the filters run on its ordered output: misled by its estimate of a selective filter, the planner would
 * otherwise sort the whole box (measured: 45 ms instead of 2 ms at 1M listings). With `limit` the scan stops after
 * that many matches; `plane_km` is the planar distance the caller uses to prove nothing nearer was cut.
 */
function candidatesSql(m: MatchParams, scope: Scope, limit: number | null, index = 0): string {
  return `SELECT ${Math.trunc(index)} AS scan, s.id, ${distanceKmSql('s', { lat: m.lat, lng: m.lng })} AS km,
      s.plane * ${KM_PER_DEGREE} AS plane_km
    FROM (SELECT p.id, p.price, p.size, p.bedrooms, p.rooms, p.bathrooms, p.features, p.owner_id, p.latitude, p.longitude,
        p.dpe_rating, ${GEO_SQL} <-> point(${m.x}::float8, ${m.lat}::float8) AS plane
      FROM properties p
      WHERE ${scopeWhere(scope, 'p')} AND (${priceBandExists(scope, m)})
        AND ${GEO_SQL} <@ ${planeBoxSql(m)}${m.zone === null ? '' : `\n        AND ${zoneContainsSql('p', m.zone)}`}
      ORDER BY ${GEO_SQL} <-> point(${m.x}::float8, ${m.lat}::float8)
      OFFSET 0) s
    WHERE ${filtersWhere(m)}${limit === null ? '' : `\n    LIMIT ${Math.trunc(limit)}`}`;
}

/** Every scope's bounded scan in one statement (one round trip, one plan); `scan` is the index in `scopes`. */
function allCandidatesSql(m: MatchParams, scopes: Scope[], limit: number): string {
  return scopes.map((scope, i) => `(${candidatesSql(m, scope, limit, i)})`).join('\nUNION ALL\n');
}

/** The placeholders of a stored fix: the user and the numeric columns as stored (storedColumns), the time, the key. */
interface FixParams {
  user: string;
  latitude: string;
  longitude: string;
  accuracy: string;
  timestamp: string;
  clientId: string;
}

/**
 * The one INSERT of position fixes: `rows` is a VALUES list or a query of (user_id, latitude, longitude, accuracy,
 * timestamp, client_id). A fix whose key and time the user already stored is skipped (the day tables' unique index
 * holds the time): only the new rows are answered.
 */
const insertFixesSql = (
  rows: string,
) => `INSERT INTO user_locations (user_id, latitude, longitude, accuracy, "timestamp", client_id)
${rows}
ON CONFLICT (user_id, client_id, "timestamp") WHERE client_id IS NOT NULL DO NOTHING
RETURNING id, user_id, client_id`;

/** The INSERT of one position fix (answers no row when its key was already stored at that time). */
const insertFixSql = (v: FixParams) =>
  insertFixesSql(`VALUES (${v.user}, ${v.latitude}::numeric, ${v.longitude}::numeric, ${v.accuracy}::numeric,
  ${v.timestamp}::timestamptz, ${v.clientId}::uuid)`);

/**
 * The one INSERT of discoveries into history_entries: not viewed, discovered at `at` (now when null) at the given
 * position, one per property id of `from` (a query of `id`s, in id order so concurrent passes lock in the same
 * order); a listing already in the user's history is left as is. Answers each new entry's id and property id.
 */
const insertDiscoveriesSql = (
  v: { user: string; latitude: string; longitude: string; at: string; source?: string },
  from: string,
) =>
  `INSERT INTO history_entries (user_id, property_id, latitude, longitude, is_viewed, viewed_at${v.source ? ', source' : ''})
SELECT ${v.user}, id, ${v.latitude}, ${v.longitude}, false, coalesce(${v.at}::timestamptz, now())${v.source ? `, ${v.source}::history_source` : ''} FROM ${from}
ON CONFLICT (user_id, property_id) DO NOTHING
RETURNING id, property_id`;

/** The outbox job a discovering live pass enqueues (its handler decides whether and how to push). */
export const DISCOVERY_ALERT_JOB = 'discovery.alert';

/** The payload of a DISCOVERY_ALERT_JOB. */
export interface DiscoveryAlertPayload {
  userId: number;
  /** ISO time of the fix that found the listings (of the newest one for a batch). */
  fixAt: string;
  /** Nearest first; distanceM in whole metres from the fix that found the listing. */
  items: { propertyId: number; distanceM: number }[];
}

/** Where a discovery alert goes: this instance's outbox queue and the fix time it reports. */
export interface AlertTarget {
  queue: string;
  fixAt: Date;
}

/**
 * The INSERT of one DISCOVERY_ALERT_JOB into the outbox, as a data-modifying CTE: its items are the rows of `from`
 * (`property_id`, `km`), nearest first; no row when `from` is empty. The job commits with the discoveries or not at
 * all.
 */
const alertJobSql = (v: { queue: string; user: string; fixAt: string }, from: string) =>
  `INSERT INTO outbox_jobs (queue, kind, payload)
SELECT ${v.queue}::varchar, '${DISCOVERY_ALERT_JOB}', jsonb_build_object('userId', ${v.user}::int, 'fixAt', ${v.fixAt}::text,
  'items', jsonb_agg(jsonb_build_object('propertyId', d.property_id, 'distanceM', round((d.km * 1000)::numeric)::int)
    ORDER BY d.km, d.property_id))
FROM ${from} d
HAVING count(*) > 0
RETURNING id`;

/** The commit of a report does not wait for the WAL flush (see passStatement). */
const ASYNC_COMMIT = `set_config('synchronous_commit', 'off', true) AS commit_mode`;

/** A position fix to store (storedColumns gives its numeric columns). */
export interface StoredFix {
  userId: number;
  latitude: number;
  longitude: number;
  accuracy: number;
  timestamp: Date | string;
  /** The device's key for the fix: a fix is stored once per user and key. */
  clientId?: string | null;
}

/** The fix's numeric columns as stored (and answered): coordinates at 7 decimals, accuracy at 2. */
export const storedColumns = (fix: Pick<StoredFix, 'latitude' | 'longitude' | 'accuracy'>) => ({
  latitude: fix.latitude.toFixed(7),
  longitude: fix.longitude.toFixed(7),
  accuracy: fix.accuracy.toFixed(2),
});

/** A fix stored without a pass (too imprecise to match), committed like a pass. */
function storeFixStatement(fix: StoredFix): Statement {
  const { p, values } = sqlParams();
  const columns = storedColumns(fix);
  const insert = insertFixSql({
    user: p(fix.userId),
    latitude: p(columns.latitude),
    longitude: p(columns.longitude),
    accuracy: p(columns.accuracy),
    timestamp: p(fix.timestamp),
    clientId: p(fix.clientId ?? null),
  });
  const text = `WITH fix AS (
  ${indent(insert, '  ')}
)
SELECT (SELECT id FROM fix) AS location_id, ${ASYNC_COMMIT}`;
  return { text, values };
}

/** What a report answers: the fix, whether it passed and alerted, the unsure scans, the entries nearest first. */
const reportSql = (alert: boolean) => `SELECT (SELECT id FROM fix) AS location_id,
  EXISTS (SELECT 1 FROM gate) AS passed,
  ${alert ? 'EXISTS (SELECT 1 FROM alert)' : 'false'} AS alerted,
  ARRAY(SELECT scan FROM unsure ORDER BY scan) AS unsure,
  ARRAY(SELECT i.id FROM ins i JOIN best b ON b.id = i.property_id ORDER BY b.km, b.id) AS entry_ids,
  ARRAY(SELECT i.property_id FROM ins i JOIN best b ON b.id = i.property_id ORDER BY b.km, b.id) AS property_ids,
  ARRAY(SELECT b.km FROM ins i JOIN best b ON b.id = i.property_id ORDER BY b.km, b.id) AS kms,
  ${ASYNC_COMMIT}`;

/** Prefix of a discovered listing's columns in a report's rows. */
export const LISTING_COLUMN_PREFIX = 'l_';

/**
 * The same answer with the discovered listings' columns (`l_` + column name), one row per entry nearest first (one
 * row of nulls after the report's own columns when none): the answer needs no second read of the listings.
 */
const reportWithListingsSql = (alert: boolean, columns: readonly string[]) => `SELECT r.*, d.*
FROM (SELECT (SELECT id FROM fix) AS location_id,
    EXISTS (SELECT 1 FROM gate) AS passed,
    ${alert ? 'EXISTS (SELECT 1 FROM alert)' : 'false'} AS alerted,
    ARRAY(SELECT scan FROM unsure ORDER BY scan) AS unsure,
    ${ASYNC_COMMIT}) r
  LEFT JOIN (SELECT i.id AS entry_id, i.property_id, b.km,
      ${columns.map((c) => `p.${quoteIdent(c)} AS ${quoteIdent(LISTING_COLUMN_PREFIX + c)}`).join(', ')}
    FROM ins i JOIN best b ON b.id = i.property_id JOIN properties p ON p.id = i.property_id) d ON true
ORDER BY d.km, d.property_id`;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A whole position report in one statement: stores the fix (nothing more when its key was already stored), takes
 * the per-user gate (at most one pass per `intervalS` seconds of server time; `gate: false` runs the pass regardless,
 * the caller having gated it), scans every scope (bounded), keeps the `limit` nearest within the saved radius, and
 * inserts them as history entries by property id, discovered at `discoveredAt` (now when null). With `alert`, the
 * discoveries also enqueue one DISCOVERY_ALERT_JOB, in the same statement. When a bounded scan may have
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
    listingColumns: readonly string[] | null;
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
${opts.listingColumns ? reportWithListingsSql(!!alert, opts.listingColumns) : reportSql(!!alert)}`;
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
export function reportStatement(
  fix: StoredFix,
  filters: TSearchFilters,
  alert: AlertTarget,
  listingColumns: readonly string[] | null,
) {
  return passStatement(fix, filters, {
    limit: DISCOVERY_MAX_PER_FIX,
    intervalS: DISCOVERY_PASS_INTERVAL_S,
    gate: true,
    discoveredAt: null,
    alert,
    listingColumns,
  });
}

/**
 * Inserts the listings as discoveries of the user (one statement, by property id; repeats are no-ops) and answers
 * the new entries, `{ id, property_id }`, in no particular order. With `alert`, the new entries also enqueue one
 * DISCOVERY_ALERT_JOB in the same statement, `kms` giving each listing's distance (same order as `propertyIds`).
 * The entries' source is `at.source`, a walk when not given.
 */
export async function insertDiscoveries(
  db: Queryable,
  userId: number,
  propertyIds: number[],
  at: { latitude: string | null; longitude: string | null; discoveredAt?: Date | null; source?: HistorySource },
  alert: (AlertTarget & { kms: number[] }) | null = null,
): Promise<{ id: number; property_id: number }[]> {
  const { p, values } = sqlParams();
  const user = p(userId);
  const ids = p(propertyIds);
  const insert = insertDiscoveriesSql(
    {
      user,
      latitude: p(at.latitude),
      longitude: p(at.longitude),
      at: p(at.discoveredAt ?? null),
      ...(at.source ? { source: p(at.source) } : {}),
    },
    `unnest(${ids}::int[]) AS id ORDER BY id`,
  );
  if (!alert) return db.query(insert, values);
  const job = alertJobSql(
    { queue: p(alert.queue), user, fixAt: p(alert.fixAt.toISOString()) },
    `(SELECT i.property_id, n.km FROM ins i JOIN unnest(${ids}::int[], ${p(alert.kms)}::float8[]) AS n(id, km) ON n.id = i.property_id)`,
  );
  const text = `WITH ins AS (
  ${indent(insert, '  ')}
), alert AS (
  ${indent(job, '  ')}
)
SELECT id, property_id, (SELECT count(*) FROM alert)::int AS alerted FROM ins`;
  return db.query(text, values);
}

interface Candidate {
  scan: number;
  id: number;
  km: number;
  plane_km: number;
}

/**
 * The `limit` nearest listings within `radiusKm` of (lat, lng) matching the criteria, nearest first by haversine.
 *
 * Each scope (scopesFor) is a nearest-first scan of its GiST index that stops after 2 × limit rows. A scan that
 * stopped may have cut a listing only if its last planar distance, turned into a lower bound of the true distance,
 * is not beyond the final cut-off; that scope is then scanned whole within the bounding box. With `exact: false`
 * (the simulation) the first scan is taken as is.
 */
export async function findNearest(
  db: Queryable,
  at: { lat: number; lng: number; radiusKm: number },
  filters: TSearchFilters,
  userId: number,
  limit: number,
  exact = true,
): Promise<{ id: number; km: number }[]> {
  const { p, values } = sqlParams();
  const { m, scopes, trueOverPlane } = matchParams(p, at, filters, userId);
  const perScan = limit * 2;
  if (scopes.length === 0) return [];
  const first: Candidate[] = await db.query(allCandidatesSql(m, scopes, perScan), values);
  const lists: Candidate[][] = scopes.map((_, i) => first.filter((c) => c.scan === i));
  const best = () =>
    lists
      .flat()
      .filter((c) => c.km <= at.radiusKm)
      .sort((a, b) => a.km - b.km || a.id - b.id)
      .slice(0, limit);
  if (exact) {
    const chosen = best();
    const cutoff = chosen.length === limit ? chosen[limit - 1].km : at.radiusKm;
    for (let i = 0; i < scopes.length; i++) {
      const list = lists[i];
      const stopped = list.length === perScan;
      if (stopped && list[list.length - 1].plane_km * trueOverPlane <= cutoff) {
        lists[i] = await db.query(candidatesSql(m, scopes[i], null, i), values);
      }
    }
  }
  return best().map(({ id, km }) => ({ id, km }));
}

/** What a report did: the stored fix, whether a pass ran, and the new history entries nearest first. */
export interface PassResult {
  /** Null when the fix's key was already stored: nothing was stored nor matched. */
  locationId: number | null;
  passed: boolean;
  /** Nearest first; `km` from the fix. */
  entries: { entryId: number; propertyId: number; km: number }[];
  /** Whether a DISCOVERY_ALERT_JOB was enqueued (nudge the outbox once committed). */
  alerted: boolean;
  /**
   * With `listingColumns`: each entry's listing as the statement read it (`l_` + column name → value as the driver
   * parsed it), in the order of `entries`; absent when the pass had to be finished apart (read them then).
   */
  listings?: Record<string, unknown>[];
}

/**
 * Stores the fix and, with criteria, runs the matching pass: in one statement when every bounded scan proves its
 * cut (nearly always), else finished exactly with findNearest and a second insert (which enqueues the alert then).
 * `filters: null` stores only. `gate: false` skips the server-time gate (the caller gates on fix time);
 * `discoveredAt` dates the entries (now when absent); `alert` enqueues a DISCOVERY_ALERT_JOB with the discoveries.
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
    /** The listing columns to answer with the entries (see PassResult.listings). */
    listingColumns?: readonly string[] | null;
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
    listingColumns: opts.listingColumns ?? null,
  });
  if (opts.listingColumns) {
    const rows: ({ location_id: number | null; passed: boolean; alerted: boolean; unsure: number[] } & {
      entry_id: number | null;
      property_id: number;
      km: number;
    } & Record<string, unknown>)[] = await db.query(pass.text, pass.values);
    const [first] = rows;
    if (!first.unsure.length) {
      const found = rows.filter((r) => r.entry_id !== null);
      const entries = found.map((r) => ({ entryId: r.entry_id!, propertyId: r.property_id, km: r.km }));
      return { locationId: first.location_id, passed: first.passed, entries, alerted: first.alerted, listings: found };
    }
    return finishPass(db, fix, filters, opts, { locationId: first.location_id, passed: first.passed });
  }
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

/**
 * Stores fixes that take no pass, in one statement (a fix whose key the user already stored is skipped); answers
 * the keys stored. Meant for a transaction, which sets its own commit mode.
 */
export async function storeFixes(
  db: Queryable,
  userId: number,
  fixes: (Omit<StoredFix, 'userId' | 'timestamp'> & { timestamp: Date })[],
): Promise<(string | null)[]> {
  if (!fixes.length) return [];
  const { p, values } = sqlParams();
  const columns = fixes.map(storedColumns);
  const user = p(userId);
  const text = insertFixesSql(`SELECT ${user}::int, * FROM unnest(${p(columns.map((c) => c.latitude))}::numeric[],
  ${p(columns.map((c) => c.longitude))}::numeric[], ${p(columns.map((c) => c.accuracy))}::numeric[],
  ${p(fixes.map((f) => f.timestamp))}::timestamptz[], ${p(fixes.map((f) => f.clientId ?? null))}::uuid[])`);
  const rows: { client_id: string | null }[] = await db.query(text, values);
  return rows.map((r) => r.client_id);
}

/*
 * The gate of replayed fixes (batches): one batch of a user at a time (a transaction-scoped advisory lock), and the
 * fix time of the last pass of a replayed fix kept in discovery_state.last_replay_fix_at.
 */

/** Waits for the user's other batches to commit, then answers the fix time of the last replayed pass. */
export async function lockReplayGate(db: Queryable, userId: number): Promise<Date | null> {
  const lock = sqlParams();
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('discovery.replay'), ${lock.p(userId)}::int)`, lock.values);
  // A statement of its own: its snapshot is taken once the lock is held.
  const { p, values } = sqlParams();
  const [row]: { last_replay_fix_at: Date | null }[] = await db.query(
    `SELECT last_replay_fix_at FROM discovery_state WHERE user_id = ${p(userId)}`,
    values,
  );
  return row?.last_replay_fix_at ? new Date(row.last_replay_fix_at) : null;
}

/** Records the fix time of the last replayed pass (never moves it back); the live gate is left as is. */
export async function saveReplayGate(db: Queryable, userId: number, fixAt: Date): Promise<void> {
  const { p, values } = sqlParams();
  await db.query(
    `INSERT INTO discovery_state (user_id, last_pass_at, last_replay_fix_at)
     VALUES (${p(userId)}, to_timestamp(0), ${p(fixAt)}::timestamptz)
     ON CONFLICT (user_id) DO UPDATE
       SET last_replay_fix_at = greatest(discovery_state.last_replay_fix_at, EXCLUDED.last_replay_fix_at)`,
    values,
  );
}

/** How far from a fix's time its key is looked for among the stored fixes (a fix sent again keeps its time). */
const KEY_TIME_SLACK = `interval '1 day'`;

/**
 * The keys among `fixes` (in time order) the user already stored, at their time or up to KEY_TIME_SLACK from the
 * batch's span (a fix first sent live without its time got the server's): the day tables of that span only.
 */
export async function storedClientIds(
  db: Queryable,
  userId: number,
  fixes: { clientId: string; timestamp: Date }[],
): Promise<Set<string>> {
  if (!fixes.length) return new Set();
  const { p, values } = sqlParams();
  const rows: { client_id: string }[] = await db.query(
    `SELECT client_id FROM user_locations WHERE user_id = ${p(userId)}
       AND client_id = ANY(${p(fixes.map((f) => f.clientId))}::uuid[])
       AND "timestamp" BETWEEN ${p(fixes[0].timestamp)}::timestamptz - ${KEY_TIME_SLACK}
         AND ${p(fixes[fixes.length - 1].timestamp)}::timestamptz + ${KEY_TIME_SLACK}`,
    values,
  );
  return new Set(rows.map((r) => r.client_id));
}

/**
 * Makes the surrounding transaction's commit wait for the WAL flush again (the pass statements turn it off): a
 * batch is one commit for up to hundreds of fixes the device deletes once answered.
 */
export async function durableCommit(db: Queryable): Promise<void> {
  await db.query(`SET LOCAL synchronous_commit TO DEFAULT`);
}
