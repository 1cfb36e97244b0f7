import type { TrackingStatus } from '../lib/location-tracking';

interface TrackingIndicatorProps {
  status: TrackingStatus;
  onStop: () => void;
}

/** Always visible while the position is tracked, with a way to stop it. */
export function TrackingIndicator({ status, onStop }: TrackingIndicatorProps) {
  return (
    <div className="tracking-indicator" role="status">
      <span className="tracking-indicator__dot" aria-hidden="true" />
      <span className="tracking-indicator__text">
        {status === 'on' ? 'Suivi de position actif' : 'Recherche de votre position…'}
      </span>
      <button type="button" className="tracking-indicator__stop" onClick={onStop}>
        Arrêter
      </button>
    </div>
  );
}
