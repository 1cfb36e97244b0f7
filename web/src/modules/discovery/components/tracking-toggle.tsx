import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useHydrated } from '../../../components/client-only';
import { Switch } from '../../../components/switch';
import { GEOLOCATION_UNSUPPORTED } from '../../../lib/geolocation';
import { useLocationTracking } from '../hooks/use-location-tracking';
import '../tracking.css';

// Shown only after a refusal: kept out of the first load.
const PermissionDeniedHelp = lazy(() =>
  import('./permission-denied-help').then((m) => ({ default: m.PermissionDeniedHelp })),
);

const OFF_HINT = 'Activez-le pour découvrir les biens autour de vous en marchant.';

/**
 * The background-discovery switch (starts or stops the position tracking); off by default. The tracker reads the
 * device (geolocation, Capacitor, local storage): on the server and while hydrating, the card is painted with its
 * switch off and disabled, then the live switch takes its place.
 */
export function TrackingToggle() {
  return useHydrated() ? <LiveTrackingToggle /> : <TrackingCard checked={false} hint={OFF_HINT} disabled />;
}

function LiveTrackingToggle() {
  const tracking = useLocationTracking();
  const checked = tracking.running || tracking.status === 'explaining';

  const hint = !tracking.supported
    ? GEOLOCATION_UNSUPPORTED
    : tracking.status === 'on'
      ? "Actif : les biens autour de vous s'ajoutent à vos découvertes."
      : tracking.status === 'lost'
        ? 'Signal GPS perdu : nouvelle tentative en cours…'
        : tracking.status === 'starting'
          ? 'Recherche de votre position…'
          : OFF_HINT;

  return (
    <TrackingCard checked={checked} hint={hint} disabled={!tracking.supported} onToggle={tracking.setEnabled}>
      {tracking.status === 'off' && tracking.denied && (
        <Suspense fallback={null}>
          <PermissionDeniedHelp onRetry={tracking.start} />
        </Suspense>
      )}
    </TrackingCard>
  );
}

interface TrackingCardProps {
  checked: boolean;
  hint: string;
  disabled: boolean;
  onToggle?: (next: boolean) => void;
  children?: ReactNode;
}

function TrackingCard({ checked, hint, disabled, onToggle = () => undefined, children }: TrackingCardProps) {
  const labelId = useId();
  const hintId = useId();
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
        <Switch checked={checked} labelledBy={labelId} describedBy={hintId} disabled={disabled} onToggle={onToggle} />
      </div>
      {children}
    </section>
  );
}
