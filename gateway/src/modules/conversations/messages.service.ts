import { MSG, TSendMessage, ZSendMessage } from '@flaneur/schema';
import type { DataSource, EntityManager } from 'typeorm';
import type { Queryable } from '../../db/prepared';
import { Topic, type AppPubSub } from '../../graphql/pubsub';
import { forbidden } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { parseId, requireViewer } from '../../lib/viewer';
import type { TokenGrant } from '../access-tokens/access-tokens.service';
import type { Throttles } from '../../lib/throttle';
import type { User } from '../users/user.entity';
import { Conversation } from './conversation.entity';
import type { ConversationsService } from './conversations.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { ConversationPresence } from './conversation-presence';
import type { WebhooksService } from '../webhooks/webhooks.service';
import { Message } from './message.entity';
import { detectMessageSignals } from './message-signals';

/** Messages: sending (with tenant documents), reading, and the live stream of a conversation. */
export class MessagesService {
  constructor(
    private readonly deps: {
      db: DataSource;
      pubsub: AppPubSub;
      conversations: ConversationsService;
      /**
       * Grants the recipient the documents attached to a message, in its transaction (the tenant-files domain answers
       * it: ownership, stampable types, the share's days), or refuses the message.
       */
      grantAttachments: (
        tx: EntityManager,
        sender: User,
        conversation: Conversation,
        fileIds: number[],
        shareDays?: number,
      ) => Promise<void>;
      throttles: Throttles;
      notifications: NotificationsService;
      presence: ConversationPresence;
      webhooks: WebhooksService;
    },
  ) {}

  /**
   * Sends a message as the viewer (a legacy `senderId` must be the viewer's). With documents attached it is
   * a tenant_application, the documents must be the sender's and become readable by the other participant.
   * The conversation's lastActivityAt moves to the message's time. Tenant documents are for the signed-in owner of
   * the documents only: an access token (`via`) attaching any, whatever the ids, is refused with one 403.
   */
  async send(
    viewer: User | null,
    conversationId: unknown,
    input: TSendMessage | unknown,
    via: TokenGrant | null = null,
  ): Promise<Message> {
    const me = requireViewer(viewer);
    if (via && attachesDocuments(input)) throw forbidden(MSG.accessTokenDocumentsForbidden);
    await this.deps.throttles.consume('messagesPerUser', String(me.id));
    const conversation = await this.deps.conversations.participantOf(me, conversationId);
    const { content, attachedFileIds, shareDays } = validate(ZSendMessage, input);
    await this.deps.conversations.assertRecipientActive(conversation, me.id);
    let message: Message;
    try {
      message = await this.deps.db.transaction(async (tx) => {
        await this.deps.grantAttachments(tx, me, conversation, attachedFileIds, shareDays ?? undefined);
        const repo = tx.getRepository(Message);
        const saved = await repo.save(
          repo.create({
            conversationId: conversation.id,
            senderId: me.id,
            content,
            attachedFileIds,
            messageType: attachedFileIds.length ? 'tenant_application' : 'text',
            // Scam signals, for the moderation queue (never shown to the sender).
            signals: detectMessageSignals(content),
          }),
        );
        await tx.getRepository(Conversation).update(conversation.id, { lastActivityAt: saved.sentAt });
        // The recipient's push alert, decided once the message is stored (is the conversation open somewhere?).
        await this.deps.notifications.enqueueMessageAlert(tx, saved.id);
        await this.emitCreated(tx, conversation, saved);
        return saved;
      });
    } catch (e) {
      // A document deleted while it was being attached.
      if ((e as { code?: string }).code === '23503') throw forbidden(MSG.attachmentForbidden);
      throw e;
    }
    this.announce(conversation, message);
    return message;
  }

