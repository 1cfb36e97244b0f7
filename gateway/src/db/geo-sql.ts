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
