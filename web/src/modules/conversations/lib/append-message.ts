import type { ApolloCache } from '@apollo/client';
import { ConversationThreadDocument, type MessageFieldsFragment } from '../../../gql/graphql';
import { markFilesGranted } from './revoked-files';

/**
 * Adds a message to the cached thread once (a sent message may also come back by subscription). The documents
 * it attaches are granted again, so earlier messages stop showing them as revoked.
 */
export function appendMessage(cache: ApolloCache, conversationId: string, message: MessageFieldsFragment): void {
  let added = false;
  cache.updateQuery({ query: ConversationThreadDocument, variables: { id: conversationId } }, (data) => {
    if (!data || data.conversation.messages.some((m) => m.id === message.id)) return data;
    added = true;
    return {
      conversation: {
        ...data.conversation,
        conversation: { ...data.conversation.conversation, lastActivityAt: message.sentAt },
        messages: [...data.conversation.messages, message],
      },
    };
  });
  if (added) markFilesGranted(cache, conversationId, message.attachedFileIds);
}
