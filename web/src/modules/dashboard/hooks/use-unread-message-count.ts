import { useQuery, useSubscription } from '@apollo/client/react';
import { DashboardConversationUpdatedDocument, DashboardUnreadMessageCountDocument } from '../../../gql/graphql';
import { useMe } from '../../auth/hooks/use-me';

/**
 * Unread messages for the Messages tile: read once, then kept live by conversationUpdated (written
 * into the cache, no refetch, no polling). Undefined while unknown or signed out.
 */
export function useUnreadMessageCount(): number | undefined {
  const { user } = useMe();
  const { data } = useQuery(DashboardUnreadMessageCountDocument, { skip: !user });
  useSubscription(DashboardConversationUpdatedDocument, {
    skip: !user,
    onData: ({ client, data: event }) => {
      const count = event.data?.conversationUpdated.unreadMessageCount;
      if (typeof count === 'number') {
        client.cache.writeQuery({ query: DashboardUnreadMessageCountDocument, data: { unreadMessageCount: count } });
      }
    },
    onError: (error) => console.error('Abonnement aux conversations interrompu', error),
  });
  return user ? data?.unreadMessageCount : undefined;
}
