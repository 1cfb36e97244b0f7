import { useMemo, useState } from 'react';
import { groupMarkers, type ClusterPoint, type MarkerCluster } from './cluster-markers';

/**
 * The markers of a map grouped at its current zoom (groupMarkers), with the handlers that follow the zoom: give
 * `onLoad` and `onZoomEnd` to the map. Until the map has loaded (its first view may be fitted bounds) none are grouped.
 */
export function useMarkerGroups<T extends ClusterPoint>(
  points: readonly T[],
): {
  groups: MarkerCluster<T>[];
  onLoad: (event: { target: { getZoom(): number } }) => void;
  onZoomEnd: (event: { viewState: { zoom: number } }) => void;
} {
  const [zoom, setZoom] = useState<number | null>(null);
  const groups = useMemo(() => groupMarkers(points, zoom), [points, zoom]);
  return {
    groups,
    onLoad: (event) => setZoom(event.target.getZoom()),
    onZoomEnd: (event) => setZoom(event.viewState.zoom),
  };
}
