import type { PropertyType, TSearchFilters } from '@flaneur/schema';
import { PROPERTY_TYPES } from '@flaneur/schema';

const KM_PER_DEGREE = 111.32;
const NO_LIMIT = 99_999_999.99;
/** East-west scale of the index plane: cos(46.5°), the middle of metropolitan France. */
export const PLANE_K = 0.688;

/**
 * A listing's position on the index plane (degrees of latitude; longitude × PLANE_K). Near France a planar
 * distance is within a few % of the true one; matchQuery turns that into exact bounds. The partial GiST indexes
 * are built on this exact expression.
 */
export const GEO_SQL = `point(p.longitude::float8 * ${PLANE_K}, p.latitude::float8)`;

/** Great-circle distance in km from ($1, $2) to the row `a` (haversine, in SQL). */
const distanceKmSql = (a: string) => `2 * 6371.0088 * asin(sqrt(
  power(sin(radians(${a}.latitude::float8 - $1) / 2), 2)
  + cos(radians($1)) * cos(radians(${a}.latitude::float8)) * power(sin(radians(${a}.longitude::float8 - $2) / 2), 2)))`;

/** (is_rental, type) pairs: one partial GiST index each (migration DiscoveryKnn; scans use scopesFor). */
export const COMBINATIONS: [boolean, PropertyType][] = [false, true].flatMap((r) =>
  PROPERTY_TYPES.map((t) => [r, t] as [boolean, PropertyType]),
);

/** Index name of a combination. */
export const geoIndexName = ([rental, type]: [boolean, PropertyType]) =>
  `IDX_properties_geo_${rental ? 'rent' : 'sale'}_${type}`;

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

/**
 * One btree probe per status ((is_rental, price) index): false when no listing of the scope's status has a price
 * in the band, and the scan is skipped (rentals against a sale price band would otherwise scan the whole box).
 */
function priceBandExists(scope: Scope): string {
  const statuses = scope.rental === null ? [false, true] : [scope.rental];
  return statuses
    .map(
      (r) =>
        `EXISTS (SELECT 1 FROM properties x WHERE x.is_rental = ${r} AND x.price BETWEEN $7::numeric AND $8::numeric)`,
    )
    .join(' OR ');
}

/**
 * Parameters of every matching statement: $1–$2 position, $3–$6 bounding box on the plane (contains every point
 * within the radius), $7–$12 price, size, bedrooms, bathrooms, $13 features, $14 user (own listings and history
 * excluded), $15 the position's x on the plane.
 */
const FILTERS_WHERE = `s.price BETWEEN $7::numeric AND $8::numeric
      AND s.size BETWEEN $9::numeric AND $10::numeric
      AND (cardinality($11::int[]) = 0 OR s.bedrooms = ANY($11::int[]) OR (5 = ANY($11::int[]) AND s.bedrooms >= 5))
      AND (cardinality($12::int[]) = 0 OR s.bathrooms = ANY($12::int[]) OR (4 = ANY($12::int[]) AND s.bathrooms >= 4))
      AND s.features @> $13::text[]
      AND s.owner_id IS DISTINCT FROM $14
      AND NOT EXISTS (SELECT 1 FROM history_entries h WHERE h.user_id = $14 AND h.property_id = s.id)`;

/**
 * Candidates of one scope, nearest first on the plane, from its own GiST index. The inner scan is fenced (OFFSET 0)
 * so the filters run on its ordered output: misled by its estimate of a selective filter, the planner would
 * otherwise sort the whole box (measured: 45 ms instead of 2 ms at 1M listings). With `limit` the scan stops after
 * that many matches; `plane_km` is the planar distance the caller uses to prove nothing nearer was cut.
 */
export function candidatesSql(scope: Scope, limit: number | null, index = 0): string {
  return `SELECT ${Math.trunc(index)} AS scan, s.id, ${distanceKmSql('s')} AS km,
      s.plane * ${KM_PER_DEGREE} AS plane_km
    FROM (SELECT p.id, p.price, p.size, p.bedrooms, p.bathrooms, p.features, p.owner_id, p.latitude, p.longitude,
        ${GEO_SQL} <-> point($15::float8, $1::float8) AS plane
      FROM properties p
      WHERE ${scopeWhere(scope, 'p')} AND (${priceBandExists(scope)})
        AND ${GEO_SQL} <@ box(point($3::float8, $5::float8), point($4::float8, $6::float8))
      ORDER BY ${GEO_SQL} <-> point($15::float8, $1::float8)
      OFFSET 0) s
    WHERE ${FILTERS_WHERE}${limit === null ? '' : `\n    LIMIT ${Math.trunc(limit)}`}`;
}

/** Every scope's bounded scan in one statement (one round trip, one plan); `scan` is the index in `scopes`. */
export function allCandidatesSql(scopes: Scope[], limit: number): string {
  return scopes.map((scope, i) => `(${candidatesSql(scope, limit, i)})`).join('\nUNION ALL\n');
}

