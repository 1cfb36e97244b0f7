import { isNativePlatform } from '../../../components/platform/capacitor';
import { createBrowserPositionSource } from './browser-position-source';
import { TRACKING_MESSAGES } from './tracking-messages';

/** One position as a source delivers it (the tracker turns it into a fix to send). */
export interface SourceFix {
  latitude: number;
  longitude: number;
  /** Metres; 0 when the source gives none. */
  accuracy: number;
  /** Epoch milliseconds of the fix. */
  timestamp: number;
}

/** What a source tells the tracker. Every message is the tracker's French text, ready to show. */
export interface PositionHandlers {
  onFix: (fix: SourceFix) => void;
  /** A transient failure (no signal, timeout): tracking stays on as "lost" while the source retries. */
  onLost: (message: string) => void;
  /**
   * A failure that ends tracking (refused permission, unsupported, cannot start); `denied` when the browser or
   * the phone refused the location permission (the app then says how to allow it again).
   */
  onFail: (message: string, reason?: 'denied') => void;
}

/**
 * Where positions come from: the browser's watchPosition, or the native shell's background watcher.
 * start() arms the source (a refusal arrives through onFail, possibly synchronously); stop() releases
 * it, also what a previous page load left armed; both may be called at any time.
 */
export interface PositionSource {
  isSupported(): boolean;
  start(handlers: PositionHandlers): void;
  stop(): void;
  /** Test helper: forgets every internal state (ids, timers, backoff). */
  reset(): void;
}

/**
 * The native source loads only in the Capacitor shell: the plugin bridge (@capacitor/core) stays out
 * of the browsers' first-load bundle.
 */
function createLazyNativePositionSource(): PositionSource {
  let loaded: PositionSource | null = null;
  let wanted: PositionHandlers | null = null;
  const load = () =>
    import('./native-position-source').then(({ createNativePositionSource }) => {
      loaded ??= createNativePositionSource();
      return loaded;
    });
  return {
    isSupported: () => true,
    start(handlers) {
      wanted = handlers;
      load().then(
        (source) => {
          if (wanted === handlers) source.start(handlers);
        },
        (error: unknown) =>
          handlers.onFail(TRACKING_MESSAGES.startFailed(error instanceof Error ? error.message : String(error))),
      );
    },
    stop() {
      wanted = null;
      loaded?.stop();
    },
    reset() {
      wanted = null;
      loaded?.reset();
    },
  };
}

let browserSource: PositionSource | null = null;
let nativeSource: PositionSource | null = null;

/** The source for this platform: the background watcher in the native shell, watchPosition elsewhere. */
export function positionSource(): PositionSource {
  if (isNativePlatform()) return (nativeSource ??= createLazyNativePositionSource());
  return (browserSource ??= createBrowserPositionSource());
}
