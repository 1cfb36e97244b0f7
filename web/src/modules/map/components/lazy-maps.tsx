import { lazy, Suspense, type ComponentProps } from 'react';
import '../map.css';

// The map library loads only when a map is shown: these wrappers are the only way in.
const HistoryMap = lazy(() => import('./history-map'));
const LocationMap = lazy(() => import('./location-map'));
const ExplorerMap = lazy(() => import('./explorer-map'));
const PlacementMap = lazy(() => import('./placement-map'));

function MapFallback({ className }: { className: string }) {
  return (
    <div className={`base-map base-map--loading ${className}`} role="status">
      <span className="visually-hidden">Chargement de la carte…</span>
    </div>
  );
}

/** The Découvertes map, loaded on demand. */
export function LazyHistoryMap(props: ComponentProps<typeof HistoryMap>) {
  return (
    <Suspense fallback={<MapFallback className="base-map--history" />}>
      <HistoryMap {...props} />
    </Suspense>
  );
}

/** The detail screen's small map, loaded on demand. */
export function LazyLocationMap(props: ComponentProps<typeof LocationMap>) {
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
