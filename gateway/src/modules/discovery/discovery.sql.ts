import type { TSearchFilters } from '@flaneur/schema';
import { PROPERTY_TYPES } from '@flaneur/schema';

const KM_PER_DEGREE = 111.32;
const NO_LIMIT = 99_999_999.99;

/** Great-circle distance in km from ($1, $2) to the listing `p` (haversine, in SQL). */
export const DISTANCE_KM_SQL = `2 * 6371.0088 * asin(sqrt(
  power(sin(radians(p.latitude::float8 - $1) / 2), 2)
  + cos(radians($1)) * cos(radians(p.latitude::float8)) * power(sin(radians(p.longitude::float8 - $2) / 2), 2)))`;

/**
 * The listing predicate of the saved criteria, in the shape the covering index serves: equality on is_rental and
 * type (= ANY), ranges on latitude then longitude, every other column in the index. Parameters $1–$2 are the
 * position; this fragment uses $3–$16.
 */
export const MATCH_WHERE_SQL = `p.is_rental = ANY($3::boolean[])
    AND p.type = ANY($4::property_type[])
    AND p.latitude BETWEEN $5::numeric AND $6::numeric
    AND p.longitude BETWEEN $7::numeric AND $8::numeric
    AND p.price BETWEEN $9::numeric AND $10::numeric
    AND p.size BETWEEN $11::numeric AND $12::numeric
    AND (cardinality($13::int[]) = 0 OR p.bedrooms = ANY($13::int[]) OR (5 = ANY($13::int[]) AND p.bedrooms >= 5))
    AND (cardinality($14::int[]) = 0 OR p.bathrooms = ANY($14::int[]) OR (4 = ANY($14::int[]) AND p.bathrooms >= 4))
    AND p.features @> $15::text[]
    AND p.owner_id IS DISTINCT FROM $16
    AND NOT EXISTS (SELECT 1 FROM history_entries h WHERE h.user_id = $16 AND h.property_id = p.id)`;

/** Parameters $1–$16 of MATCH_WHERE_SQL for a position, a radius (km), the criteria and the user. */
export function matchParams(lat: number, lng: number, radiusKm: number, f: TSearchFilters, userId: number): unknown[] {
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLng = radiusKm / (KM_PER_DEGREE * Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
  const rentals = f.propertyStatus === 'sale' ? [false] : f.propertyStatus === 'rent' ? [true] : [false, true];
  const types = f.propertyType === 'all' ? [...PROPERTY_TYPES] : [f.propertyType];
  return [
    lat,
    lng,
    rentals,
    types,
    Math.max(-90, lat - dLat).toFixed(7),
    Math.min(90, lat + dLat).toFixed(7),
    (lng - dLng).toFixed(7),
    (lng + dLng).toFixed(7),
    f.priceMin ?? 0,
    f.priceMax ?? NO_LIMIT,
    f.sizeMin ?? 0,
    f.sizeMax ?? NO_LIMIT,
    f.bedrooms,
    f.bathrooms,
    f.features,
    userId,
  ];
}

/**
 * One statement: the ≤ 20 nearest matches within the radius become history entries (ordered by property id so
 * concurrent passes lock rows in the same order; the unique (user, property) makes repeats no-ops).
 * $17 radius km, $18 limit. Returns the new entries, nearest first.
 */
export const DISCOVER_SQL = `WITH nearest AS (
  SELECT p.id, ${DISTANCE_KM_SQL} AS km
  FROM properties p
  WHERE ${MATCH_WHERE_SQL}
    AND ${DISTANCE_KM_SQL} <= $17
  ORDER BY km, p.id
  LIMIT $18
), inserted AS (
  INSERT INTO history_entries (user_id, property_id, latitude, longitude, is_viewed, viewed_at)
  SELECT $16, n.id, $1, $2, false, now() FROM nearest n ORDER BY n.id
  ON CONFLICT (user_id, property_id) DO NOTHING
  RETURNING id, property_id
)
SELECT i.id AS entry_id, i.property_id FROM inserted i JOIN nearest n ON n.id = i.property_id ORDER BY n.km, n.id`;

/** The atomic 5 s gate: answers a row only when this pass may run. $1 user, $2 interval seconds. */
export const PASS_GATE_SQL = `INSERT INTO discovery_state (user_id, last_pass_at) VALUES ($1, now())
ON CONFLICT (user_id) DO UPDATE SET last_pass_at = now()
  WHERE discovery_state.last_pass_at <= now() - make_interval(secs => $2)
RETURNING user_id`;
