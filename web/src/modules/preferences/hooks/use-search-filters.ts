import { useQuery } from '@apollo/client/react';
import { DEFAULT_SEARCH_FILTERS, type TSearchFilters } from '@flaneur/schema';
import { useEffect, useMemo } from 'react';
import { PreferencesDocument } from '../../../gql/graphql';
import { useMe } from '../../auth/hooks/use-me';
import { readStoredFilters, storeFilters, toSearchFilters } from '../lib/search-filters';

/**
 * The user's saved search criteria: the server's copy, shown at once from the local copy while it
 * loads; the defaults when signed out.
 */
export function useSearchFilters(): { filters: TSearchFilters; loading: boolean; signedIn: boolean } {
  const { user } = useMe();
  const { data, loading } = useQuery(PreferencesDocument, { skip: !user });
  const userId = user?.id ?? null;
  const server = useMemo(() => (data ? toSearchFilters(data.preferences.searchFilters) : null), [data]);
  const local = useMemo(() => (userId ? readStoredFilters(userId) : null), [userId]);

  useEffect(() => {
    if (userId && server) storeFilters(userId, server);
  }, [userId, server]);

  return {
    filters: server ?? local ?? DEFAULT_SEARCH_FILTERS,
    loading: loading && !local,
    signedIn: Boolean(user),
  };
}
