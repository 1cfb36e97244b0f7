import { useSubscription } from '@apollo/client/react';
import { DiscoveryAddedDocument } from '../../../gql/graphql';
import { parisDay } from '../../../lib/format';
import { useMe } from '../../auth/hooks/use-me';
import { announceDiscovery } from '../lib/discovery-toasts';
import { writeHistoryItem } from '../lib/history-cache';
import { reportSubscriptionError } from '../../../apollo/subscription-errors';

/**
 * Live Découvertes: each discoveryAdded event (walking or simulated, to this user only) is written
 * into the cached history lists — no refetch, no polling — and announced (bursts in one toast).
 */
export function useDiscoveryAddedSubscription(): void {
  const { user } = useMe();
  useSubscription(DiscoveryAddedDocument, {
    skip: !user,
    onData: ({ client, data }) => {
      const item = data.data?.discoveryAdded;
      if (!item) return;
      writeHistoryItem(client.cache, item, parisDay());
      announceDiscovery(item.property.title);
    },
    onError: (error) => reportSubscriptionError('aux découvertes', error),
  });
}
