import { LIMITS } from '@flaneur/schema';
import { useMemo, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { HistoryCard_ItemFragment } from '../../../gql/graphql';
import { formatCompactPrice, formatPrice } from '../../../lib/format';
import { BaseMap } from '../../map/components/base-map';
import { Layer, Marker, Source } from '../../map/components/map-parts';
import { useMarkerGroups } from '../../map/lib/use-marker-groups';
import { ClusterMarker } from '../../map/components/cluster-marker';
import { initialView, validPoints, type MapPoint } from '../../map/lib/map-config';
import { RecentSalesLayer } from '../../market/components/recent-sales-layer';

interface WalkMapProps {
  path: readonly MapPoint[];
  discoveries: readonly HistoryCard_ItemFragment[];
}

/**
 * A walk on the map: its trace as a line (while the fixes are kept) and a price marker per listing discovered on
 * the way; the view fits both; « Ventes récentes » switches on the recorded sales around the visible area. Loaded
 * lazily (LazyWalkMap) with the map library.
 */
export default function WalkMap({ path, discoveries }: WalkMapProps) {
  const trace = useMemo(() => validPoints(path), [path]);
  const listings = useMemo(
    () =>
      validPoints(
        discoveries.map((item) => ({ item, latitude: item.property.latitude, longitude: item.property.longitude })),
      ),
    [discoveries],
  );
  const [initial] = useState(() => initialView([...trace, ...listings], LIMITS.historyMapZoom));
  const map = useRef<MapRef>(null);
  // Listings too close to be told apart at this zoom are one « N biens » (a tap zooms in); alone from zoom 18.
  const { groups, onLoad, onZoomEnd } = useMarkerGroups(listings);
  const line = useMemo(
    () => ({
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'LineString' as const, coordinates: trace.map((p) => [p.longitude, p.latitude]) },
    }),
    [trace],
  );
  return (
    <BaseMap
      ref={map}
      label="Carte de la balade"
      className="base-map--history walk-map"
      initialViewState={initial}
      onLoad={onLoad}
      onZoomEnd={onZoomEnd}
    >
      <RecentSalesLayer map={map} />
      {trace.length > 1 && (
        <Source id="walk-path" type="geojson" data={line}>
          <Layer
            id="walk-path-line"
            type="line"
            layout={{ 'line-join': 'round', 'line-cap': 'round' }}
            paint={{ 'line-color': '#2563eb', 'line-width': 4, 'line-opacity': 0.85 }}
          />
        </Source>
      )}
      {trace.length > 0 && (
        <Marker latitude={trace[0].latitude} longitude={trace[0].longitude} anchor="center">
          <span className="walk-map__start" role="img" aria-label="Départ" title="Départ" />
        </Marker>
      )}
      {groups.map(({ points, latitude, longitude }) => {
        const { item } = points[0];
        if (points.length > 1)
          return (
            <ClusterMarker
              key={`cluster-${item.entry.id}`}
              points={points.map((p) => ({ ...p, title: p.item.property.title }))}
              latitude={latitude}
              longitude={longitude}
              map={map}
            />
          );
        return (
          <Marker key={item.entry.id} latitude={latitude} longitude={longitude} anchor="bottom">
            <span
              className={`price-marker price-marker--${item.property.isRental ? 'rent' : 'sale'}`}
              role="img"
              aria-label={`${item.property.title}, ${formatPrice(item.property.price, item.property.isRental, item.property.currency)}`}
            >
              {formatCompactPrice(item.property.price)}
            </span>
          </Marker>
        );
      })}
    </BaseMap>
  );
}
