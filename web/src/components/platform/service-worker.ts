import { isNativePlatform } from './capacitor';

/**
 * On the web a service worker is registered (web/public/sw.js). Not in the native shell,
 * which serves its own files, and not in development, where a worker would keep stale modules.
 */
export function registerServiceWorker(): void {
  if (isNativePlatform() || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // The app works without it; the failure is only logged.
      console.error("Erreur lors de l'enregistrement du service worker", error);
    });
  });
}
