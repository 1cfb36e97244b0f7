import { useQuery } from '@apollo/client/react';
import { DEFAULT_SEARCH_FILTERS, type TSearchFilters } from '@flaneur/schema';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { PreferencesDocument } from '../../../gql/graphql';
import { useMe } from '../../auth/hooks/use-me';
import {
  guestFiltersSnapshot,
  parseGuestFilters,
  readStoredFilters,
  storeFilters,
  subscribeGuestFilters,
  toSearchFilters,
} from '../lib/search-filters';

/**
 * The user's saved search criteria: the server's copy, shown at once from the local copy while it
 * loads; when signed out, the criteria kept on this device (else the defaults).
 */
export function useSearchFilters(): { filters: TSearchFilters; loading: boolean; signedIn: boolean } {
  const { user } = useMe();
  const { data, loading } = useQuery(PreferencesDocument, { skip: !user });
  const userId = user?.id ?? null;
  const server = useMemo(() => (data ? toSearchFilters(data.preferences.searchFilters) : null), [data]);
  const local = useMemo(() => (userId ? readStoredFilters(userId) : null), [userId]);
  const guestRaw = useSyncExternalStore(subscribeGuestFilters, guestFiltersSnapshot);
  const guest = useMemo(() => (userId ? null : parseGuestFilters(guestRaw)), [userId, guestRaw]);

  useEffect(() => {
    if (userId && server) storeFilters(userId, server);
  }, [userId, server]);

  return {
    filters: server ?? local ?? guest ?? DEFAULT_SEARCH_FILTERS,
    loading: loading && !local,
    signedIn: Boolean(user),
  };
}
