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

/** Great-circle distance in km from ($1, $2) to the listing `p` (haversine, in SQL). */
export const DISTANCE_KM_SQL = `2 * 6371.0088 * asin(sqrt(
  power(sin(radians(p.latitude::float8 - $1) / 2), 2)
  + cos(radians($1)) * cos(radians(p.latitude::float8)) * power(sin(radians(p.longitude::float8 - $2) / 2), 2)))`;

/** (is_rental, type) pairs: one partial GiST index each (migration DiscoveryKnn). */
export const COMBINATIONS: [boolean, PropertyType][] = [false, true].flatMap((r) =>
  PROPERTY_TYPES.map((t) => [r, t] as [boolean, PropertyType]),
);

/** Index name of a combination. */
export const geoIndexName = ([rental, type]: [boolean, PropertyType]) =>
  `IDX_properties_geo_${rental ? 'rent' : 'sale'}_${type}`;

/**
 * Criteria shared by every combination. $1–$2 position, $3–$6 bounding box on the plane (contains every point
 * within the radius), $7–$12 price, size, bedrooms, bathrooms, $13 features, $14 user (own listings and history
 * excluded), $15 the position's x on the plane, $16 radius km.
 */
const COMMON_WHERE = `${GEO_SQL} <@ box(point($3::float8, $5::float8), point($4::float8, $6::float8))
      AND p.price BETWEEN $7::numeric AND $8::numeric
      AND p.size BETWEEN $9::numeric AND $10::numeric
      AND (cardinality($11::int[]) = 0 OR p.bedrooms = ANY($11::int[]) OR (5 = ANY($11::int[]) AND p.bedrooms >= 5))
      AND (cardinality($12::int[]) = 0 OR p.bathrooms = ANY($12::int[]) OR (4 = ANY($12::int[]) AND p.bathrooms >= 4))
      AND p.features @> $13::text[]
      AND p.owner_id IS DISTINCT FROM $14
      AND NOT EXISTS (SELECT 1 FROM history_entries h WHERE h.user_id = $14 AND h.property_id = p.id)`;

/**
 * Candidates of one (is_rental, type) pair, nearest first on the plane, from its own partial GiST index (literal
 * predicates so the planner can use it). With `limit` the scan stops after that many; `plane_km` is the planar
 * distance the caller uses to prove nothing nearer was cut.
 */
export function candidatesSql([rental, type]: [boolean, PropertyType], limit: number | null, pair = 0): string {
  return `SELECT ${Math.trunc(pair)} AS pair, p.id, ${DISTANCE_KM_SQL} AS km,
      (${GEO_SQL} <-> point($15::float8, $1::float8)) * ${KM_PER_DEGREE} AS plane_km
    FROM properties p
    WHERE p.is_rental = ${rental ? 'true' : 'false'} AND p.type = '${type}' AND ${COMMON_WHERE}
    ORDER BY ${GEO_SQL} <-> point($15::float8, $1::float8)${limit === null ? '' : ` LIMIT ${Math.trunc(limit)}`}`;
}

/** Every pair's bounded scan in one statement (one round trip, one plan); `pair` is the index in `combos`. */
export function allCandidatesSql(combos: [boolean, PropertyType][], limit: number): string {
  return combos.map((combo, i) => `(${candidatesSql(combo, limit, i)})`).join('\nUNION ALL\n');
}

/** One statement inserting the chosen listings as history entries ($1 user, $2 ids, $3–$4 position), by id. */
export const INSERT_ENTRIES_SQL = `INSERT INTO history_entries (user_id, property_id, latitude, longitude, is_viewed, viewed_at)
SELECT $1, id, $3, $4, false, now() FROM unnest($2::int[]) AS id ORDER BY id
ON CONFLICT (user_id, property_id) DO NOTHING
RETURNING id, property_id`;

/** A match around (lat, lng): the accepted pairs, the parameters $1–$16, and the planar-to-true distance factor. */
export function matchQuery(lat: number, lng: number, radiusKm: number, f: TSearchFilters, userId: number) {
  const rentals = f.propertyStatus === 'sale' ? [false] : f.propertyStatus === 'rent' ? [true] : [false, true];
  const types = f.propertyType === 'all' ? PROPERTY_TYPES : [f.propertyType];
  const combos = COMBINATIONS.filter(([r, t]) => rentals.includes(r) && types.includes(t));
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
  return { combos, params, trueOverPlane };
}

/** The atomic 5 s gate: answers a row only when this pass may run. $1 user, $2 interval seconds. */
export const PASS_GATE_SQL = `INSERT INTO discovery_state (user_id, last_pass_at) VALUES ($1, now())
ON CONFLICT (user_id) DO UPDATE SET last_pass_at = now()
  WHERE discovery_state.last_pass_at <= now() - make_interval(secs => $2)
RETURNING user_id`;
