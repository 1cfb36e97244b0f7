/// <reference types="vite/client" />

/** The Mapbox public token the web was built with (MAPBOX_ACCESS_TOKEN), or '': maplibre-gl on TILE_URL then. */
declare const __MAPBOX_ACCESS_TOKEN__: string;
/** The Mapbox style the web was built with (MAPBOX_STYLE_URL), or '' for the default one. */
declare const __MAPBOX_STYLE_URL__: string;