/**
 * A whole position report in one statement: stores the fix ($16–$19: latitude, longitude, accuracy, time), takes
 * the per-user gate ($20: seconds between passes; `gate: false` runs the pass regardless), scans every scope
 * (bounded), keeps the `limit` nearest within $21 km, and inserts them as history entries by property id. When a
 * bounded scan may have cut a nearer listing (its last planar distance × $22, a lower bound of the true distance,
 * is within the cut-off) nothing is inserted and the scope is answered in `unsure`: the caller finishes the pass
 * exactly. The commit does not wait for the WAL flush: a fix or a discovery lost in a crash is found again on the
 * next walk, and the wait would dominate the request (measured: ~8 ms per commit here).
 */
export function passSql(scopes: Scope[], limit: number, opts: { gate: boolean }): string {
  const perScan = limit * 2;
  const gate = opts.gate
    ? `INSERT INTO discovery_state (user_id, last_pass_at) VALUES ($14, now())
    ON CONFLICT (user_id) DO UPDATE SET last_pass_at = now()
      WHERE discovery_state.last_pass_at <= now() - make_interval(secs => $20::float8)
    RETURNING user_id`
    : `SELECT $14 AS user_id WHERE $20::float8 IS NOT NULL`;
  return `WITH fix AS (
  INSERT INTO user_locations (user_id, latitude, longitude, accuracy, "timestamp")
  VALUES ($14, $16::numeric, $17::numeric, $18::numeric, $19::timestamptz)
  RETURNING id
), gate AS (
  ${gate}
), c AS (
  SELECT * FROM (
${allCandidatesSql(scopes, perScan)}
  ) u WHERE EXISTS (SELECT 1 FROM gate)
), best AS (
  SELECT id, km FROM c WHERE km <= $21::float8 ORDER BY km, id LIMIT ${Math.trunc(limit)}
), unsure AS (
  SELECT scan FROM c GROUP BY scan
  HAVING count(*) = ${perScan}
    AND max(plane_km) * $22::float8 <= (SELECT CASE WHEN count(*) = ${Math.trunc(limit)} THEN max(km) ELSE $21::float8 END FROM best)
), ins AS (
  INSERT INTO history_entries (user_id, property_id, latitude, longitude, is_viewed, viewed_at)
  SELECT $14, id, $16::numeric, $17::numeric, false, now() FROM best WHERE NOT EXISTS (SELECT 1 FROM unsure) ORDER BY id
  ON CONFLICT (user_id, property_id) DO NOTHING
  RETURNING id, property_id
)
SELECT (SELECT id FROM fix) AS location_id,
  EXISTS (SELECT 1 FROM gate) AS passed,
  ARRAY(SELECT scan FROM unsure ORDER BY scan) AS unsure,
  ARRAY(SELECT i.id FROM ins i JOIN best b ON b.id = i.property_id ORDER BY b.km, b.id) AS entry_ids,
  ARRAY(SELECT i.property_id FROM ins i JOIN best b ON b.id = i.property_id ORDER BY b.km, b.id) AS property_ids,
  set_config('synchronous_commit', 'off', true) AS commit_mode`;
}

/** A fix stored without a pass (too imprecise to match), committed like a pass. $1 user, $2–$5 as $16–$19 above. */
export const STORE_FIX_SQL = `INSERT INTO user_locations (user_id, latitude, longitude, accuracy, "timestamp")
VALUES ($1, $2::numeric, $3::numeric, $4::numeric, $5::timestamptz)
RETURNING id, set_config('synchronous_commit', 'off', true) AS commit_mode`;

/** One statement inserting the chosen listings as history entries ($1 user, $2 ids, $3–$4 position), by id. */
export const INSERT_ENTRIES_SQL = `INSERT INTO history_entries (user_id, property_id, latitude, longitude, is_viewed, viewed_at)
SELECT $1, id, $3, $4, false, now() FROM unnest($2::int[]) AS id ORDER BY id
ON CONFLICT (user_id, property_id) DO NOTHING
RETURNING id, property_id`;

/** A match around (lat, lng): the scopes to scan, the parameters $1–$15, and the planar-to-true distance factor. */
export function matchQuery(lat: number, lng: number, radiusKm: number, f: TSearchFilters, userId: number) {
  const scopes = scopesFor(f);
  const dLat = (radiusKm / KM_PER_DEGREE) * 1.001;
  const maxAbsLat = Math.min(89.9, Math.abs(lat) + dLat);
  const cosMin = Math.cos((maxAbsLat * Math.PI) / 180);
  const dLng = Math.min(180, ((radiusKm / KM_PER_DEGREE) * 1.001) / cosMin);
  // True distance ≥ planar × this factor inside the box (east-west scale between cos(maxLat) and cos(minLat)).
  const trueOverPlane = Math.min(1, cosMin / PLANE_K) * 0.999;
  const params = [
    lat,
    lng,
    (lng - dLng) * PLANE_K,
    (lng + dLng) * PLANE_K,
    lat - dLat,
    lat + dLat,
    f.priceMin ?? 0,
    f.priceMax ?? NO_LIMIT,
    f.sizeMin ?? 0,
    f.sizeMax ?? NO_LIMIT,
    f.bedrooms,
    f.bathrooms,
    f.features,
    userId,
    lng * PLANE_K,
  ];
  return { scopes, params, trueOverPlane };
}
