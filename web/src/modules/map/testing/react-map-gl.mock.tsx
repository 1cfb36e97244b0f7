import { forwardRef, useImperativeHandle, type MouseEvent, type ReactNode } from 'react';

// Jest stand-in for react-map-gl/maplibre: plain DOM that keeps markers, popups and their content
// testable (jsdom has no WebGL canvas).

interface MockMapProps {
  children?: ReactNode;
  initialViewState?: unknown;
  scrollZoom?: boolean;
  locale?: Record<string, string>;
  onLoad?: () => void;
}

/** Records the props of the last map rendered, for assertions. */
export const lastMapProps: { current: MockMapProps | null } = { current: null };

/** Records the camera moves asked of the map (flyTo, fitBounds), for assertions; tests empty it. */
export const mapCameraCalls: { flyTo: unknown[]; fitBounds: unknown[] } = { flyTo: [], fitBounds: [] };

const MockMap = forwardRef<unknown, MockMapProps>(function MockMap(props, ref) {
  lastMapProps.current = props;
  useImperativeHandle(ref, () => ({
    fitBounds: (...args: unknown[]) => void mapCameraCalls.fitBounds.push(args),
    flyTo: (...args: unknown[]) => void mapCameraCalls.flyTo.push(args),
  }));
  return (
    <div data-testid="map" data-scroll-zoom={String(props.scrollZoom ?? true)}>
      {props.children}
    </div>
  );
});

export default MockMap;
export { MockMap as Map };

interface MockMarkerProps {
  children?: ReactNode;
  latitude: number;
  longitude: number;
  onClick?: (event: { originalEvent: MouseEvent }) => void;
}

export function Marker({ children, latitude, longitude, onClick }: MockMarkerProps) {
  return (
    <div
      data-testid="map-marker"
      data-position={`${latitude},${longitude}`}
      onClick={(event) => onClick?.({ originalEvent: event })}
    >
      {children}
    </div>
  );
}

export function Popup({ children }: { children?: ReactNode }) {
  return <div data-testid="map-popup">{children}</div>;
}

export function NavigationControl() {
  return null;
}

export function AttributionControl() {
  return null;
}
