import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import MapGL, { Layer, Marker, NavigationControl, Popup, Source } from 'react-map-gl/maplibre';
import { MAP_LOCALE_FR, rasterStyle } from '../lib/map-config';
import { TILE_URL } from '../lib/tile-url';
import type { MapRenderer } from './map-renderer';

/** maplibre-gl on the raster tiles of TILE_URL (256 px): the renderer without a Mapbox token. */
export const renderer: MapRenderer = {
  name: 'maplibre',
  Map: MapGL as unknown as MapRenderer['Map'],
  Marker,
  Popup,
  Source,
  Layer,
  NavigationControl: NavigationControl as MapRenderer['NavigationControl'],
  mapProps: () => ({
    mapStyle: rasterStyle(TILE_URL),
    // maplibre-gl 6 finds its worker next to its own module file; a bundle moves it, so say where.
    workerUrl,
    locale: MAP_LOCALE_FR,
  }),
};
