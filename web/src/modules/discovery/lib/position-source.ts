import { isNativePlatform } from '../../../components/platform/capacitor';
import { createBrowserPositionSource } from './browser-position-source';
import type { PositionHandlers, PositionSource } from './position-source.types';
import { TRACKING_MESSAGES } from './tracking-messages';

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
