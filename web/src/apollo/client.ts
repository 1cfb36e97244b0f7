import { ApolloClient } from '@apollo/client';
import { createCache } from './cache';
import { createLink } from './links';

/**
 * The app's Apollo Client. Results never go stale (cache-first), no refetch on window focus
 * (Apollo has none), no polling (no pollInterval anywhere), no retries (no RetryLink). Live updates
 * arrive by subscription and update the cache.
 */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: createLink(),
    cache: createCache(),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-first', nextFetchPolicy: 'cache-first' },
      query: { fetchPolicy: 'cache-first' },
    },
  });
}
