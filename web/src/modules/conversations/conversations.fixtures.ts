import type { MockLink } from '@apollo/client/testing';
import type { DocumentNode } from 'graphql';
import type { ConversationRowFragment, MessageFieldsFragment } from '../../gql/graphql';

/** The other participant as the gateway answers it. */
export const paul = {
  __typename: 'PublicUser' as const,
  id: '2',
  username: 'paul',
  firstName: 'Paul',
  lastName: 'Martin',
  profilePicture: null,
};

/** A row of the conversation list. */
export function buildRow(overrides: Partial<ConversationRowFragment> = {}): ConversationRowFragment & {
  __typename: 'ConversationSummary';
} {
  return {
    __typename: 'ConversationSummary',
    id: '5',
    lastActivityAt: '2025-03-04T10:00:00.000Z',
    unreadCount: 2,
    propertyId: '10',
    propertyTitle: 'Appartement lumineux',
    warned: false,
    participant: paul,
    ...overrides,
  } as ConversationRowFragment & { __typename: 'ConversationSummary' };
}

/** A message of conversation 5. */
export function buildMessage(overrides: Partial<MessageFieldsFragment> = {}): MessageFieldsFragment & {
  __typename: 'Message';
} {
  return {
    __typename: 'Message',
    id: '100',
    conversationId: '5',
    senderId: '2',
    content: 'Bonjour, le bien est-il disponible ?',
    isRead: false,
    sentAt: '2025-03-04T09:15:00.000Z',
    messageType: 'text',
    attachedFileIds: [],
    revokedFileIds: [],
    attachmentShares: [],
    attachedFiles: [],
    ...overrides,
  };
}

/** A document attached to a message, as `attachedFiles` lists it. */
export function buildAttachedFile(
  id = '3',
  title = 'Bulletin de mars',
): MessageFieldsFragment['attachedFiles'][number] & { __typename: 'TenantFile' } {
  return {
    __typename: 'TenantFile',
    id,
    title,
    fileType: 'payslip',
    fileUrl: `/api/tenant-files/${id}/download`,
    originalName: `${id}.pdf`,
    mimeType: 'application/pdf',
  };
}

/** A subscription that stays silent for the whole test (its timer ends with the unmount). */
export function silentSubscription(query: DocumentNode, variables?: Record<string, unknown>): MockLink.MockedResponse {
  return { request: { query, variables }, result: { data: null }, delay: 100_000 } as MockLink.MockedResponse;
}
