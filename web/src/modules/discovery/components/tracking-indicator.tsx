import { MSG } from '@flaneur/schema';
import type { TrackingStatus } from '../lib/location-tracking';

interface TrackingIndicatorProps {
  status: TrackingStatus;
  /** Whether the browser is online; offline, the fixes are only kept on the device. */
  online: boolean;
  /** Fixes waiting on the device to be sent. */
  kept: number;
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
export function TrackingIndicator({ status, online, kept, onStop }: TrackingIndicatorProps) {
  const waiting = !online || kept > 0;
  const text = !online
    ? MSG.trackingOffline.replace('{n}', String(kept))
    : kept > 0
      ? MSG.trackingPending.replace('{n}', String(kept))
      : (TEXTS[status] ?? 'Recherche de votre position…');
  return (
    <div className={`tracking-indicator tracking-indicator--${waiting ? 'offline' : status}`} role="status">
      <span className="tracking-indicator__dot" aria-hidden="true" />
      <span className="tracking-indicator__text">{text}</span>
      <button type="button" className="tracking-indicator__stop" onClick={onStop}>
        Arrêter
      </button>
    </div>
  );
}
