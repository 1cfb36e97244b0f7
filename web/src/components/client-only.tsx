import { useSyncExternalStore, type ReactNode } from 'react';

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
