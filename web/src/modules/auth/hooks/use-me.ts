import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useSyncExternalStore } from 'react';
import { MeDocument } from '../../../gql/graphql';
import { clearSessionUser, storeSessionUser, type SessionUser } from '../lib/session-user';

/** The session: loading (unknown), then a user (signed in) or null (signed out). */
export interface MeState {
  user: SessionUser | null;
  loading: boolean;
}

interface MeStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => MeState;
}

/**
 * One watch of `me` per Apollo client, shared by every component that asks for the session (the shell, the bar, the
 * tracker, most screens: a few dozen at once). A `useQuery` each made as many watched queries, each diffed again on
 * every cache write, and as many copies to localStorage.
 */
const stores = new WeakMap<ApolloClient, MeStore>();

function meStore(client: ApolloClient): MeStore {
  const existing = stores.get(client);
  if (existing) return existing;
  const query = client.watchQuery({ query: MeDocument, fetchPolicy: 'cache-first' });
  type Result = ReturnType<typeof query.getCurrentResult>;
  // Partial data is never asked for: the user is there whole, or not at all.
  const userOf = (result: Result) => (result.dataState === 'complete' ? result.data.me : null);
  const stateOf = (result: Result): MeState => ({
    user: userOf(result),
    loading: result.loading && result.dataState !== 'complete',
  });
  let snapshot = stateOf(query.getCurrentResult());
  const listeners = new Set<() => void>();
  let subscription: { unsubscribe: () => void } | null = null;
  const store: MeStore = {
    subscribe(listener) {
      listeners.add(listener);
      subscription ??= query.subscribe({
        next: (result) => {
          // The localStorage `userData` copy follows answers only: a failed request says nothing about the session.
          if (!result.loading && !result.error) {
            const user = userOf(result);
            if (user) storeSessionUser(user);
            else clearSessionUser();
          }
          const next = stateOf(result);
          if (next.user === snapshot.user && next.loading === snapshot.loading) return;
          snapshot = next;
          listeners.forEach((notify) => notify());
        },
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        subscription?.unsubscribe();
        subscription = null;
      };
    },
    getSnapshot: () => snapshot,
  };
  stores.set(client, store);
  return store;
}

/**
 * Reads `me` (cache-first) and keeps the localStorage `userData` copy in step with it. On the server and while
 * hydrating, the same snapshot: the server writes the visitor's `me` into the cache it sends with the page.
 */
export function useMe(): MeState {
  const store = meStore(useApolloClient());
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
