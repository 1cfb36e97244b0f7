import { MARKET_MSG, MARKET_RULES } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { EARTH_RADIUS_KM, planeBoxAround, planePointSql } from '../../db/geo-sql';
import { pricePerM2Quantile, salesDataUntil, yearsAgo } from './market-figures';

/** A point of a track (WGS 84). */
export interface TrackPoint {
  latitude: number;
  longitude: number;
}

/** What the sales along a track say: the walk journal's « Dans les rues traversées » line. */
export interface StreetSalesView {
  /** Sales within MARKET_RULES.streetDistanceM of the track since `since`. */
  count: number;
  /** At least MARKET_RULES.streetMinSales: the median is given; otherwise it is null. */
  enough: boolean;
  medianPricePerM2: number | null;
  /** Day of the earliest sale counted (AAAA-MM-JJ), null when none. */
  firstSaleOn: string | null;
  /** First day of the period searched (AAAA-MM-JJ). */
  since: string;
  distanceM: number;
  source: string;
  /** Day of the most recent stored sale. */
  dataUntil: string | null;
}

/** Metres per degree of latitude on the great circle the market queries measure with. */
const M_PER_DEGREE = (EARTH_RADIUS_KM * 1000 * Math.PI) / 180;

/** A track as segments (a lone point is a segment of no length; a repeated fix adds none). */
function segmentsOf(track: readonly TrackPoint[]): [TrackPoint, TrackPoint][] {
  const points = track.filter(
    (p, k) => k === 0 || p.latitude !== track[k - 1].latitude || p.longitude !== track[k - 1].longitude,
  );
  if (points.length === 1) return [[points[0], points[0]]];
  return points.slice(1).map((p, k) => [points[k], p]);
}

/*
 * Sale `s` within $11 metres of segment `g`: the distance to the nearest point of the segment, on the plane tangent at
 * the segment's middle latitude (at 50 m, within millimetres of the great circle), after the GiST box of the segment
 * widened by that distance.
 */
const ALONG_SQL = `SELECT DISTINCT g.i, s.id_mutation, s.price_per_m2::float8 AS "pricePerM2", s.date_mutation::text AS "dateMutation"
FROM unnest($1::int[], $2::float8[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::float8[],
  $9::float8[]) AS g(i, lat1, lng1, lat2, lng2, minx, miny, maxx, maxy)
JOIN market_sales s ON ${planePointSql('s')} <@ box(point(g.minx, g.miny), point(g.maxx, g.maxy))
  AND s.date_mutation >= $10::date
CROSS JOIN LATERAL (SELECT (s.longitude::float8 - g.lng1) * k.kx AS px, (s.latitude::float8 - g.lat1) * ${M_PER_DEGREE} AS py,
    (g.lng2 - g.lng1) * k.kx AS dx, (g.lat2 - g.lat1) * ${M_PER_DEGREE} AS dy
  FROM (SELECT cos(radians((g.lat1 + g.lat2) / 2)) * ${M_PER_DEGREE} AS kx) k) v
CROSS JOIN LATERAL (SELECT CASE WHEN v.dx * v.dx + v.dy * v.dy = 0 THEN 0
  ELSE greatest(0, least(1, (v.px * v.dx + v.py * v.dy) / (v.dx * v.dx + v.dy * v.dy))) END AS t) t
WHERE sqrt(power(v.px - t.t * v.dx, 2) + power(v.py - t.t * v.dy, 2)) <= $11::float8`;

/**
 * The sales along each track, in order (null for a track without a point): within MARKET_RULES.streetDistanceM of
 * its segments, sold since the same day MARKET_RULES.streetYears ago, each sale counted once per track, their median
 * price per m² as the comparables' (docs/decisions.md « Market data », the walk journal line). One statement for all
 * the tracks, plus the day of the most recent stored sale.
 */
export async function salesAlong(db: DataSource, tracks: readonly (readonly TrackPoint[])[]) {
  const distanceM = MARKET_RULES.streetDistanceM;
  const since = yearsAgo(MARKET_RULES.streetYears);
  const segments = tracks.flatMap((t, i) => (t.length ? segmentsOf(t).map((s) => ({ i, s })) : []));
  if (segments.length === 0) return tracks.map(() => null);
  const boxes = segments.map(({ s }) => {
    const [a, b] = s.map((p) => planeBoxAround({ lat: p.latitude, lng: p.longitude, radiusKm: distanceM / 1000 }));
    return {
      minX: Math.min(a.minX, b.minX),
      minY: Math.min(a.minY, b.minY),
      maxX: Math.max(a.maxX, b.maxX),
      maxY: Math.max(a.maxY, b.maxY),
    };
  });
  const [rows, until] = await Promise.all([
    db.query(ALONG_SQL, [
      segments.map((g) => g.i),
      segments.map((g) => g.s[0].latitude),
      segments.map((g) => g.s[0].longitude),
      segments.map((g) => g.s[1].latitude),
      segments.map((g) => g.s[1].longitude),
      boxes.map((b) => b.minX),
      boxes.map((b) => b.minY),
      boxes.map((b) => b.maxX),
      boxes.map((b) => b.maxY),
      since,
      distanceM,
    ]) as Promise<{ i: number; pricePerM2: number; dateMutation: string }[]>,
    salesDataUntil(db),
  ]);
  const byTrack = new Map<number, { pricePerM2: number; dateMutation: string }[]>();
  for (const r of rows) {
    const list = byTrack.get(r.i);
    if (list) list.push(r);
    else byTrack.set(r.i, [r]);
  }
  return tracks.map((t, i): StreetSalesView | null => {
    if (t.length === 0) return null;
    const sales = byTrack.get(i) ?? [];
    const values = sales.map((s) => s.pricePerM2).sort((a, b) => a - b);
    const enough = values.length >= MARKET_RULES.streetMinSales;
    const first = sales.reduce<string | null>((m, s) => (m === null || s.dateMutation < m ? s.dateMutation : m), null);
    return {
      count: values.length,
      enough,
      medianPricePerM2: enough ? pricePerM2Quantile(values, 0.5) : null,
      firstSaleOn: first,
      since,
      distanceM,
      source: MARKET_MSG.dvfSource,
      dataUntil: until,
    };
  });
}
