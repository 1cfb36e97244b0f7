import { LIMITS } from '@flaneur/schema';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { HistoryCard_ItemFragment } from '../../../gql/graphql';
import { formatCompactPrice, formatPrice } from '../../../lib/format';
import { useLocationTracking } from '../../discovery/hooks/use-location-tracking';
import { useSearchFilters } from '../../preferences/hooks/use-search-filters';
import { useMarkerGroups } from '../lib/use-marker-groups';
import { boundsOf, initialView, validPoints, type MapPoint } from '../lib/map-config';
import { BaseMap } from './base-map';
import { ClusterMarker } from './cluster-marker';
import { ListingPopupCard } from './listing-popup-card';
import { MapFallback } from './map-fallback';
import { Marker, Popup } from './map-parts';
import { ZoneLayer } from './zone-layer';
import { RecentSalesLayer } from '../../market/components/recent-sales-layer';

interface HistoryMapProps {
  items: readonly HistoryCard_ItemFragment[];
  /** The drawn zone of the saved criteria, shown as a polygon; null or absent: none. */
  zone?: readonly MapPoint[] | null;
}

/**
 * The Découvertes map: a price marker per listing (purple rentals, blue sales, amber ring
 * and dot once viewed), a popup with the details button, bounds fitted with padding 50. While
 * tracking has a fix, a « Vous êtes ici » dot at the tracker's last position and « Recentrer »;
 * the map itself never asks for the position. The saved criteria's drawn zone, if any, as a translucent polygon.
 * « Ventes récentes » switches on the recorded sales around the visible area (RecentSalesLayer).
 */
export default function HistoryMap({ items, zone }: HistoryMapProps) {
  const map = useRef<MapRef>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const located = useMemo(
    () =>
      validPoints(
        items.map((item) => ({ item, latitude: item.property.latitude, longitude: item.property.longitude })),
      ),
    [items],
  );
  // The first view takes in the listings and the drawn zone, so that the zone is seen, not only drawn off-screen.
  const [initial] = useState(() => initialView(zone?.length ? [...located, ...zone] : located));
  const selected = located.find((p) => p.item.entry.id === selectedId)?.item ?? null;
  // Markers that would overlap are drawn as one « N biens » that zooms in on them; from zoom 18 each stands alone.
  const { groups, onLoad, onZoomEnd } = useMarkerGroups(located);
  const tracking = useLocationTracking();
  const here = (tracking.status === 'on' || tracking.status === 'lost') && tracking.lastFix ? tracking.lastFix : null;

  // Refit when the shown items change (filters); the first view comes from initialViewState.
  const boundsKey = located.map((p) => p.item.entry.id).join(',');
  const firstKey = useRef(boundsKey);
  useEffect(() => {
    if (boundsKey === firstKey.current) return;
    firstKey.current = boundsKey;
    const bounds = boundsOf(located);
    if (!map.current || !bounds) return;
    if (located.length > 1) map.current.fitBounds(bounds, { padding: LIMITS.mapBoundsPadding, maxZoom: 17 });
    else map.current.flyTo({ center: bounds[0], zoom: LIMITS.historyMapZoom });
  }, [boundsKey, located]);

  return (
    <BaseMap
      ref={map}
      label="Carte des découvertes"
      className="base-map--history"
      initialViewState={initial}
      onLoad={onLoad}
      onZoomEnd={onZoomEnd}
    >
      <RecentSalesLayer map={map} />
      {zone && <ZoneLayer id="criteria-zone" points={zone} />}
      {zone && <p className="visually-hidden">Zone dessinée affichée sur la carte ({zone.length} points)</p>}
      {groups.map(({ points, latitude, longitude }) => {
        if (points.length > 1)
          return (
            <ClusterMarker
              key={`cluster-${points[0].item.entry.id}`}
              points={points.map((p) => ({ ...p, title: p.item.property.title }))}
              latitude={latitude}
              longitude={longitude}
              map={map}
            />
          );
        const { property, entry } = points[0].item;
        const kind = property.isRental ? 'rent' : 'sale';
        return (
          <Marker
            key={entry.id}
            latitude={latitude}
            longitude={longitude}
            anchor="bottom"
            onClick={(event) => {
              event.originalEvent.stopPropagation();
              setSelectedId(entry.id);
            }}
          >
            <button
              type="button"
              className={`price-marker price-marker--${kind}${entry.isViewed ? ' price-marker--viewed' : ''}`}
              aria-label={`${property.title}, ${formatPrice(property.price, property.isRental, property.currency)}${
                entry.isViewed ? ', déjà vu' : ''
              }`}
            >
              {formatCompactPrice(property.price)}
              {entry.isViewed && <span className="price-marker__dot" aria-hidden="true" />}
            </button>
          </Marker>
        );
      })}
      {here && (
        <Marker latitude={here.latitude} longitude={here.longitude} anchor="center">
          <span className="you-are-here" role="img" aria-label="Vous êtes ici" title="Vous êtes ici" />
        </Marker>
      )}
      {here && (
        <button
          type="button"
          className="button button--secondary button--small map-recenter"
          onClick={() => map.current?.flyTo({ center: [here.longitude, here.latitude], zoom: LIMITS.historyMapZoom })}
        >
          Recentrer
        </button>
      )}
      {selected && (
        <Popup
          latitude={selected.property.latitude}
          longitude={selected.property.longitude}
          maxWidth="260px"
          closeButton
          closeOnClick={false}
          onClose={() => setSelectedId(null)}
        >
          <ListingPopupCard property={selected.property} seen={selected.entry.isViewed} />
        </Popup>
      )}
    </BaseMap>
  );
}

/**
 * The Découvertes map with the saved criteria's drawn zone. The criteria (their query, their stored copy's parsing)
 * load with the map, not with the list shown by default; the map waits for them so that its first view takes the zone
 * in.
 */
export function HistoryMapWithSavedZone({ items }: { items: readonly HistoryCard_ItemFragment[] }) {
  const { filters, loading } = useSearchFilters();
  if (loading) return <MapFallback className="base-map--history" />;
  return <HistoryMap items={items} zone={filters.zone} />;
}
