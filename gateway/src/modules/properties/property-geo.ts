import type { SelectQueryBuilder } from 'typeorm';
import {
  distanceKmSql,
  planeBoxAround,
  planeBoxSql,
  planePointSql,
  planeX,
  zoneContainsSql,
  zoneEdges,
  zonePlaneBox,
} from '../../db/geo-sql';
import type { TPropertyFilter } from './property-filter';
import type { Property } from './property.entity';

/**
 * Adds the geographic filters of a search (near, bbox, polygon; each narrows the others) as conditions on the
 * indexed plane position, so the planner scans discovery's GiST indexes; `near` then keeps the listings within its
 * great-circle radius. Answers the SQL of the distance to the `near` point (km), or null without `near`. `alias`:
 * the listing's alias (`p`; the search's duplicates use another).
 */
export function applyGeoFilter(qb: SelectQueryBuilder<Property>, f: TPropertyFilter, alias = 'p'): string | null {
  // The listing's position on the GiST indexes' plane (the indexed expression).
  const AT = planePointSql(alias);
  if (f.bbox) {
    const { south, west, north, east } = f.bbox;
    qb.andWhere(`${AT} <@ ${planeBoxSql({ minX: ':bbMinX', minY: ':bbMinY', maxX: ':bbMaxX', maxY: ':bbMaxY' })}`, {
      bbMinX: planeX(west),
      bbMinY: south,
      bbMaxX: planeX(east),
      bbMaxY: north,
    });
  }
  // The zone's box on the indexed plane (GiST), then the exact point-in-polygon, edges included (as discovery).
  if (f.polygon) {
    const box = zonePlaneBox(f.polygon);
    const edges = zoneEdges(f.polygon);
    qb.andWhere(`${AT} <@ ${planeBoxSql({ minX: ':zMinX', minY: ':zMinY', maxX: ':zMaxX', maxY: ':zMaxY' })}`, {
      zMinX: box.minX,
      zMinY: box.minY,
      zMaxX: box.maxX,
      zMaxY: box.maxY,
    });
    const arr = (name: string) => `CAST(:${name} AS float8[])`;
    const e = { lat1: arr('zLat1'), lng1: arr('zLng1'), lat2: arr('zLat2'), lng2: arr('zLng2') };
    qb.andWhere(zoneContainsSql(alias, e), {
      zLat1: edges.lat1,
      zLng1: edges.lng1,
      zLat2: edges.lat2,
      zLng2: edges.lng2,
    });
  }
  if (!f.near) return null;
  const { latitude: lat, longitude: lng, radiusKm } = f.near;
  const box = planeBoxAround({ lat, lng, radiusKm });
  const km = distanceKmSql(alias, { lat: 'CAST(:nearLat AS float8)', lng: 'CAST(:nearLng AS float8)' });
  qb.andWhere(`${AT} <@ ${planeBoxSql({ minX: ':nMinX', minY: ':nMinY', maxX: ':nMaxX', maxY: ':nMaxY' })}`, {
    nMinX: box.minX,
    nMinY: box.minY,
    nMaxX: box.maxX,
    nMaxY: box.maxY,
  });
  qb.andWhere(`${km} <= CAST(:nearKm AS float8)`, { nearLat: lat, nearLng: lng, nearKm: radiusKm });
  return km;
}
