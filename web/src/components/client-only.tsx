import { useEffect, useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and during hydration, true afterwards (and at once in a screen the client renders itself).
 * What reads `window`, `navigator`, local storage, the device clock or draws a map renders only once it is true, so
 * that the client's first render matches the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** Its children render only in the browser, after hydration (see useHydrated); `fallback` before. */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}

/**
 * Marks the document once the app has mounted or hydrated (`<html data-hydrated="true">`): from then on React listens
 * to the page, and a tap on server-painted markup reaches its handler (or is replayed once its part hydrates). Before,
 * the markup is readable but inert; the journeys wait for the mark before they act, as a reader waits for a page.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