  /**
   * Writes a notice of the application into a conversation in a participant's name (no throttle, no
   * documents): e.g. the visit slot an owner proposed when accepting a visit request.
   */
  async postNotice(sender: User, conversationId: unknown, content: string): Promise<Message> {
    const conversation = await this.deps.conversations.participantOf(sender, conversationId);
    const message = await this.deps.db.transaction(async (tx) => {
      const repo = tx.getRepository(Message);
      const saved = await repo.save(
        repo.create({ conversationId: conversation.id, senderId: sender.id, content, attachedFileIds: [] }),
      );
      await tx.getRepository(Conversation).update(conversation.id, { lastActivityAt: saved.sentAt });
      await this.deps.notifications.enqueueMessageAlert(tx, saved.id);
      await this.emitCreated(tx, conversation, saved);
      return saved;
    });
    this.announce(conversation, message);
    return message;
  }

  /** The `message.created` webhook event, to both participants (their documents are never in it). */
  private emitCreated(tx: Queryable, conversation: Conversation, m: Message): Promise<number> {
    return this.deps.webhooks.emit(tx, {
      type: 'message.created',
      userIds: [conversation.user1Id, conversation.user2Id],
      data: {
        message: {
          id: m.id,
          conversationId: conversation.id,
          propertyId: conversation.propertyId,
          senderId: m.senderId,
          content: m.content,
          type: m.messageType,
          attachmentCount: m.attachedFileIds.length,
          sentAt: m.sentAt,
        },
      },
    });
  }

  /** The live events of a new message: the conversation's stream and both participants' lists. */
  private announce(conversation: Conversation, message: Message): void {
    const { pubsub } = this.deps;
    this.deps.notifications.nudge();
    pubsub.publish(Topic.MessageAdded, conversation.id, { messageId: message.id, conversationId: conversation.id });
    for (const userId of [conversation.user1Id, conversation.user2Id])
      pubsub.publish(Topic.ConversationUpdated, userId, { conversationId: conversation.id, userId });
  }

  /** Marks as read the messages of the conversation addressed to the viewer; answers how many changed. */
  async markRead(viewer: User | null, conversationId: unknown): Promise<number> {
    const me = requireViewer(viewer);
    const conversation = await this.deps.conversations.participantOf(me, conversationId);
    const result = await this.deps.db
      .getRepository(Message)
      .createQueryBuilder()
      .update()
      .set({ isRead: true })
      .where('conversation_id = :cid AND sender_id <> :me AND is_read = false', { cid: conversation.id, me: me.id })
      .execute();
    const changed = result.affected ?? 0;
    if (changed)
      this.deps.pubsub.publish(Topic.ConversationUpdated, me.id, { conversationId: conversation.id, userId: me.id });
    return changed;
  }

  /** One message, for a participant of its conversation (reloaded for each live event). */
  async get(viewer: User | null, messageId: unknown): Promise<Message> {
    const me = requireViewer(viewer);
    const id = parseId(messageId);
    const message = id
      ? await this.deps.db.getRepository(Message).findOne({ where: { id }, relations: { conversation: true } })
      : null;
    const c = message?.conversation;
    if (!message || !c || (c.user1Id !== me.id && c.user2Id !== me.id)) throw forbidden(MSG.conversationForbidden);
    delete message.conversation;
    return message;
  }

  /**
   * The live stream of new messages of a conversation. Checked when subscribing: participants only,
   * anyone else (or a connection without a session) is refused before any event flows.
   */
  async subscribe(viewer: User | null, conversationId: unknown): Promise<AsyncIterable<unknown>> {
    const conversation = await this.deps.conversations.participantOf(viewer, conversationId);
    // While subscribed, the conversation counts as open on the viewer's device: no push alert for its messages.
    return this.deps.presence.trackOpen(
      viewer!.id,
      conversation.id,
      this.deps.pubsub.subscribe(Topic.MessageAdded, conversation.id),
    );
  }
}

/** Whether a message's raw input asks for attachments (any value but none or an empty list), before validation. */
function attachesDocuments(input: unknown): boolean {
  const ids = (input as { attachedFileIds?: unknown } | null | undefined)?.attachedFileIds;
  return ids !== undefined && ids !== null && !(Array.isArray(ids) && ids.length === 0);
}
