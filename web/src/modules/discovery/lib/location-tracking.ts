import { LIMITS } from '@flaneur/schema';
import { GEOLOCATION_UNSUPPORTED, positionErrorMessage } from '../../../lib/geolocation';
import { readJson, safeStorage } from '../../../lib/local-storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

/**
 * off → (explaining →) starting → on. "starting" lasts until the first fix: the browser may still be
 * asking for permission. A transient failure (position unavailable, timeout) goes to "lost": tracking
 * stays switched on and the watch is re-armed with a backoff until a fix comes back. Only a refused
 * permission, an unsupported browser, a watch that cannot start or the user's stop go back to off.
 */
export type TrackingStatus = 'off' | 'explaining' | 'starting' | 'on' | 'lost';

/** The last position received, for the indicator. */
export interface TrackingFix {
  latitude: number;
  longitude: number;
  accuracy: number;
  /** Epoch milliseconds of the fix. */
  timestamp: number;
}

/** What the tracker exposes to React (one immutable object per change). */
export interface TrackingState {
  status: TrackingStatus;
  /** The last failure, in French; cleared by the next start. */
  error: string | null;
  lastFix: TrackingFix | null;
}

/** One fix as sent to the server (reportLocation). */
export interface PositionReport {
  latitude: number;
  longitude: number;
  accuracy: number;
  timestamp: string;
}

/** Sends a fix to the server; injected by the React runtime (Apollo lives there). */
export type PositionReporter = (report: PositionReport) => Promise<unknown>;

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

/** The French tracking texts, word for word (the unsupported-browser one is our own wording). */
export const TRACKING_MESSAGES = {
  unsupported: GEOLOCATION_UNSUPPORTED,
  startFailed: (message: string) => `Impossible de démarrer le suivi de position: ${message}`,
  watchFailed: (message: string) => `Erreur de suivi: ${message}`,
  saveFailed: "Erreur lors de l'enregistrement de la position",
  signalLost: 'Signal GPS perdu',
  noUser: 'Position non enregistrée : aucun utilisateur identifié',
} as const;

type Listener = () => void;
type ErrorListener = (message: string) => void;

let state: TrackingState = { status: 'off', error: null, lastFix: null };
let watchId: number | null = null;
let reporter: PositionReporter | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryDelay: number = RETRY_DELAYS_MS.first;
const listeners = new Set<Listener>();
const errorListeners = new Set<ErrorListener>();

function setState(patch: Partial<TrackingState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

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

/** The user id comes from userData (the server identifies the user by the session). */
function knownUserId(): string | null {
  const user = readJson<{ id?: unknown }>(STORAGE_KEYS.userData);
  return user && (typeof user.id === 'string' || typeof user.id === 'number') ? String(user.id) : null;
}

function onFix(position: GeolocationPosition): void {
  const { latitude, longitude, accuracy } = position.coords;
  const fix: TrackingFix = {
    latitude,
    longitude,
    accuracy: Number.isFinite(accuracy) ? accuracy : 0,
    timestamp: position.timestamp || Date.now(),
  };
  cancelRetry();
  retryDelay = RETRY_DELAYS_MS.first;
  setState({ status: 'on', error: null, lastFix: fix });
  if (!knownUserId()) {
    // Skipped silently (logged) when no user is identified.
    console.info(TRACKING_MESSAGES.noUser);
    return;
  }
  const send = reporter;
  if (!send) return;
  send({ latitude, longitude, accuracy: fix.accuracy, timestamp: new Date(fix.timestamp).toISOString() }).catch(
    (error: unknown) => {
      // A failed save is logged and swallowed; tracking goes on.
      console.error(TRACKING_MESSAGES.saveFailed, error);
    },
  );
}

/**
 * A watch failure: a refused permission turns tracking off; anything else (no signal, timeout) keeps
 * it on as "lost" and re-arms the watch after a growing delay (a fix resets the delay).
 */
function onWatchError(error: GeolocationPositionError): void {
  const message = TRACKING_MESSAGES.watchFailed(positionErrorMessage(error));
  if (error?.code === PERMISSION_DENIED) {
    fail(message);
    return;
  }
  console.warn(TRACKING_MESSAGES.signalLost, message);
  setState({ status: 'lost', error: message });
  if (retryTimer !== null) return;
  const delay = retryDelay;
  retryDelay = Math.min(retryDelay * 2, RETRY_DELAYS_MS.max);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (state.status === 'lost') watch();
  }, delay);
}

