import 'mapbox-gl/dist/mapbox-gl.css';
import MapGL, { Layer, Marker, NavigationControl, Popup, Source } from 'react-map-gl/mapbox';
import { DEFAULT_MAPBOX_STYLE_URL, MAP_LOCALE_FR } from '../lib/map-config';
import type { MapRenderer } from './map-renderer';

/** mapbox-gl with a Mapbox style, labels in French: the renderer when the web is built with MAPBOX_ACCESS_TOKEN. */
export const renderer: MapRenderer = {
  name: 'mapbox',
  Map: MapGL as unknown as MapRenderer['Map'],
  Marker: Marker as unknown as MapRenderer['Marker'],
  Popup: Popup as unknown as MapRenderer['Popup'],
  Source: Source as unknown as MapRenderer['Source'],
  Layer: Layer as unknown as MapRenderer['Layer'],
  NavigationControl: NavigationControl as MapRenderer['NavigationControl'],
  mapProps: () => ({
    mapStyle: __MAPBOX_STYLE_URL__ || DEFAULT_MAPBOX_STYLE_URL,
    mapboxAccessToken: __MAPBOX_ACCESS_TOKEN__,
    language: 'fr',
    locale: MAP_LOCALE_FR,
  }),
};
