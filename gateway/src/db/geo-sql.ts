/*
 * Geographic SQL shared by discovery's matching and the listing search: the position of a listing on the index
 * plane of the GiST indexes (migrations DiscoveryKnn, DiscoveryScopes, PropertyRooms), the box of the plane that
 * holds a circle, and the great-circle distance.
 */

/** Kilometres per degree of latitude. */
export const KM_PER_DEGREE = 111.32;
/** East-west scale of the index plane: cos(46.5°), the middle of metropolitan France. */
export const PLANE_K = 0.688;

/** Mean Earth radius (km) of the great-circle distance. */
export const EARTH_RADIUS_KM = 6371.0088;

/**
 * A listing's position on the index plane: (longitude × PLANE_K, latitude). The text must stay exactly the indexed
 * expression, or the planner cannot use the GiST indexes.
 */
export const planePointSql = (alias: string) =>
  `point(${alias}.longitude::float8 * ${PLANE_K}, ${alias}.latitude::float8)`;

/** A position's x on the index plane. */
export const planeX = (longitude: number) => longitude * PLANE_K;

/** A box of the plane (x = longitude × PLANE_K, y = latitude). */
export interface PlaneBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The box of the plane holding every point within radiusKm of (lat, lng), with a 0.1 % margin. */
export function planeBoxAround(at: { lat: number; lng: number; radiusKm: number }): PlaneBox {
  const dLat = (at.radiusKm / KM_PER_DEGREE) * 1.001;
  const maxAbsLat = Math.min(89.9, Math.abs(at.lat) + dLat);
  const dLng = Math.min(180, dLat / Math.cos((maxAbsLat * Math.PI) / 180));
  return {
    minX: planeX(at.lng - dLng),
    maxX: planeX(at.lng + dLng),
    minY: at.lat - dLat,
    maxY: at.lat + dLat,
  };
}

/** The SQL box of a PlaneBox, its four numbers given as SQL expressions (placeholders). */
export const planeBoxSql = (b: Record<keyof PlaneBox, string>) =>
  `box(point(${b.minX}::float8, ${b.minY}::float8), point(${b.maxX}::float8, ${b.maxY}::float8))`;

/**
 * Great-circle distance in km (haversine) from (lat, lng), given as SQL expressions (placeholders), to the row
 * `alias`'s position.
 */
export const distanceKmSql = (alias: string, at: { lat: string; lng: string }) => `2 * ${EARTH_RADIUS_KM} * asin(sqrt(
  power(sin(radians(${alias}.latitude::float8 - ${at.lat}) / 2), 2)
  + cos(radians(${at.lat})) * cos(radians(${alias}.latitude::float8)) * power(sin(radians(${alias}.longitude::float8 - ${at.lng}) / 2), 2)))`;

/** A ring of (latitude, longitude) points as a PostgreSQL `polygon` literal on the index plane. */
export const planePolygonLiteral = (ring: { latitude: number; longitude: number }[]) =>
  `(${ring.map((p) => `(${planeX(p.longitude)},${p.latitude})`).join(',')})`;

/** A drawn zone's points (degrees), in drawing order. */
type Ring = readonly { latitude: number; longitude: number }[];

/**
 * How far from an edge (degrees, about 0.1 mm) a position still counts as on it: a point of an edge is rarely exactly
 * on it once written in binary.
 */
export const ZONE_EDGE_TOLERANCE = 1e-9;

/** The edges of a zone as four arrays (from and to, degrees), the last edge closing the ring: the SQL's parameters. */
export function zoneEdges(ring: Ring) {
  const next = (i: number) => ring[(i + 1) % ring.length];
  return {
    lat1: ring.map((p) => p.latitude),
    lng1: ring.map((p) => p.longitude),
    lat2: ring.map((_, i) => next(i).latitude),
    lng2: ring.map((_, i) => next(i).longitude),
  };
}

/** The plane box holding a zone (the same scaling as planePointSql), to pre-filter on the GiST indexes. */
export function zonePlaneBox(ring: Ring): PlaneBox {
  const xs = ring.map((p) => planeX(p.longitude));
  const ys = ring.map((p) => p.latitude);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

/**
 * Whether the row `alias`'s position is inside a drawn zone or on its boundary: on an edge (within
 * ZONE_EDGE_TOLERANCE), else an odd number of edges crossed by the ray going east (even-odd rule; the zone is a
 * simple polygon, so it equals the winding rule). Computed in degrees in float8, in one correlated aggregate over the
 * edges (zoneEdges, given as placeholders); core SQL, the same on PostgreSQL and PGlite. Meant after a box condition
 * on the indexed plane position (zonePlaneBox), which the GiST indexes answer. The CASE keeps the division off
 * horizontal edges.
 */
export function zoneContainsSql(alias: string, e: { lat1: string; lng1: string; lat2: string; lng2: string }) {
  const [x, y, tol] = [`${alias}.longitude::float8`, `${alias}.latitude::float8`, `${ZONE_EDGE_TOLERANCE}::float8`];
  return `(SELECT bool_or(abs((e.x2 - e.x1) * (${y} - e.y1) - (e.y2 - e.y1) * (${x} - e.x1))
        <= ${tol} * sqrt((e.x2 - e.x1) * (e.x2 - e.x1) + (e.y2 - e.y1) * (e.y2 - e.y1))
      AND ${x} BETWEEN least(e.x1, e.x2) - ${tol} AND greatest(e.x1, e.x2) + ${tol}
      AND ${y} BETWEEN least(e.y1, e.y2) - ${tol} AND greatest(e.y1, e.y2) + ${tol})
    OR count(*) FILTER (WHERE CASE WHEN (e.y1 > ${y}) <> (e.y2 > ${y})
      THEN ${x} < e.x1 + (${y} - e.y1) * (e.x2 - e.x1) / (e.y2 - e.y1) ELSE false END) % 2 = 1
  FROM unnest(${e.lat1}::float8[], ${e.lng1}::float8[], ${e.lat2}::float8[], ${e.lng2}::float8[]) AS e(y1, x1, y2, x2))`;
}
