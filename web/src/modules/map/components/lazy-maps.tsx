import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import '../map.css';
import { useHydrated } from '../../../components/client-only';
import { MapFallback } from './map-fallback';

// The map library loads only when a map is shown: these wrappers are the only way in.
// The saved criteria (their drawn zone) load with the Découvertes map, not with the list shown by default.
const HistoryMap = lazy(() => import('./history-map').then((module) => ({ default: module.HistoryMapWithSavedZone })));
const LocationMap = lazy(() => import('./location-map'));
const ExplorerMap = lazy(() => import('./explorer-map'));
const PlacementMap = lazy(() => import('./placement-map'));

/** How far below (or above) the viewport a deferred map starts loading: about a screen's scroll ahead. */
export const MAP_PRELOAD_MARGIN = '200px';

/**
 * True once the element comes within MAP_PRELOAD_MARGIN of the viewport, then for good. Without
 * IntersectionObserver (old browsers, jsdom) it is true at once: the map then loads as before.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: MAP_PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/** The Découvertes map, loaded on demand. */
export function LazyHistoryMap(props: ComponentProps<typeof HistoryMap>) {
  return (
    <Suspense fallback={<MapFallback className="base-map--history" />}>
      <HistoryMap {...props} />
    </Suspense>
  );
}

/**
 * The detail screen's small map, below the fold: the map library (its chunk, its parsing, the WebGL map) loads only
 * when the box comes near the viewport, so it costs nothing to the screen's first paint and main thread. Until then
 * the fallback holds the map's exact box, so nothing moves when it arrives.
 */
export function LazyLocationMap(props: ComponentProps<typeof LocationMap>) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  // The server and the hydrating client paint the box alone: the map is client-only.
  const hydrated = useHydrated();
  if (!near || !hydrated) return <MapFallback className="base-map--small" boxRef={box} />;
  return (
    <Suspense fallback={<MapFallback className="base-map--small" />}>
      <LocationMap {...props} />
    </Suspense>
  );
}

/** The listing form's map with a pin to place, loaded on demand. */
export function LazyPlacementMap(props: ComponentProps<typeof PlacementMap>) {
  return (
    <Suspense fallback={<MapFallback className="base-map--small" />}>
      <PlacementMap {...props} />
    </Suspense>
  );
}

/** The Explorer's map, loaded on demand. */
export function LazyExplorerMap(props: ComponentProps<typeof ExplorerMap>) {
  return (
    <Suspense fallback={<MapFallback className="base-map--history" />}>
      <ExplorerMap {...props} />
    </Suspense>
  );
}
