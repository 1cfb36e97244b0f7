import { LIMITS } from '@flaneur/schema';
import { useCallback, useState } from 'react';
import { GEOLOCATION_UNSUPPORTED, positionErrorMessage } from '../../../lib/geolocation';

/** A one-shot position: coordinates, or the French error ("Erreur: {message}"). */
export type PositionState =
  | { status: 'idle' | 'locating' }
  | { status: 'located'; latitude: number; longitude: number }
  | { status: 'error'; message: string };

/**
 * Asks the device for its current position once (high accuracy, 10 s timeout, no cached
 * position). Resolves the coordinates, or null after recording the error.
 */
export function useCurrentPosition() {
  const [state, setState] = useState<PositionState>({ status: 'idle' });

  const locate = useCallback((): Promise<{ latitude: number; longitude: number } | null> => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setState({ status: 'error', message: GEOLOCATION_UNSUPPORTED });
      return Promise.resolve(null);
    }
    setState({ status: 'locating' });
    return new Promise((resolve) => {
      navigator.geolocation.getCurrentPosition(
        ({ coords }) => {
          setState({ status: 'located', latitude: coords.latitude, longitude: coords.longitude });
          resolve({ latitude: coords.latitude, longitude: coords.longitude });
        },
        (error) => {
          setState({ status: 'error', message: `Erreur: ${positionErrorMessage(error)}` });
          resolve(null);
        },
        { enableHighAccuracy: true, timeout: LIMITS.positionTimeoutMs, maximumAge: 0 },
      );
    });
  }, []);

  return { state, locate };
}
