import type { ConversationSummary, ConversationThread } from './conversation.types';
import type { Message } from './message.entity';

/** The legacy REST shape of a message: the columns of the messages table. */
export const toMessageJson = (m: Message) => ({
  id: m.id,
  conversationId: m.conversationId,
  senderId: m.senderId,
  content: m.content,
  isRead: m.isRead,
  sentAt: m.sentAt,
  attachedFileIds: m.attachedFileIds,
  messageType: m.messageType,
});

/** A row of GET /api/conversations. */
export const toSummaryJson = (s: ConversationSummary) => ({
  id: s.id,
  participant: s.participant,
  lastActivityAt: s.lastActivityAt,
  unreadCount: s.unreadCount,
  propertyId: s.propertyId,
  propertyTitle: s.propertyTitle,
  // Only when set: the legacy shape of a row stays as it was.
  ...(s.warned ? { warned: true } : {}),
});

/** GET /api/conversations/{id}: `{ conversation, messages, participant, property }`. */
export const toThreadJson = (t: ConversationThread) => ({
  conversation: {
    id: t.conversation.id,
    propertyId: t.conversation.propertyId,
    user1Id: t.conversation.user1Id,
    user2Id: t.conversation.user2Id,
    lastActivityAt: t.conversation.lastActivityAt,
    createdAt: t.conversation.createdAt,
    propertyTitle: t.propertyTitle,
  },
  messages: t.messages.map(toMessageJson),
  participant: t.participant,
  property: t.property,
  // Only when there is one: the legacy shape of a clean conversation stays as it was.
  ...(t.trustWarning ? { trustWarning: t.trustWarning } : {}),
  ...(t.documentsWarning ? { documentsWarning: t.documentsWarning } : {}),
});
