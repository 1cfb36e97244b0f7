import { lazy, Suspense, useId } from 'react';
import { Switch } from '../../../components/switch';
import { GEOLOCATION_UNSUPPORTED } from '../../../lib/geolocation';
import { useLocationTracking } from '../hooks/use-location-tracking';
import '../tracking.css';

// Shown only after a refusal: kept out of the first load.
const PermissionDeniedHelp = lazy(() =>
  import('./permission-denied-help').then((m) => ({ default: m.PermissionDeniedHelp })),
);

/** The background-discovery switch (starts or stops the position tracking); off by default. */
export function TrackingToggle() {
  const tracking = useLocationTracking();
  const labelId = useId();
  const hintId = useId();
  const checked = tracking.running || tracking.status === 'explaining';

  const hint = !tracking.supported
    ? GEOLOCATION_UNSUPPORTED
    : tracking.status === 'on'
      ? "Actif : les biens autour de vous s'ajoutent à vos découvertes."
      : tracking.status === 'lost'
        ? 'Signal GPS perdu : nouvelle tentative en cours…'
        : tracking.status === 'starting'
          ? 'Recherche de votre position…'
          : 'Activez-le pour découvrir les biens autour de vous en marchant.';

  return (
    <section className="card tracking-toggle" aria-labelledby={labelId}>
      <div className="tracking-toggle__row">
        <div className="tracking-toggle__text">
          <h2 id={labelId} className="card__title">
            Découverte en marchant
          </h2>
          <p id={hintId} className="tracking-toggle__hint">
            {hint}
          </p>
        </div>
        <Switch
          checked={checked}
          labelledBy={labelId}
          describedBy={hintId}
          disabled={!tracking.supported}
          onToggle={tracking.setEnabled}
        />
      </div>
      {tracking.status === 'off' && tracking.denied && (
        <Suspense fallback={null}>
          <PermissionDeniedHelp onRetry={tracking.start} />
        </Suspense>
      )}
    </section>
  );
}
