import { DEFAULT_TILE_URL } from './map-config';

// Isolated: import.meta is Vite-only; jest maps this module to a stub (jest.config.cjs).
/** The {z}/{x}/{y} raster tile template (VITE_TILE_URL, else the public OpenStreetMap service). */
export const TILE_URL: string = import.meta.env.VITE_TILE_URL || DEFAULT_TILE_URL;
