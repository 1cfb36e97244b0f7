import type { ApolloCache } from '@apollo/client';
import { ConversationThreadDocument, type MessageFieldsFragment } from '../../../gql/graphql';

type Messages = MessageFieldsFragment[];

/** Rewrites the cached thread's messages (no-op when the thread is not cached). */
function updateMessages(cache: ApolloCache, conversationId: string, update: (messages: Messages) => Messages): void {
  cache.updateQuery({ query: ConversationThreadDocument, variables: { id: conversationId } }, (data) => {
    if (!data) return data;
    return { conversation: { ...data.conversation, messages: update(data.conversation.messages) } };
  });
}

/**
 * After revokeTenantFileAccess: the access is per conversation, so every cached message of the thread that
 * carries the document now lists it in revokedFileIds, as the server answers from then on.
 */
export function markFileRevoked(cache: ApolloCache, conversationId: string, fileId: string): void {
  updateMessages(cache, conversationId, (messages) =>
    messages.map((m) =>
      m.attachedFileIds.includes(fileId) && !m.revokedFileIds.includes(fileId)
        ? { ...m, revokedFileIds: [...m.revokedFileIds, fileId] }
        : m,
    ),
  );
}

/** Attaching documents again grants them again in the conversation: earlier messages stop listing them as revoked. */
export function markFilesGranted(cache: ApolloCache, conversationId: string, fileIds: readonly string[]): void {
  if (fileIds.length === 0) return;
  updateMessages(cache, conversationId, (messages) =>
    messages.map((m) =>
      m.revokedFileIds.some((id) => fileIds.includes(id))
        ? { ...m, revokedFileIds: m.revokedFileIds.filter((id) => !fileIds.includes(id)) }
        : m,
    ),
  );
}
