import { useSubscription } from '@apollo/client/react';
import { ConversationRowFragmentDoc, ConversationUpdatedDocument } from '../../../gql/graphql';

/**
 * Keeps the conversation list live (conversationUpdated): the changed row is written to the cache
 * (a new conversation joins the list) and the unread total follows.
 */
export function useConversationUpdates(): void {
  useSubscription(ConversationUpdatedDocument, {
    onData: ({ client, data }) => {
      const update = data.data?.conversationUpdated;
      if (!update) return;
      const { cache } = client;
      const ref = cache.writeFragment({
        fragment: ConversationRowFragmentDoc,
        fragmentName: 'ConversationRow',
        data: update.conversation,
      });
      cache.modify({
        fields: {
          conversations: (existing, { readField }) => {
            if (!Array.isArray(existing) || !ref) return existing;
            const known = existing.some((item) => readField('id', item) === update.conversation.id);
            return known ? existing : [ref, ...existing];
          },
          unreadMessageCount: () => update.unreadMessageCount,
        },
      });
    },
  });
}
