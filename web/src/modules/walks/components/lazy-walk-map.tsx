import { lazy, Suspense, type ComponentProps } from 'react';
import '../../map/map.css';

// The map library loads only when the walk screen shows its map.
const WalkMap = lazy(() => import('./walk-map'));

/** The walk screen's map, loaded on demand. */
export function LazyWalkMap(props: ComponentProps<typeof WalkMap>) {
  return (
    <Suspense
      fallback={
        <div className="base-map base-map--loading base-map--history" role="status">
          <span className="visually-hidden">Chargement de la carte…</span>
        </div>
      }
    >
      <WalkMap {...props} />
    </Suspense>
  );
}
