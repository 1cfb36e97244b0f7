import { createContext, forwardRef, use, useContext, useMemo, type ReactNode } from 'react';
import type { MapProps, MapRef } from 'react-map-gl/maplibre';
import type { MapRenderer } from './map-renderer';
import '../map.css';

// The renderer is chosen at build: with a Mapbox token mapbox-gl, else maplibre-gl on TILE_URL. Only the configured
// one is bundled (__MAPBOX_ACCESS_TOKEN__ is a literal once built) and it loads in its own chunk with this module.
let loaded: MapRenderer | null = null;
const loading: Promise<MapRenderer> = (
  __MAPBOX_ACCESS_TOKEN__ ? import('./mapbox-renderer') : import('./maplibre-renderer')
).then((module) => (loaded = module.renderer));

/** The configured renderer; suspends until its chunk has loaded (the lazy map wrappers show the fallback). */
export function useMapRenderer(): MapRenderer {
  return loaded ?? use(loading);
}

const RendererContext = createContext<MapRenderer | null>(null);

/** The renderer of the enclosing BaseMap (map-parts.tsx): markers and layers must come from the map's library. */
export function useEnclosingRenderer(): MapRenderer {
  const renderer = useContext(RendererContext);
  if (!renderer) throw new Error('Map parts (Marker, Popup, Source, Layer) render inside a BaseMap');
  return renderer;
}

type BaseMapProps = Omit<MapProps, 'mapStyle' | 'workerUrl' | 'mapLib'> & {
  /** Names the map region for assistive tech. */
  label: string;
  className?: string;
  children?: ReactNode;
};

/**
 * The one map component: maplibre-gl on raster tiles (TILE_URL, 256 px), or mapbox-gl with a Mapbox style when the
 * web is built with MAPBOX_ACCESS_TOKEN; zoom buttons; its controls speak French. Only lazy chunks import this
 * file, so the map library never weighs on the first screen. Children take Marker, Popup, Source and Layer from
 * map-parts.tsx.
 */
export const BaseMap = forwardRef<MapRef, BaseMapProps>(function BaseMap(
  { label, className = '', children, ...props },
  ref,
) {
  const renderer = useMapRenderer();
  const rendererProps = useMemo(() => renderer.mapProps(), [renderer]);
  const { Map, NavigationControl } = renderer;
  return (
    <div className={`base-map ${className}`} role="region" aria-label={label} data-renderer={renderer.name}>
      <RendererContext.Provider value={renderer}>
        <Map
          ref={ref}
          {...rendererProps}
          style={{ width: '100%', height: '100%' }}
          dragRotate={false}
          touchPitch={false}
          {...props}
        >
          <NavigationControl position="top-right" showCompass={false} />
          {children}
        </Map>
      </RendererContext.Provider>
    </div>
  );
});