/** (Re)arms the position watch and stores its id; false when it could not start. */
function watch(): boolean {
  const geo = geolocation();
  if (!geo) {
    fail(TRACKING_MESSAGES.unsupported);
    return false;
  }
  if (watchId !== null) clearWatch(watchId);
  watchId = null;
  try {
    watchId = geo.watchPosition(onFix, onWatchError, WATCH_OPTIONS);
  } catch (error) {
    fail(TRACKING_MESSAGES.startFailed(error instanceof Error ? error.message : String(error)));
    return false;
  }
  if (state.status === 'off') return false; // the error callback already ran (synchronously)
  if (typeof watchId === 'number') safeStorage.set(STORAGE_KEYS.locationTrackingWatchId, String(watchId));
  return true;
}

/** Tracking turns off on a tracking error. */
function fail(message: string): void {
  clearAnyWatch();
  safeStorage.set(STORAGE_KEYS.locationTrackingEnabled, 'false');
  setState({ status: 'off', error: message });
  errorListeners.forEach((listener) => listener(message));
}

/** Background discovery: one tracker per tab, outside React so logout can stop it. */
export const locationTracker = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): TrackingState {
    return state;
  },
  /** Called with the French text of every failure (the runtime toasts it). */
  onError(listener: ErrorListener): () => void {
    errorListeners.add(listener);
    return () => errorListeners.delete(listener);
  },
  setReporter(next: PositionReporter | null): void {
    reporter = next;
  },
  isSupported(): boolean {
    return geolocation() !== null;
  },
  /** Whether tracking is switched on (persisted across page loads). */
  isEnabled(): boolean {
    return safeStorage.get(STORAGE_KEYS.locationTrackingEnabled) === 'true';
  },
  /** The user's wish to turn tracking on: the one-time explanation first, then the browser's prompt. */
  requestStart(): void {
    if (!geolocation()) {
      fail(TRACKING_MESSAGES.unsupported);
      return;
    }
    if (safeStorage.get(STORAGE_KEYS.locationTrackingExplained) !== 'true') {
      setState({ status: 'explaining', error: null });
      return;
    }
    locationTracker.start();
  },
  /** The user read the explanation and accepts: never shown again. */
  confirmExplanation(): void {
    safeStorage.set(STORAGE_KEYS.locationTrackingExplained, 'true');
    locationTracker.start();
  },
  cancelExplanation(): void {
    if (state.status === 'explaining') setState({ status: 'off' });
  },
  /** Starts the position watch (WATCH_OPTIONS) and persists the switch and the watch id. */
  start(): void {
    const geo = geolocation();
    if (!geo) {
      fail(TRACKING_MESSAGES.unsupported);
      return;
    }
    clearAnyWatch();
    retryDelay = RETRY_DELAYS_MS.first;
    setState({ status: 'starting', error: null });
    if (!watch()) return;
    safeStorage.set(STORAGE_KEYS.locationTrackingEnabled, 'true');
  },
  /** At app start: picks tracking up again when it was left on. */
  resume(): void {
    if (state.status === 'off' && locationTracker.isEnabled()) locationTracker.start();
  },
  /** Turns tracking off: persists 'false', clears the watch, forgets its id. */
  stop(): void {
    safeStorage.set(STORAGE_KEYS.locationTrackingEnabled, 'false');
    clearAnyWatch();
    if (state.status !== 'off') setState({ status: 'off' });
  },
  /** Test helper: back to the initial state, forgetting the reporter. */
  reset(): void {
    cancelRetry();
    retryDelay = RETRY_DELAYS_MS.first;
    watchId = null;
    reporter = null;
    state = { status: 'off', error: null, lastFix: null };
    listeners.forEach((listener) => listener());
  },
};

/**
 * Turns background discovery off (on logout or on a tracking error): persists
 * 'false', clears the position watch when a numeric watch id is stored, and forgets the id.
 */
export function stopLocationTracking(): void {
  locationTracker.stop();
}
