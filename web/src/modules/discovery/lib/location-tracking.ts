import { readJson, safeStorage } from '../../../lib/local-storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { fixOutbox } from './fix-outbox';
import { fixDelivery, newClientId, type BatchSender, type FixReport, type FixSender } from './fix-delivery';
import { positionSource } from './position-source';
import type { PositionHandlers, SourceFix } from './position-source.types';
import { TRACKING_MESSAGES } from './tracking-messages';

export { RETRY_DELAYS_MS, WATCH_OPTIONS } from './browser-position-source';
export { TRACKING_MESSAGES } from './tracking-messages';

/**
 * off → (explaining →) starting → on. "starting" lasts until the first fix: the browser may still be
 * asking for permission. A transient failure (position unavailable, timeout) goes to "lost": tracking
 * stays switched on and the source re-arms itself until a fix comes back. Only a refused permission,
 * an unsupported browser, a watch that cannot start or the user's stop go back to off.
 */
export type TrackingStatus = 'off' | 'explaining' | 'starting' | 'on' | 'lost';

/** The last position received, for the indicator. */
export type TrackingFix = SourceFix;

/** What the tracker exposes to React (one immutable object per change). */
export interface TrackingState {
  status: TrackingStatus;
  /** The last failure, in French; cleared by the next start. */
  error: string | null;
  /** True when the last start ended on a refused location permission (cleared by the next start). */
  denied: boolean;
  /** Whether the browser says it is online (fixes taken offline wait on the device). */
  online: boolean;
  /** Fixes waiting on the device to be sent (IndexedDB outbox). */
  kept: number;
  lastFix: TrackingFix | null;
}

/** One fix as sent to the server (reportLocation, with the client id given when it was taken). */
export type PositionReport = FixReport;

/** Sends a live fix to the server; injected by the React runtime (Apollo lives there). */
export type PositionReporter = FixSender;

type Listener = () => void;
type ErrorListener = (message: string) => void;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
const initialState = (): TrackingState => ({
  status: 'off',
  error: null,
  denied: false,
  online: browserOnline(),
  kept: 0,
  lastFix: null,
});

let state: TrackingState = initialState();
const listeners = new Set<Listener>();
const errorListeners = new Set<ErrorListener>();

function setState(patch: Partial<TrackingState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

/** Reads how many fixes wait on the device (after each keep, send or replay). */
async function refreshKept(): Promise<void> {
  const kept = await fixOutbox.count().catch(() => state.kept);
  if (kept !== state.kept) setState({ kept });
}

/** The user id comes from userData (the server identifies the user by the session). */
function knownUserId(): string | null {
  const user = readJson<{ id?: unknown }>(STORAGE_KEYS.userData);
  return user && (typeof user.id === 'string' || typeof user.id === 'number') ? String(user.id) : null;
}

function onFix(fix: SourceFix): void {
  setState({ status: 'on', error: null, lastFix: fix });
  const userId = knownUserId();
  if (!userId) {
    // Skipped silently (logged) when no user is identified: nothing is kept either.
    console.info(TRACKING_MESSAGES.noUser);
    return;
  }
  const { latitude, longitude, accuracy, timestamp } = fix;
  void fixDelivery
    .deliver(
      {
        clientId: newClientId(),
        latitude,
        longitude,
        accuracy,
        timestamp: new Date(timestamp).toISOString(),
        time: timestamp,
      },
      userId,
    )
    .then(refreshKept);
}

function onLost(message: string): void {
  console.warn(TRACKING_MESSAGES.signalLost, message);
  setState({ status: 'lost', error: message });
}

/** Tracking turns off on a tracking error. */
function fail(message: string, reason?: 'denied'): void {
  positionSource().stop();
  safeStorage.set(STORAGE_KEYS.locationTrackingEnabled, 'false');
  setState({ status: 'off', error: message, denied: reason === 'denied' });
  errorListeners.forEach((listener) => listener(message));
}

const handlers: PositionHandlers = { onFix, onLost, onFail: fail };
let liveSender: FixSender | null = null;
let batchSender: BatchSender | null = null;

function connectSenders(): void {
  fixDelivery.setSenders({ one: liveSender, batch: batchSender });
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
  /** Live fixes go through this sender (reportLocation); without it, they wait in the outbox. */
  setReporter(next: PositionReporter | null): void {
    liveSender = next;
    connectSenders();
  },
  /** Kept fixes are replayed through this sender (reportLocations), oldest first. */
  setBatchReporter(next: BatchSender | null): void {
    batchSender = next;
    connectSenders();
  },
  /** Replays the fixes kept while offline (back online, app visible or resumed); nothing when signed out. */
  flushBacklog(): Promise<boolean> {
    const userId = knownUserId();
    if (!userId) return Promise.resolve(false);
    const flushed = fixDelivery.flush(userId);
    void flushed.then(refreshKept, refreshKept);
    return flushed;
  },
  /** The browser went offline or came back (the indicator says when fixes are only kept). */
  setOnline(online: boolean): void {
    if (online !== state.online) setState({ online });
  },
  isSupported(): boolean {
    return positionSource().isSupported();
  },
  /** Whether tracking is switched on (persisted across page loads). */
  isEnabled(): boolean {
    return safeStorage.get(STORAGE_KEYS.locationTrackingEnabled) === 'true';
  },
  /** The user's wish to turn tracking on: the one-time explanation first, then the browser's prompt. */
  requestStart(): void {
    if (!positionSource().isSupported()) {
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
  /** Starts the position source (watchPosition or the shell's watcher) and persists the switch. */
  start(): void {
    const source = positionSource();
    if (!source.isSupported()) {
      fail(TRACKING_MESSAGES.unsupported);
      return;
    }
    source.stop();
    setState({ status: 'starting', error: null, denied: false });
    source.start(handlers);
    if (state.status === 'off') return; // the source refused at once (fail already ran)
    safeStorage.set(STORAGE_KEYS.locationTrackingEnabled, 'true');
  },
  /** At app start: picks tracking up again when it was left on. */
  resume(): void {
    if (state.status === 'off' && locationTracker.isEnabled()) locationTracker.start();
  },
  /** Turns tracking off: persists 'false' and releases the source (the watch and its stored id). */
  stop(): void {
    safeStorage.set(STORAGE_KEYS.locationTrackingEnabled, 'false');
    positionSource().stop();
    if (state.status !== 'off') setState({ status: 'off' });
  },
  /** Test helper: back to the initial state, forgetting the senders. */
  reset(): void {
    positionSource().reset();
    liveSender = null;
    batchSender = null;
    connectSenders();
    state = initialState();
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

/** Forgets the fixes kept for later (sign-out, account deletion): they must not outlive the session. */
export function forgetKeptFixes(): Promise<void> {
  return fixDelivery.clear();
}
