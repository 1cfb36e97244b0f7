import { useEffect, useMemo, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { PropertyCard_PropertyFragment } from '../../../gql/graphql';
import { formatCompactPrice, formatPrice } from '../../../lib/format';
import { boundsOf, validPoints, type MapPoint } from '../lib/map-config';
import { useMarkerGroups } from '../lib/use-marker-groups';
import { BaseMap } from './base-map';
import { ClusterMarker } from './cluster-marker';
import { ListingPopupCard } from './listing-popup-card';
import { Marker, Popup } from './map-parts';

interface ExplorerMapProps {
  /** Where the search is centred (the position, or the place chosen). */
  centre: MapPoint;
  /** The centre is the user's own position (« Vous êtes ici ») rather than a place. */
  centreIsHere: boolean;
  properties: readonly PropertyCard_PropertyFragment[];
}

/**
 * The Explorer's map: the centre of the search, a price marker per listing (purple rentals, blue sales), a popup
 * with « Voir les détails »; refitted when the listings change.
 */
export default function ExplorerMap({ centre, centreIsHere, properties }: ExplorerMapProps) {
  const map = useRef<MapRef>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const located = useMemo(() => validPoints(properties.map((p) => ({ ...p }))), [properties]);
  const selected = located.find((p) => p.id === selectedId) ?? null;
  // Markers that would overlap are drawn as one « N biens » that zooms in on them, as on the other maps.
  const { groups, onLoad, onZoomEnd } = useMarkerGroups(located);
  const [initial] = useState(() => ({ latitude: centre.latitude, longitude: centre.longitude, zoom: 14 }));

  const key = `${centre.latitude},${centre.longitude}:${located.map((p) => p.id).join(',')}`;
  useEffect(() => {
    const bounds = boundsOf([centre, ...located]);
    if (!map.current || !bounds) return;
    if (located.length) map.current.fitBounds(bounds, { padding: 50, maxZoom: 16 });
    else map.current.flyTo({ center: [centre.longitude, centre.latitude], zoom: 14 });
    // The key stands for the centre and the listings: refit only when one of them changes.
  }, [key]);

  return (
    <BaseMap
      ref={map}
      label="Carte des biens"
      className="base-map--history"
      initialViewState={initial}
      onLoad={onLoad}
      onZoomEnd={onZoomEnd}
    >
      <Marker latitude={centre.latitude} longitude={centre.longitude} anchor="center">
        <span
          className="you-are-here"
          role="img"
          aria-label={centreIsHere ? 'Vous êtes ici' : 'Lieu choisi'}
          title={centreIsHere ? 'Vous êtes ici' : 'Lieu choisi'}
        />
      </Marker>
      {groups.map(({ points, latitude, longitude }) => {
        const property = points[0];
        if (points.length > 1)
          return (
            <ClusterMarker
              key={`cluster-${property.id}`}
              points={points}
              latitude={latitude}
              longitude={longitude}
              map={map}
            />
          );
        return (
          <Marker
            key={property.id}
            latitude={property.latitude}
            longitude={property.longitude}
            anchor="bottom"
            onClick={(event) => {
              event.originalEvent.stopPropagation();
              setSelectedId(property.id);
            }}
          >
            <button
              type="button"
              className={`price-marker price-marker--${property.isRental ? 'rent' : 'sale'}`}
              aria-label={`${property.title}, ${formatPrice(property.price, property.isRental, property.currency)}${
                property.formerPrice != null ? ', prix en baisse' : ''
              }`}
            >
              {formatCompactPrice(property.price)}
            </button>
          </Marker>
        );
      })}
      {selected && (
        <Popup
          latitude={selected.latitude}
          longitude={selected.longitude}
          maxWidth="260px"
          closeButton
          closeOnClick={false}
          onClose={() => setSelectedId(null)}
        >
          <ListingPopupCard property={selected} />
        </Popup>
      )}
    </BaseMap>
  );
}
