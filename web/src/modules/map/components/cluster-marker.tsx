import { LIMITS } from '@flaneur/schema';
import type { RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { CLUSTER_MAX_ZOOM, type ClusterPoint } from '../lib/cluster-markers';
import { boundsOf } from '../lib/map-config';
import { Marker } from './map-parts';

interface ClusterMarkerProps {
  /** The grouped listings' positions and titles (named for screen readers). */
  points: readonly (ClusterPoint & { title: string })[];
  latitude: number;
  longitude: number;
  map: RefObject<MapRef | null>;
  /** What the points are, plural (« biens » by default; « ventes » for recorded sales). */
  noun?: string;
}

/**
 * « N biens » (or « N ventes »): points whose markers would overlap at this zoom; a tap zooms in until they stand
 * apart.
 */
export function ClusterMarker({ points, latitude, longitude, map, noun = 'biens' }: ClusterMarkerProps) {
  const bounds = boundsOf(points);
  return (
    <Marker
      latitude={latitude}
      longitude={longitude}
      anchor="bottom"
      onClick={(event) => {
        event.originalEvent.stopPropagation();
        if (bounds) map.current?.fitBounds(bounds, { padding: LIMITS.mapBoundsPadding * 2, maxZoom: CLUSTER_MAX_ZOOM });
      }}
    >
      <button
        type="button"
        className="price-marker price-marker--cluster"
        aria-label={`${points.length} ${noun} ici (${points.map((p) => p.title).join(', ')}) : zoomer pour les voir`}
      >
        {points.length} {noun}
      </button>
    </Marker>
  );
}
