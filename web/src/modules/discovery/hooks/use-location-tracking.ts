import { useSyncExternalStore } from 'react';
import { locationTracker, type TrackingState } from '../lib/location-tracking';

/** The tracker's state plus the actions a control needs (dashboard toggle, profile Paramètres tab). */
export interface LocationTracking extends TrackingState {
  /** True while tracking is switched on (starting, receiving positions, or waiting for the signal). */
  running: boolean;
  /** False when the browser has no geolocation. */
  supported: boolean;
  /** Asks to turn tracking on: the one-time explanation first, then the browser's permission prompt. */
  start: () => void;
  stop: () => void;
  /** Turns tracking on or off (what a switch calls). */
  setEnabled: (on: boolean) => void;
}

/** Background discovery: one tracker for the tab, shared by every control that shows it. */
export function useLocationTracking(): LocationTracking {
  const state = useSyncExternalStore(
    locationTracker.subscribe,
    locationTracker.getSnapshot,
    locationTracker.getSnapshot,
  );
  const running = state.status === 'starting' || state.status === 'on' || state.status === 'lost';
  return {
    ...state,
    running,
    supported: locationTracker.isSupported(),
    start: locationTracker.requestStart,
    stop: locationTracker.stop,
    setEnabled: (on) => (on ? locationTracker.requestStart() : locationTracker.stop()),
  };
}
