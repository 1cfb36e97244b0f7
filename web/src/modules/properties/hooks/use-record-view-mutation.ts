import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { RecordViewDocument, type PropertyCard_PropertyFragment } from '../../../gql/graphql';
import { writeHistoryItem } from '../../history/lib/history-cache';

/**
 * Records that the user opened a listing: the entry turns "Déjà vu" (normalized by id) and
 * moves to the top of the cached Découvertes, or joins them when it is new. Failures are only logged.
 */
export function useRecordViewMutation() {
  const [mutate] = useMutation(RecordViewDocument);

  return useCallback(
    async (property: PropertyCard_PropertyFragment) => {
      try {
        await mutate({
          variables: { propertyId: property.id },
          update: (cache, { data }) => {
            if (data) writeHistoryItem(cache, { __typename: 'HistoryItem', entry: data.recordView, property });
          },
        });
      } catch (error) {
        console.error('Enregistrement de la consultation impossible', error);
      }
    },
    [mutate],
  );
}
