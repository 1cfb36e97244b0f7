import { InMemoryCache } from '@apollo/client';

/**
 * The normalized cache. Every entity exposes an `id`, so the default keys apply; field policies for
 * lists (history, conversations…) come with their features.
 */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Query: {
        fields: {
          // `me` is a singleton of the session: replacing it (login, logout) is always safe.
          me: { merge: false },
          // Lists of non-normalized items (HistoryItem, FavoriteItem): the latest answer or cache write
          // replaces the list (one per `since`).
          history: { merge: false },
          favorites: { merge: false },
          // The user's alert settings (no id): each answer or write holds all of them.
          notificationSettings: { merge: false },
        },
      },
      // A listing's photos (no id): each answer holds all of them, in order.
      Property: { fields: { photos: { merge: false } } },
    },
  });
}
