import { useQuery } from '@apollo/client/react';
import { DEFAULT_SEARCH_FILTERS, type TSearchFilters } from '@flaneur/schema';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { PreferencesDocument } from '../../../gql/graphql';
import { useMe } from '../../auth/hooks/use-me';
import {
  fromServerFilters,
  guestFiltersSnapshot,
  hasStoredFilters,
  storeFilters,
  subscribeGuestFilters,
} from '../lib/search-filters';

type Parser = typeof import('../lib/parse-search-filters');

/*
 * The parser of the copies kept on this device (zod and the shared schema) loads only when there is a copy to read:
 * the dashboard's first load does without it, the server's criteria need no parsing.
 */
let parser: Parser | null = null;
let parserLoading: Promise<void> | null = null;
const parserListeners = new Set<() => void>();

function loadParser(): void {
  parserLoading ??= import('../lib/parse-search-filters').then(
    (module) => {
      parser = module;
      parserListeners.forEach((listener) => listener());
    },
    () => {
      parserLoading = null; // a failed download (offline) is tried again when a screen next needs a copy read
    },
  );
}

function subscribeParser(listener: () => void): () => void {
  parserListeners.add(listener);
  return () => parserListeners.delete(listener);
}

const noCopy = () => null;

/**
 * The user's saved search criteria: the server's copy, shown at once from the local copy while it
 * loads; when signed out, the criteria kept on this device (else the defaults).
 */
export function useSearchFilters(): { filters: TSearchFilters; loading: boolean; signedIn: boolean } {
  const { user } = useMe();
  const { data, loading } = useQuery(PreferencesDocument, { skip: !user });
  const userId = user?.id ?? null;
  const server = useMemo(() => (data ? fromServerFilters(data.preferences.searchFilters) : null), [data]);
  // The device's copies are read in the browser only: none on the server and while hydrating (the same markup).
  const guestRaw = useSyncExternalStore(subscribeGuestFilters, guestFiltersSnapshot, noCopy);
  const needsParser = !server && (userId ? hasStoredFilters(userId) : guestRaw !== null);
  const parse = useSyncExternalStore(subscribeParser, () => parser, noCopy);
  const local = useMemo(() => (userId && parse ? parse.readStoredFilters(userId) : null), [userId, parse]);
  const guest = useMemo(
    () => (!userId && parse ? parse.parseStoredFilters(guestRaw) : null),
    [userId, guestRaw, parse],
  );

  useEffect(() => {
    if (needsParser) loadParser();
  }, [needsParser]);

  useEffect(() => {
    if (userId && server) storeFilters(userId, server);
  }, [userId, server]);

  return {
    filters: server ?? local ?? guest ?? DEFAULT_SEARCH_FILTERS,
    loading: loading && !local,
    signedIn: Boolean(user),
  };
}
