import type { ApolloCache } from '@apollo/client';
import { ConversationThreadDocument, type MessageFieldsFragment } from '../../../gql/graphql';

/** Adds a message to the cached thread once (a sent message may also come back by subscription). */
export function appendMessage(cache: ApolloCache, conversationId: string, message: MessageFieldsFragment): void {
  cache.updateQuery({ query: ConversationThreadDocument, variables: { id: conversationId } }, (data) => {
    if (!data || data.conversation.messages.some((m) => m.id === message.id)) return data;
    return {
      conversation: {
        ...data.conversation,
        conversation: { ...data.conversation.conversation, lastActivityAt: message.sentAt },
        messages: [...data.conversation.messages, message],
      },
    };
  });
}
