import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { ConversationRowFragmentDoc, MarkConversationReadDocument } from '../../../gql/graphql';

/**
 * Marks the messages of a conversation addressed to the user as read when it is opened: the row's
 * unread count comes back normalized and the unread total drops by as much. Failures are only logged.
 */
export function useMarkConversationReadMutation() {
  const [mutate] = useMutation(MarkConversationReadDocument);

  return useCallback(
    async (conversationId: string): Promise<void> => {
      try {
        await mutate({
          variables: { conversationId },
          update: (cache, { data }) => {
            if (!data) return;
            const id = cache.identify({ __typename: 'ConversationSummary', id: conversationId });
            const before = id
              ? cache.readFragment({ id, fragment: ConversationRowFragmentDoc, fragmentName: 'ConversationRow' })
              : null;
            const read = Math.max(0, (before?.unreadCount ?? 0) - data.markConversationRead.unreadCount);
            if (read === 0) return;
            cache.modify({
              fields: { unreadMessageCount: (n) => (typeof n === 'number' ? Math.max(0, n - read) : n) },
            });
          },
        });
      } catch (error) {
        // Mark-as-read failures are only logged.
        console.error('Erreur lors du marquage des messages comme lus', error);
      }
    },
    [mutate],
  );
}
