import type { Feature } from 'geojson';
import type { MapPoint } from '../lib/map-config';
import { Layer, Source } from './map-parts';

/** A zone's points as GeoJSON ([longitude, latitude]): a closed polygon, or the open line of a zone being drawn. */
export function zoneFeature(points: readonly MapPoint[], closed: boolean): Feature {
  const coordinates = points.map((p) => [p.longitude, p.latitude]);
  return closed && points.length >= 3
    ? {
        type: 'Feature',
        properties: {},
        geometry: { type: 'Polygon', coordinates: [[...coordinates, coordinates[0]]] },
      }
    : { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } };
}

/**
 * A drawn zone on the enclosing map: a translucent fill and its outline (dashed while being drawn). Inside a BaseMap
 * only (its Source and Layer come from the map's renderer).
 */
export function ZoneLayer({
  id,
  points,
  closed = true,
}: {
  id: string;
  points: readonly MapPoint[];
  closed?: boolean;
}) {
  if (points.length < 2) return null;
  const polygon = closed && points.length >= 3;
  return (
    <Source id={id} type="geojson" data={zoneFeature(points, closed)}>
      {polygon && <Layer id={`${id}-fill`} type="fill" paint={{ 'fill-color': '#2563eb', 'fill-opacity': 0.12 }} />}
      <Layer
        id={`${id}-line`}
        type="line"
        paint={{ 'line-color': '#1d4ed8', 'line-width': 2, ...(polygon ? {} : { 'line-dasharray': [2, 1] }) }}
      />
    </Source>
  );
}
