import { LIMITS } from '@flaneur/schema';
import { positionErrorMessage } from '../../../lib/geolocation';
import { safeStorage } from '../../../lib/local-storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import type { PositionHandlers, PositionSource } from './position-source.types';
import { TRACKING_MESSAGES } from './tracking-messages';

/** GeolocationPositionError.PERMISSION_DENIED: the one watch error that ends tracking. */
const PERMISSION_DENIED = 1;

/** Re-arming delays after a transient failure: 2 s, doubling, at most 60 s. */
export const RETRY_DELAYS_MS = { first: 2_000, max: 60_000 } as const;

/** Position requests: high accuracy, 10000 ms timeout, no cached position. */
export const WATCH_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: LIMITS.positionTimeoutMs,
  maximumAge: 0,
};

function geolocation(): Geolocation | null {
  return typeof navigator !== 'undefined' && navigator.geolocation ? navigator.geolocation : null;
}

function clearWatch(id: number): void {
  try {
    geolocation()?.clearWatch(id);
  } catch (error) {
    // Errors stopping the position watch are only logged.
    console.error("Erreur lors de l'arrêt du suivi de position", error);
  }
}

/**
 * The browser's navigator.geolocation.watchPosition (WATCH_OPTIONS). Its id is kept in localStorage so
 * a later page load can clear it. A refused permission ends tracking; any other failure reports
 * "lost" and re-arms the watch after a growing delay (2 s doubling to 60 s, reset by the next fix).
 */
export function createBrowserPositionSource(): PositionSource {
  let handlers: PositionHandlers | null = null;
  let watchId: number | null = null;
  let lost = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryDelay: number = RETRY_DELAYS_MS.first;

  function cancelRetry(): void {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  }

  /** Clears the watch this tab holds, else the one a previous page load stored (numeric ids only). */
  function clearAnyWatch(): void {
    cancelRetry();
    if (watchId !== null) {
      clearWatch(watchId);
    } else {
      const raw = safeStorage.get(STORAGE_KEYS.locationTrackingWatchId);
      const stored = raw === null ? Number.NaN : Number(raw);
      if (raw !== null && raw.trim() !== '' && Number.isFinite(stored)) clearWatch(stored);
    }
    watchId = null;
    safeStorage.remove(STORAGE_KEYS.locationTrackingWatchId);
  }

  function onPosition(position: GeolocationPosition): void {
    const { latitude, longitude, accuracy } = position.coords;
    cancelRetry();
    retryDelay = RETRY_DELAYS_MS.first;
    lost = false;
    handlers?.onFix({
      latitude,
      longitude,
      accuracy: Number.isFinite(accuracy) ? accuracy : 0,
      timestamp: position.timestamp || Date.now(),
    });
  }

  function onWatchError(error: GeolocationPositionError): void {
    const message = TRACKING_MESSAGES.watchFailed(positionErrorMessage(error));
    if (error?.code === PERMISSION_DENIED) {
      handlers?.onFail(message, 'denied');
      return;
    }
    lost = true;
    handlers?.onLost(message);
    if (retryTimer !== null) return;
    const delay = retryDelay;
    retryDelay = Math.min(retryDelay * 2, RETRY_DELAYS_MS.max);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (handlers && lost) watch();
    }, delay);
  }

  /** (Re)arms the position watch and stores its id. */
  function watch(): void {
    const geo = geolocation();
    const current = handlers;
    if (!geo || !current) {
      current?.onFail(TRACKING_MESSAGES.unsupported);
      return;
    }
    if (watchId !== null) clearWatch(watchId);
    watchId = null;
    try {
      watchId = geo.watchPosition(onPosition, onWatchError, WATCH_OPTIONS);
    } catch (error) {
      current.onFail(TRACKING_MESSAGES.startFailed(error instanceof Error ? error.message : String(error)));
      return;
    }
    if (handlers !== current) return; // the error callback already ended it (synchronously)
    if (typeof watchId === 'number') safeStorage.set(STORAGE_KEYS.locationTrackingWatchId, String(watchId));
  }

  return {
    isSupported: () => geolocation() !== null,
    start(next) {
      clearAnyWatch();
      retryDelay = RETRY_DELAYS_MS.first;
      lost = false;
      handlers = next;
      watch();
    },
    stop() {
      handlers = null;
      lost = false;
      clearAnyWatch();
    },
    reset() {
      cancelRetry();
      handlers = null;
      lost = false;
      retryDelay = RETRY_DELAYS_MS.first;
      watchId = null;
    },
  };
}
