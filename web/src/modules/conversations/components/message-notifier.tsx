import { useSubscription } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../components/toaster/use-toast';
import { DashboardUnreadMessageCountDocument, UnreadMessagesUpdatedDocument } from '../../../gql/graphql';
import { displayName } from '../../../lib/display-name';
import { useMe } from '../../auth/hooks/use-me';
import { reportSubscriptionError } from '../../../apollo/subscription-errors';

/** Mounted once in the shell: keeps the unread total live and toasts a message arriving on another screen. */
export function MessageNotifier() {
  const { user } = useMe();
  return user ? <SignedInMessageNotifier key={user.id} /> : null;
}

function SignedInMessageNotifier() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const path = useRef(pathname);
  // Unread count of each conversation as last delivered: a rise is a new message from the other participant.
  const known = useRef(new Map<string, number>());

  useEffect(() => {
    path.current = pathname;
  }, [pathname]);

  useSubscription(UnreadMessagesUpdatedDocument, {
    onData: ({ client, data: event }) => {
      const update = event.data?.conversationUpdated;
      if (!update) return;
      client.cache.writeQuery({
        query: DashboardUnreadMessageCountDocument,
        data: { unreadMessageCount: update.unreadMessageCount },
      });
      const { id, unreadCount, participant, propertyTitle } = update.conversation;
      const before = known.current.get(id) ?? 0;
      known.current.set(id, unreadCount);
      const target = `/messages/${id}`;
      if (unreadCount <= before || path.current === target) return;
      toast({
        title: `Nouveau message de ${displayName(participant)}`,
        description: propertyTitle,
        action: { label: 'Voir', onClick: () => navigate(target) },
      });
    },
    onError: (error) => reportSubscriptionError('aux conversations', error),
  });
  return null;
}
