import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { forwardRef, useMemo, type ReactNode } from 'react';
import MapGL, { NavigationControl, type MapProps, type MapRef } from 'react-map-gl/maplibre';
import { MAP_LOCALE_FR, rasterStyle } from '../lib/map-config';
import { TILE_URL } from '../lib/tile-url';
import '../map.css';

type BaseMapProps = Omit<MapProps, 'mapStyle' | 'workerUrl'> & {
  /** Names the map region for assistive tech. */
  label: string;
  className?: string;
  children?: ReactNode;
};

/**
 * A MapLibre map on raster tiles (TILE_URL, 256 px), with zoom buttons; its controls speak French. Only lazy chunks import this
 * file, so the map library never weighs on the first screen.
 */
export const BaseMap = forwardRef<MapRef, BaseMapProps>(function BaseMap(
  { label, className = '', children, ...props },
  ref,
) {
  const style = useMemo(() => rasterStyle(TILE_URL), []);
  return (
    <div className={`base-map ${className}`} role="region" aria-label={label}>
      <MapGL
        ref={ref}
        mapStyle={style}
        // maplibre-gl 6 finds its worker next to its own module file; a bundle moves it, so say where.
        workerUrl={workerUrl}
        style={{ width: '100%', height: '100%' }}
        dragRotate={false}
        touchPitch={false}
        locale={MAP_LOCALE_FR}
        {...props}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {children}
      </MapGL>
    </div>
  );
});
