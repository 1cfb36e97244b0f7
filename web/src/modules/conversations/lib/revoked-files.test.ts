import { InMemoryCache } from '@apollo/client';
import { ConversationThreadDocument, type ConversationThreadQuery } from '../../../gql/graphql';
import { buildAttachedFile, buildMessage, paul } from '../conversations.fixtures';
import { appendMessage } from './append-message';
import { markFileRevoked, markFilesGranted } from './revoked-files';

const vars = { id: '5' };
/** A cache holding conversation 5 with the given messages, as the thread query answered it. */
function cacheWith(messages: ReturnType<typeof buildMessage>[]) {
  const cache = new InMemoryCache();
  // With __typename, as the gateway answers (the generated types require it: codegen.yml).
  const data: ConversationThreadQuery = {
    conversation: {
      __typename: 'ConversationThread',
      conversation: { __typename: 'Conversation', id: '5', propertyId: null, lastActivityAt: '2025-03-04T09:15:00Z' },
      participant: paul,
      property: null,
      propertyTitle: 'Annonce supprimée',
      messages,
      trustWarning: null,
      documentsWarning: null,
    },
  };
  cache.writeQuery({ query: ConversationThreadDocument, variables: vars, data });
  return cache;
}
/** revokedFileIds of each cached message, by message id. */
const revokedOf = (cache: InMemoryCache) =>
  Object.fromEntries(
    cache
      .readQuery({ query: ConversationThreadDocument, variables: vars })!
      .conversation.messages.map((m) => [m.id, m.revokedFileIds]),
  );
const mine = (id: string, fileIds: string[], revokedFileIds: string[] = []) =>
  buildMessage({
    id,
    senderId: '1',
    attachedFileIds: fileIds,
    attachedFiles: fileIds.map((f) => buildAttachedFile(f)),
    revokedFileIds,
  });

describe('revoked documents in the cached thread', () => {
  it('should mark a revoked document on every cached message that carries it, once', () => {
    const cache = cacheWith([mine('100', ['3', '4']), mine('101', []), mine('102', ['3'], ['3'])]);

    markFileRevoked(cache, '5', '3');

    expect(revokedOf(cache)).toEqual({ '100': ['3'], '101': [], '102': ['3'] });
  });

  it('should clear documents granted again, and leave the others revoked', () => {
    const cache = cacheWith([mine('100', ['3', '4'], ['3', '4'])]);

    markFilesGranted(cache, '5', ['4']);

    expect(revokedOf(cache)).toEqual({ '100': ['3'] });
  });

  it('should grant again the documents of an appended message, but not when the same message comes back later', () => {
    const cache = cacheWith([mine('100', ['3'], ['3'])]);
    const again = mine('101', ['3']);

    appendMessage(cache, '5', again);
    expect(revokedOf(cache)).toEqual({ '100': [], '101': [] });

    // Revoked again before the subscription echoes the sent message: the echo changes nothing.
    markFileRevoked(cache, '5', '3');
    appendMessage(cache, '5', again);
    expect(revokedOf(cache)).toEqual({ '100': ['3'], '101': ['3'] });
  });
});
