import { DEFAULT_TILE_URL } from '../lib/map-config';

/** Jest stand-in for lib/tile-url.ts (import.meta.env does not exist under CommonJS). */
export const TILE_URL = DEFAULT_TILE_URL;
