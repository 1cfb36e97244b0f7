import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { ReportLocationsDocument } from '../../../gql/graphql';
import type { FixReport } from '../lib/fix-delivery';

/**
 * Replays fixes kept while offline (reportLocations, oldest first). Their discoveries were made on the
 * server while no subscription could carry them: the cached Découvertes lists are dropped, and those on
 * screen load again.
 */
export function useReportLocationsMutation() {
  const [mutate] = useMutation(ReportLocationsDocument);
  const client = useApolloClient();

  return useCallback(
    async (fixes: FixReport[]) => {
      const { data } = await mutate({ variables: { fixes } });
      const report = data?.reportLocations;
      if (report && report.discovered > 0) {
        console.info(`${report.discovered} nouvelle(s) découverte(s)`);
        await client.refetchQueries({
          updateCache: (cache) => {
            cache.evict({ id: 'ROOT_QUERY', fieldName: 'history' });
          },
        });
      }
      return report;
    },
    [mutate, client],
  );
}
