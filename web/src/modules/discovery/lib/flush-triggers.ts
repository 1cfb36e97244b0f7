import { capacitor, isNativePlatform } from '../../../components/platform/capacitor';

/**
 * Calls `flush` whenever kept fixes may go now: the browser is back online, the page becomes visible
 * again, or the native shell comes back to the foreground (App `resume`). Returns the unsubscribe.
 */
export function onFlushOccasion(flush: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'visible') flush();
  };
  window.addEventListener('online', flush);
  document.addEventListener('visibilitychange', onVisibility);

  let removeResume: (() => void) | null = null;
  let ended = false;
  const app = capacitor()?.Plugins?.App;
  if (isNativePlatform() && app) {
    void Promise.resolve(app.addListener('resume', flush)).then((handle) => {
      removeResume = () => void handle.remove();
      if (ended) removeResume();
    });
  }

  return () => {
    ended = true;
    window.removeEventListener('online', flush);
    document.removeEventListener('visibilitychange', onVisibility);
    removeResume?.();
  };
}
