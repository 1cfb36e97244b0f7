import { forwardRef, useImperativeHandle, type MouseEvent, type ReactNode } from 'react';

// Jest stand-in for react-map-gl/maplibre: plain DOM that keeps markers, popups and their content
// testable (jsdom has no WebGL canvas).

interface MockMapProps {
  children?: ReactNode;
  initialViewState?: unknown;
  scrollZoom?: boolean;
  locale?: Record<string, string>;
  onLoad?: () => void;
  onClick?: (event: { lngLat: { lng: number; lat: number } }) => void;
  mapStyle?: unknown;
  mapboxAccessToken?: string;
}

/** Records the props of the last map rendered, for assertions. */
export const lastMapProps: { current: MockMapProps | null } = { current: null };

/** Records the camera moves asked of the map (flyTo, fitBounds), for assertions; tests empty it. */
export const mapCameraCalls: { flyTo: unknown[]; fitBounds: unknown[] } = { flyTo: [], fitBounds: [] };

/** What the map shows, as its getCenter, getBounds and getZoom answer; tests set it (see moveMapTo). */
export interface MockView {
  center: { lat: number; lng: number };
  northEast: { lat: number; lng: number };
  southWest: { lat: number; lng: number };
  zoom: number;
}
const view: { current: MockView } = {
  current: {
    center: { lat: 48.8566, lng: 2.3522 },
    northEast: { lat: 48.8606, lng: 2.3582 },
    southWest: { lat: 48.8526, lng: 2.3462 },
    zoom: 15,
  },
};
/** The map's event listeners (on / off), by event name. */
const listeners = new Map<string, Set<() => void>>();

/** Moves the map to a view and reports the end of the move (moveend), as the map library does. */
export function moveMapTo(next: MockView): void {
  view.current = next;
  for (const listener of listeners.get('moveend') ?? []) listener();
}

const MockMap = forwardRef<unknown, MockMapProps>(function MockMap(props, ref) {
  lastMapProps.current = props;
  useImperativeHandle(ref, () => ({
    fitBounds: (...args: unknown[]) => void mapCameraCalls.fitBounds.push(args),
    flyTo: (...args: unknown[]) => void mapCameraCalls.flyTo.push(args),
    getCenter: () => view.current.center,
    getBounds: () => ({ getNorthEast: () => view.current.northEast, getSouthWest: () => view.current.southWest }),
    getZoom: () => view.current.zoom,
    on: (event: string, listener: () => void) => {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
    },
    off: (event: string, listener: () => void) => void listeners.get(event)?.delete(listener),
  }));
  return (
    <div data-testid="map" data-scroll-zoom={String(props.scrollZoom ?? true)}>
      {props.children}
    </div>
  );
});

export default MockMap;
export { MockMap as Map };

/** A tap (or click) on the last map rendered at a position, as the map library reports it. */
export function clickMap(lng: number, lat: number): void {
  lastMapProps.current?.onClick?.({ lngLat: { lng, lat } });
}

interface MockMarkerProps {
  children?: ReactNode;
  latitude: number;
  longitude: number;
  draggable?: boolean;
  onClick?: (event: { originalEvent: MouseEvent }) => void;
  onDragEnd?: (event: { lngLat: { lng: number; lat: number } }) => void;
}

/** The drag end handler of the last draggable marker rendered, for tests (see dragMarkerTo). */
const lastDraggable: { onDragEnd?: MockMarkerProps['onDragEnd'] } = {};

/** Drops the last draggable marker at a position, as the map library reports the end of a drag. */
export function dragMarkerTo(lng: number, lat: number): void {
  lastDraggable.onDragEnd?.({ lngLat: { lng, lat } });
}

export function Marker({ children, latitude, longitude, draggable, onClick, onDragEnd }: MockMarkerProps) {
  if (draggable) lastDraggable.onDragEnd = onDragEnd;
  return (
    <div
      data-testid="map-marker"
      data-position={`${latitude},${longitude}`}
      data-draggable={draggable ? 'true' : undefined}
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

export function Source({ children, id, data }: { children?: ReactNode; id?: string; data?: unknown }) {
  return (
    <div
      data-testid="map-source"
      data-source-id={id}
      data-geojson={data === undefined ? undefined : JSON.stringify(data)}
    >
      {children}
    </div>
  );
}

export function Layer() {
  return null;
}
