import { safeStorage } from './local-storage';
import { STORAGE_KEYS } from './storage-keys';

/**
 * Turns background discovery off (SPEC §4, on logout or on a tracking error): persists
 * 'false', clears the position watch when a numeric watch id is stored, and forgets the id.
 */
export function stopLocationTracking(): void {
  safeStorage.set(STORAGE_KEYS.locationTrackingEnabled, 'false');
  const raw = safeStorage.get(STORAGE_KEYS.locationTrackingWatchId);
  const watchId = raw === null ? Number.NaN : Number(raw);
  if (raw !== null && raw.trim() !== '' && Number.isFinite(watchId)) {
    try {
      navigator.geolocation?.clearWatch(watchId);
    } catch (error) {
      // SPEC §8: errors stopping the position watch are only logged.
      console.error('Erreur lors de l’arrêt du suivi de position', error);
    }
  }
  safeStorage.remove(STORAGE_KEYS.locationTrackingWatchId);
}
