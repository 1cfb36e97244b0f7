import { useMutation } from '@apollo/client/react';
import { PreferencesDocument, SavePreferencesDocument } from '../../../gql/graphql';

/**
 * After a registration: saves the criteria chosen while signed out to the new account, then forgets the device
 * copy. A failure only loses the copy's transfer, never the registration. The criteria code (zod, number
 * formats) is loaded then: /auth does not download it up front.
 */
export function useAdoptGuestFilters() {
  const [mutate] = useMutation(SavePreferencesDocument);

  return async (userId: string): Promise<void> => {
    const [{ readGuestFilters }, { fromServerFilters, storeFilters, storeGuestFilters }] = await Promise.all([
      import('../lib/parse-search-filters'),
      import('../lib/search-filters'),
    ]);
    const guest = readGuestFilters();
    if (!guest) return;
    try {
      const { data } = await mutate({
        variables: { searchFilters: guest },
        update: (cache, { data: result }) => {
          if (result) cache.writeQuery({ query: PreferencesDocument, data: { preferences: result.savePreferences } });
        },
      });
      storeFilters(userId, data ? fromServerFilters(data.savePreferences.searchFilters) : guest);
      storeGuestFilters(null);
    } catch (error) {
      console.warn('[preferences] criteria chosen before registration not saved', error);
    }
  };
}
