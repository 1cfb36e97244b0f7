import { useQuery } from '@apollo/client/react';
import { DashboardUnreadMessageCountDocument } from '../../../gql/graphql';
import { useMe } from '../../auth/hooks/use-me';

/**
 * Unread messages (home tile, bottom bar): read once, then kept live by the shell's conversationUpdated
 * subscription, which writes the total into the cache (no refetch, no polling). Undefined while unknown or
 * signed out.
 */
export function useUnreadMessageCount(): number | undefined {
  const { user } = useMe();
  const { data } = useQuery(DashboardUnreadMessageCountDocument, { skip: !user });
  return user ? data?.unreadMessageCount : undefined;
}
