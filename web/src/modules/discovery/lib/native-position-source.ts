import type { BackgroundGeolocationPlugin, CallbackError, Location } from '@capacitor-community/background-geolocation';
import { registerPlugin } from '@capacitor/core';
import { positionErrorMessage } from '../../../lib/geolocation';
import type { PositionHandlers, PositionSource } from './position-source.types';
import { TRACKING_MESSAGES } from './tracking-messages';

/** The background watcher's options: a persistent French notification keeps it alive in the background. */
export const NATIVE_WATCHER_OPTIONS = {
  backgroundMessage: 'Flâneur découvre les biens autour de vous',
  backgroundTitle: 'Découverte en marchant',
  requestPermissions: true,
  stale: false,
  distanceFilter: 25,
} as const;

/** The plugin's error codes, as the browser's GeolocationPositionError codes the French texts know. */
const ERROR_CODES: Record<string, number> = {
  // Refused permission, or location turned off in the system settings: tracking turns off.
  NOT_AUTHORIZED: 1,
};
const POSITION_UNAVAILABLE = 2;

/** The French message of a plugin error, and whether it ends tracking. */
export function nativeErrorMessage(error: CallbackError): { message: string; fatal: boolean } {
  const code = (error.code && ERROR_CODES[error.code]) || POSITION_UNAVAILABLE;
  return { message: TRACKING_MESSAGES.watchFailed(positionErrorMessage({ code })), fatal: code === 1 };
}

/**
 * The Capacitor shell's background watcher (@capacitor-community/background-geolocation): positions
 * keep coming with the screen off, behind a foreground-service notification. Loaded only in the shell.
 */
export function createNativePositionSource(
  plugin: BackgroundGeolocationPlugin = registerPlugin<BackgroundGeolocationPlugin>('BackgroundGeolocation'),
): PositionSource {
  let handlers: PositionHandlers | null = null;
  let watcherId: Promise<string | null> | null = null;

  function remove(pending: Promise<string | null> | null): void {
    void pending?.then((id) => {
      if (id === null) return;
      return plugin.removeWatcher({ id }).catch((error: unknown) => {
        // Errors stopping the position watch are only logged.
        console.error("Erreur lors de l'arrêt du suivi de position", error);
      });
    });
  }

  function onLocation(current: PositionHandlers, location?: Location, error?: CallbackError): void {
    if (handlers !== current) return;
    if (error) {
      const { message, fatal } = nativeErrorMessage(error);
      if (fatal) current.onFail(message, 'denied');
      else current.onLost(message);
      return;
    }
    if (!location) return;
    current.onFix({
      latitude: location.latitude,
      longitude: location.longitude,
      accuracy: Number.isFinite(location.accuracy) ? location.accuracy : 0,
      timestamp: location.time || Date.now(),
    });
  }

  return {
    isSupported: () => true,
    start(next) {
      remove(watcherId);
      handlers = next;
      watcherId = plugin
        .addWatcher(NATIVE_WATCHER_OPTIONS, (location, error) => onLocation(next, location, error))
        .catch((error: unknown) => {
          if (handlers === next)
            next.onFail(TRACKING_MESSAGES.startFailed(error instanceof Error ? error.message : String(error)));
          return null;
        });
    },
    stop() {
      handlers = null;
      remove(watcherId);
      watcherId = null;
    },
    reset() {
      handlers = null;
      watcherId = null;
    },
  };
}
