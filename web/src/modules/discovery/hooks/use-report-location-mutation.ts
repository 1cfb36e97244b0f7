import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { ReportLocationDocument } from '../../../gql/graphql';
import type { PositionReport } from '../lib/location-tracking';

/**
 * Sends one live position fix (reportLocation, with its client id). New discoveries reach the cache through the
 * discoveryAdded subscription; the answer itself is only logged.
 */
export function useReportLocationMutation() {
  const [mutate] = useMutation(ReportLocationDocument);

  return useCallback(
    async (report: PositionReport) => {
      const { data } = await mutate({ variables: report });
      const found = data?.reportLocation.newDiscoveries ?? [];
      if (found.length > 0) console.info(`${found.length} nouvelle(s) découverte(s)`, found);
      return data?.reportLocation;
    },
    [mutate],
  );
}
