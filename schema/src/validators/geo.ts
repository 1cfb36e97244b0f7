import { z } from 'zod';
import { MSG } from '../constants/messages';

/** Limits of the geographic search (docs/decisions.md « Geo search »). */
export const GEO_SEARCH = {
  /** Largest radius of a `near` search, km. */
  radiusKmMax: 50,
  /** A drawn zone has 3 to 100 points. */
  zonePointsMin: 3,
  zonePointsMax: 100,
} as const;

/** French messages of the geographic rules. */
export const GEO_MSG = {
  radiusInvalid: `Le rayon de recherche doit être compris entre 0 et ${GEO_SEARCH.radiusKmMax} km`,
  nearInvalid: "Recherche autour d'un point invalide : attendu « latitude,longitude,rayon en km »",
  bboxInvalid: 'Cadre invalide : attendu « sud,ouest,nord,est »',
  bboxSouthNorth: 'Le bord sud du cadre doit être au sud de son bord nord',
  bboxWestEast: "Le bord ouest du cadre doit être à l'ouest de son bord est",
  zoneInvalid: 'Zone dessinée invalide : attendu une liste de points { latitude, longitude }',
  zoneTooFew: `La zone dessinée doit avoir au moins ${GEO_SEARCH.zonePointsMin} points distincts`,
  zoneTooMany: `La zone dessinée ne peut pas avoir plus de ${GEO_SEARCH.zonePointsMax} points`,
  zoneSelfIntersecting: 'La zone dessinée ne doit pas se croiser elle-même',
  zoneFlat: 'La zone dessinée doit couvrir une surface',
} as const;

const latitude = z.number({ error: MSG.latitudeInvalid }).min(-90, MSG.latitudeInvalid).max(90, MSG.latitudeInvalid);
const longitude = z
  .number({ error: MSG.longitudeInvalid })
  .min(-180, MSG.longitudeInvalid)
  .max(180, MSG.longitudeInvalid);

/** A point: latitude −90..90, longitude −180..180 (degrees, WGS 84). */
export const ZLatLng = z.object({ latitude, longitude }, { error: MSG.invalidInput });
export type TLatLng = z.output<typeof ZLatLng>;

/** Around a point: within radiusKm (0 < radiusKm ≤ 50) of it, by great-circle distance. */
export const ZNear = z.object(
  {
    latitude,
    longitude,
    radiusKm: z
      .number({ error: GEO_MSG.radiusInvalid })
      .gt(0, GEO_MSG.radiusInvalid)
      .max(GEO_SEARCH.radiusKmMax, GEO_MSG.radiusInvalid),
  },
  { error: GEO_MSG.nearInvalid },
);
export type TNear = z.output<typeof ZNear>;

/**
 * A latitude/longitude box, edges included. South ≤ north; west ≤ east (a box across the antimeridian is refused:
 * nothing of ours lies there).
 */
export const ZBbox = z
  .object({ south: latitude, west: longitude, north: latitude, east: longitude }, { error: GEO_MSG.bboxInvalid })
  .superRefine((b, ctx) => {
    if (b.south > b.north) ctx.addIssue({ code: 'custom', message: GEO_MSG.bboxSouthNorth, path: ['south'] });
    if (b.west > b.east) ctx.addIssue({ code: 'custom', message: GEO_MSG.bboxWestEast, path: ['west'] });
  });
export type TBbox = z.output<typeof ZBbox>;

type XY = [number, number];
const cross = (o: XY, a: XY, b: XY) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
/** A zone enclosing less than this (degrees², about 8 m² in France) has no surface. */
const MIN_AREA = 1e-9;
/**
 * The side of b from the line o→a: 1 left, −1 right, 0 on it. An angle below 1e-9 rad counts as on the line, so float
 * rounding cannot hide a fold.
 */
const turn = (o: XY, a: XY, b: XY) => {
  const c = cross(o, a, b);
  const scale = Math.hypot(a[0] - o[0], a[1] - o[1]) * Math.hypot(b[0] - o[0], b[1] - o[1]);
  return Math.abs(c) <= 1e-9 * scale ? 0 : Math.sign(c);
};
/** q on segment pr, knowing p, q, r are collinear. */
const within = (p: XY, q: XY, r: XY) =>
  Math.min(p[0], r[0]) <= q[0] &&
  q[0] <= Math.max(p[0], r[0]) &&
  Math.min(p[1], r[1]) <= q[1] &&
  q[1] <= Math.max(p[1], r[1]);

/** Whether segments ab and cd share at least one point (touching included). */
function segmentsMeet(a: XY, b: XY, c: XY, d: XY): boolean {
  const [d1, d2, d3, d4] = [turn(c, d, a), turn(c, d, b), turn(a, b, c), turn(a, b, d)];
  if (d1 !== d2 && d3 !== d4) return true;
  return (
    (d1 === 0 && within(c, a, d)) ||
    (d2 === 0 && within(c, b, d)) ||
    (d3 === 0 && within(a, c, b)) ||
    (d4 === 0 && within(a, d, b))
  );
}

/** The problem of a ring of distinct vertices (longitude, latitude), or null when it is a simple polygon. */
export function zoneIssue(ring: XY[]): string | null {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const [a, b] = [ring[i], ring[(i + 1) % n]];
    for (let j = i + 1; j < n; j++) {
      const [c, d] = [ring[j], ring[(j + 1) % n]];
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (!adjacent) {
        if (segmentsMeet(a, b, c, d)) return GEO_MSG.zoneSelfIntersecting;
        continue;
      }
      // Consecutive edges share one vertex; they cross only when one folds back over the other.
      const [p, shared, q] = j === i + 1 ? [a, b, d] : [c, a, b];
      const folds =
        turn(p, shared, q) === 0 &&
        (shared[0] - p[0]) * (q[0] - shared[0]) + (shared[1] - p[1]) * (q[1] - shared[1]) < 0;
      if (folds) return GEO_MSG.zoneSelfIntersecting;
    }
  }
  let area2 = 0;
  for (let i = 0; i < n; i++) area2 += cross(ring[0], ring[i], ring[(i + 1) % n]);
  return Math.abs(area2) / 2 < MIN_AREA ? GEO_MSG.zoneFlat : null;
}

/**
 * A drawn zone: 3 to 100 points in drawing order, forming a simple polygon (concave allowed; edges that cross or
 * touch, or a zone without surface, are refused). A last point repeating the first (a closed ring) is dropped; a
 * point repeated elsewhere makes the zone touch itself. Shared by the listing search and the saved criteria.
 */
export const ZZone = z
  .array(ZLatLng, { error: GEO_MSG.zoneInvalid })
  .max(GEO_SEARCH.zonePointsMax + 1, GEO_MSG.zoneTooMany)
  .transform((points, ctx) => {
    const last = points[points.length - 1];
    const closed = points.length > 1 && last.latitude === points[0].latitude && last.longitude === points[0].longitude;
    const ring = closed ? points.slice(0, -1) : points;
    if (ring.length < GEO_SEARCH.zonePointsMin) {
      ctx.addIssue({ code: 'custom', message: GEO_MSG.zoneTooFew });
      return z.NEVER;
    }
    if (ring.length > GEO_SEARCH.zonePointsMax) {
      ctx.addIssue({ code: 'custom', message: GEO_MSG.zoneTooMany });
      return z.NEVER;
    }
    const issue = zoneIssue(ring.map((p) => [p.longitude, p.latitude]));
    if (issue) {
      ctx.addIssue({ code: 'custom', message: issue });
      return z.NEVER;
    }
    return ring;
  });
export type TZone = z.output<typeof ZZone>;
