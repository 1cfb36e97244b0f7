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
}

/** « N biens »: listings whose price markers would overlap at this zoom; a tap zooms in until they stand apart. */
export function ClusterMarker({ points, latitude, longitude, map }: ClusterMarkerProps) {
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
        aria-label={`${points.length} biens ici (${points.map((p) => p.title).join(', ')}) : zoomer pour les voir`}
      >
        {points.length} biens
      </button>
    </Marker>
  );
}
