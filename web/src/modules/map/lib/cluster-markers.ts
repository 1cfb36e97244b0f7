/** A point to place on the map. */
export interface ClusterPoint {
  latitude: number;
  longitude: number;
}

/** Markers drawn as one: their points and where the group stands (their mean position). */
export interface MarkerCluster<T extends ClusterPoint> {
  points: T[];
  latitude: number;
  longitude: number;
}

/**
 * How close two price markers may stand before they overlap, in screen pixels: a price pill is about 60 px wide and
 * 28 px high.
 */
export const MARKER_GAP = { x: 64, y: 32 } as const;

/** Web Mercator position in pixels at a zoom (256-px tiles, as the maps draw them). */
function project({ latitude, longitude }: ClusterPoint, zoom: number) {
  const scale = 256 * 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  return {
    x: ((longitude + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/**
 * Groups the points whose markers would overlap at this zoom (greedy, in the given order: a point joins the first
 * group whose first point is within MARKER_GAP of it). A group of one is a marker of its own.
 */
export function clusterMarkers<T extends ClusterPoint>(points: readonly T[], zoom: number): MarkerCluster<T>[] {
  const groups: { seed: { x: number; y: number }; points: T[] }[] = [];
  for (const point of points) {
    const at = project(point, zoom);
    const group = groups.find(
      (g) => Math.abs(g.seed.x - at.x) < MARKER_GAP.x && Math.abs(g.seed.y - at.y) < MARKER_GAP.y,
    );
    if (group) group.points.push(point);
    else groups.push({ seed: at, points: [point] });
  }
  return groups.map(({ points: members }) => ({
    points: members,
    latitude: members.reduce((sum, p) => sum + p.latitude, 0) / members.length,
    longitude: members.reduce((sum, p) => sum + p.longitude, 0) / members.length,
  }));
}

/** From this zoom every marker stands alone (listings in one building stay apart). */
export const CLUSTER_MAX_ZOOM = 18;

/**
 * The markers to draw at `zoom`: overlapping ones grouped (clusterMarkers), each alone before the zoom is known (the
 * map not loaded yet) and from CLUSTER_MAX_ZOOM.
 */
export function groupMarkers<T extends ClusterPoint>(points: readonly T[], zoom: number | null): MarkerCluster<T>[] {
  if (zoom === null || zoom >= CLUSTER_MAX_ZOOM)
    return points.map((p) => ({ points: [p], latitude: p.latitude, longitude: p.longitude }));
  return clusterMarkers(points, zoom);
}
