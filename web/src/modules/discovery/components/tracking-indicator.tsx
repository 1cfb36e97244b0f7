import type { TrackingStatus } from '../lib/location-tracking';

interface TrackingIndicatorProps {
  status: TrackingStatus;
  onStop: () => void;
}

const TEXTS: Partial<Record<TrackingStatus, string>> = {
  on: 'Suivi de position actif',
  lost: 'Signal GPS perdu',
};

/**
 * Always visible while the position is tracked, with a way to stop it. While it shows, the shell
 * reserves its room at the bottom of every screen (--tracking-indicator-space).
 */
export function TrackingIndicator({ status, onStop }: TrackingIndicatorProps) {
  return (
    <div className={`tracking-indicator tracking-indicator--${status}`} role="status">
      <span className="tracking-indicator__dot" aria-hidden="true" />
      <span className="tracking-indicator__text">{TEXTS[status] ?? 'Recherche de votre position…'}</span>
      <button type="button" className="tracking-indicator__stop" onClick={onStop}>
        Arrêter
      </button>
    </div>
  );
}
