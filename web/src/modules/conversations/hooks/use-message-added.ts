import { useSubscription } from '@apollo/client/react';
import { MessageAddedDocument, type MessageFieldsFragment } from '../../../gql/graphql';
import { appendMessage } from '../lib/append-message';

/** New messages of the open conversation arrive live (messageAdded) and join the cached thread. */
export function useMessageAdded(
  conversationId: string,
  enabled: boolean,
  onMessage?: (message: MessageFieldsFragment) => void,
): void {
  useSubscription(MessageAddedDocument, {
    variables: { conversationId },
    skip: !enabled,
    onData: ({ client, data }) => {
      const message = data.data?.messageAdded;
      if (!message) return;
      appendMessage(client.cache, conversationId, message);
      onMessage?.(message);
    },
  });
}
