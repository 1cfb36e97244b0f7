// The contract between the tracker and its position sources, apart from the factory that picks one: the
// sources import it without importing each other through the factory.

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
