import { LIMITS } from '@flaneur/schema';
import type { StyleSpecification } from 'maplibre-gl';

/** The public raster tile service used when VITE_TILE_URL is not set ({z}/{x}/{y}, 256 px). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The Mapbox style used when the web is built with a Mapbox token and no MAPBOX_STYLE_URL (classic, no WebAssembly). */
export const DEFAULT_MAPBOX_STYLE_URL = 'mapbox://styles/mapbox/streets-v12';

/** Attribution required by the tile service. */
export const TILE_ATTRIBUTION = '© OpenStreetMap';

/** The city centre a map shows when it has no point to show (Paris, Notre-Dame). */
export const DEFAULT_CENTER = { latitude: 48.8566, longitude: 2.3522 } as const;

/**
 * The map's own texts in French (MapLibre's `locale` option; the keys are those of its default
 * locale): the control buttons' names read by screen readers, tooltips and gesture hints.
 */
export const MAP_LOCALE_FR: Record<string, string> = {
  'AttributionControl.ToggleAttribution': 'Afficher les crédits',
  'AttributionControl.MapFeedback': 'Signaler une erreur sur la carte',
  'FullscreenControl.Enter': 'Plein écran',
  'FullscreenControl.Exit': 'Quitter le plein écran',
  'GeolocateControl.FindMyLocation': 'Me localiser',
  'GeolocateControl.LocationNotAvailable': 'Position indisponible',
  'LogoControl.Title': 'Logo MapLibre',
  'Map.Title': 'Carte',
  'Marker.Title': 'Repère',
  'NavigationControl.ResetBearing': "Réinitialiser l'orientation",
  'NavigationControl.ZoomIn': 'Zoomer',
  'NavigationControl.ZoomOut': 'Dézoomer',
  'Popup.Close': 'Fermer',
  'ScaleControl.Feet': 'ft',
  'ScaleControl.Meters': 'm',
  'ScaleControl.Kilometers': 'km',
  'ScaleControl.Miles': 'mi',
  'ScaleControl.NauticalMiles': 'nmi',
  'GlobeControl.Enable': 'Activer le globe',
  'GlobeControl.Disable': 'Désactiver le globe',
  'TerrainControl.Enable': 'Activer le relief',
  'TerrainControl.Disable': 'Désactiver le relief',
  'CooperativeGesturesHandler.WindowsHelpText': 'Utilisez Ctrl + molette pour zoomer sur la carte',
  'CooperativeGesturesHandler.MacHelpText': 'Utilisez ⌘ + molette pour zoomer sur la carte',
  'CooperativeGesturesHandler.MobileHelpText': 'Utilisez deux doigts pour déplacer la carte',
};

/** A MapLibre style made of one raster tile layer (no vector tiles, no token). */
export function rasterStyle(tileUrl: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      tiles: {
        type: 'raster',
        tiles: [tileUrl],
        tileSize: LIMITS.mapTileSize,
        attribution: TILE_ATTRIBUTION,
        maxzoom: 19,
      },
    },
    layers: [{ id: 'tiles', type: 'raster', source: 'tiles' }],
  };
}

/** A point on a map. */
export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** Points with usable coordinates only. */
export function validPoints<T extends MapPoint>(points: readonly T[]): T[] {
  return points.filter(
    (p) =>
      Number.isFinite(p.latitude) &&
      Number.isFinite(p.longitude) &&
      Math.abs(p.latitude) <= 90 &&
      Math.abs(p.longitude) <= 180,
  );
}

/** [[west, south], [east, north]] around the points; null when there are none. */
export function boundsOf(points: readonly MapPoint[]): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  const lats = points.map((p) => p.latitude);
  const lngs = points.map((p) => p.longitude);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

/**
 * Fit the bounds (padding 50) when there is more than one point, centre on a single point,
 * else the default centre; zoom 14 in the last two cases.
 */
export function initialView(points: readonly MapPoint[], zoom: number = LIMITS.historyMapZoom) {
  const bounds = points.length > 1 ? boundsOf(points) : null;
  if (bounds) return { bounds, fitBoundsOptions: { padding: LIMITS.mapBoundsPadding, maxZoom: 17 } };
  const centre = points[0] ?? DEFAULT_CENTER;
  return { latitude: centre.latitude, longitude: centre.longitude, zoom };
}
