import { MODERATION_MSG, MSG } from '@flaneur/schema';
import { DataSource, IsNull, Not, SelectQueryBuilder } from 'typeorm';
import { Topic, type AppPubSub } from '../../graphql/pubsub';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { parseId, requireViewer } from '../../lib/viewer';
import { isNewAccount } from '../users/new-account';
import type { PropertiesService } from '../properties/properties.service';
import { toPublicUser } from '../users/public-user.type';
import { User } from '../users/user.entity';
import { Conversation } from './conversation.entity';
import type { ConversationSummary, ConversationThread, ConversationUpdate } from './conversation.types';
import { Message } from './message.entity';

/** The answer of starting a conversation: its id, and whether it was created now (REST 201) or existed (200). */
export interface StartedConversation {
  id: number;
  created: boolean;
}

const denied = () => forbidden(MSG.conversationForbidden);

/**
 * Conversations between two users about a listing: one per unordered pair and listing, never with oneself,
 * visible to their two participants only (403 with the same text for a missing one, so nothing leaks).
 */
export class ConversationsService {
  constructor(private readonly deps: { db: DataSource; pubsub: AppPubSub; properties: PropertiesService }) {}

  private get repo() {
    return this.deps.db.getRepository(Conversation);
  }

  /** The conversation if the user takes part in it, else 403. */
  async participantOf(viewer: User | null, id: unknown): Promise<Conversation> {
    const me = requireViewer(viewer);
    const cid = parseId(id);
    const conversation = cid ? await this.repo.findOneBy({ id: cid }) : null;
    if (!conversation || (conversation.user1Id !== me.id && conversation.user2Id !== me.id)) throw denied();
    return conversation;
  }

  /** Refuses to write to a conversation whose other participant deleted the account (it stays readable). */
  async assertRecipientActive(conversation: Conversation, senderId: number): Promise<void> {
    const otherId = conversation.user1Id === senderId ? conversation.user2Id : conversation.user1Id;
    const deleted = await this.deps.db.getRepository(User).existsBy({ id: otherId, deletedAt: Not(IsNull()) });
    if (deleted) throw forbidden(MSG.recipientDeleted);
  }

  /** The viewer's conversations, most recent activity first, in three statements whatever their number. */
  async list(viewer: User | null): Promise<ConversationSummary[]> {
    const me = requireViewer(viewer);
    return this.summaries(me.id);
  }

  /** One row of the viewer's list (after a change). */
  async summary(viewer: User | null, id: unknown): Promise<ConversationSummary> {
    const conversation = await this.participantOf(viewer, id);
    const [row] = await this.summaries(viewer!.id, conversation.id);
    return row;
  }

  /** A row of the viewer's list and the viewer's unread total, as conversationUpdated delivers them. */
  async update(viewer: User | null, id: unknown): Promise<ConversationUpdate> {
    const conversation = await this.summary(viewer, id);
    return { conversation, unreadMessageCount: await this.unreadCount(viewer) };
  }

  /** Unread messages addressed to the viewer, all conversations together. */
  async unreadCount(viewer: User | null): Promise<number> {
    const me = requireViewer(viewer);
    const row = await this.unreadQuery(me.id).select('COUNT(*)::int', 'count').getRawOne<{ count: number }>();
    return Number(row?.count ?? 0);
  }

  /** The conversation with its messages (oldest first), the other participant and the listing. */
  async thread(viewer: User | null, id: unknown): Promise<ConversationThread> {
    const me = requireViewer(viewer);
    const cid = parseId(id);
    const found = cid
      ? await this.repo.findOne({ where: { id: cid }, relations: { user1: true, user2: true, property: true } })
      : null;
    if (!found || (found.user1Id !== me.id && found.user2Id !== me.id)) throw denied();
    const { user1, user2, property, ...conversation } = found;
    const messages = await this.deps.db
      .getRepository(Message)
      .find({ where: { conversationId: found.id }, order: { sentAt: 'ASC', id: 'ASC' } });
    const other = found.user1Id === me.id ? user2! : user1!;
    const warning = trustWarning(found.id, other, messages);
    return {
      conversation: conversation as Conversation,
      messages,
      trustWarning: warning,
      documentsWarning: (await isFlaggedOrNew(this.deps.db, other, warning !== null))
        ? MODERATION_MSG.documentsCaution
        : null,
      participant: toPublicUser(other),
      property: property ?? null,
      propertyTitle: property?.title ?? MSG.deletedListing,
    };
  }

  /**
   * Starts (or finds) the conversation between the viewer and another user about a listing. One of the two
   * must be the listing's owner: a conversation about a listing is always with its owner.
   */
  async start(viewer: User | null, otherUserId: unknown, propertyId: unknown): Promise<StartedConversation> {
    const me = requireViewer(viewer);
    if (otherUserId === undefined || otherUserId === null || otherUserId === '')
      throw new AppError('BAD_USER_INPUT', MSG.conversationOtherUserRequired, {
        fields: { otherUserId: MSG.conversationOtherUserRequired },
      });
    const otherId = parseId(otherUserId);
    if (otherId === me.id) throw new AppError('BAD_USER_INPUT', MSG.conversationWithSelf);
    const other = otherId ? await this.deps.db.getRepository(User).findOneBy({ id: otherId }) : null;
    if (!other) throw notFound(MSG.userNotFound);
    if (other.deletedAt) throw forbidden(MSG.recipientDeleted);
    const property = await this.deps.properties.get(propertyId, { viewer: me });
    if (property.ownerId !== me.id && property.ownerId !== other.id) throw forbidden(MSG.conversationStartForbidden);
    const [user1Id, user2Id] = me.id < other.id ? [me.id, other.id] : [other.id, me.id];
    const key = { user1Id, user2Id, propertyId: property.id };
    const existing = await this.repo.findOneBy(key);
    if (existing) return { id: existing.id, created: false };
    // Two concurrent starts: the unique index keeps one row, the loser reads it.
    const inserted = await this.repo.createQueryBuilder().insert().values(key).orIgnore().returning('id').execute();
    const createdId = (inserted.raw as { id: number }[])[0]?.id;
    if (createdId === undefined) return { id: (await this.repo.findOneByOrFail(key)).id, created: false };
    for (const userId of [user1Id, user2Id])
      this.deps.pubsub.publish(Topic.ConversationUpdated, userId, { conversationId: createdId, userId });
    return { id: createdId, created: true };
  }

  /** Rows of the user's list (all, or one): one statement for the rows, one for the unread counts, one for the warned. */
  private async summaries(userId: number, onlyId?: number): Promise<ConversationSummary[]> {
    const qb = this.repo
      .createQueryBuilder('c')
      .leftJoinAndSelect('c.user1', 'u1')
      .leftJoinAndSelect('c.user2', 'u2')
      .leftJoin('c.property', 'p')
      .addSelect(['p.id', 'p.title'])
      .where('(c.user1Id = :userId OR c.user2Id = :userId)', { userId })
      .orderBy('c.lastActivityAt', 'DESC')
      .addOrderBy('c.id', 'DESC');
    const unread = this.unreadQuery(userId)
      .select('m.conversationId', 'conversationId')
      .addSelect('COUNT(*)::int', 'count')
      .groupBy('m.conversationId');
    if (onlyId !== undefined) {
      qb.andWhere('c.id = :onlyId', { onlyId });
      unread.andWhere('m.conversationId = :onlyId', { onlyId });
    }
    const flagged = this.deps.db
      .getRepository(Message)
      .createQueryBuilder('m')
      .innerJoin('m.conversation', 'c')
      .select('DISTINCT m.conversationId', 'conversationId')
      .where('(c.user1Id = :userId OR c.user2Id = :userId)', { userId })
      .andWhere('m.senderId <> :userId')
      .andWhere('cardinality(m.signals) > 0');
    if (onlyId !== undefined) flagged.andWhere('m.conversationId = :onlyId', { onlyId });
    const rows = await qb.getMany();
    if (!rows.length) return [];
    // The rows the thread would warn about (trustWarning): flagged messages of the other side, or it is suspended.
    const warned = new Set(
      (await flagged.getRawMany<{ conversationId: number }>()).map((r) => Number(r.conversationId)),
    );
    const counts = new Map(
      (await unread.getRawMany<{ conversationId: number; count: number }>()).map((r) => [
        Number(r.conversationId),
        Number(r.count),
      ]),
    );
    return rows.map((c) => {
      const other = c.user1Id === userId ? c.user2! : c.user1!;
      return {
        id: c.id,
        participant: toPublicUser(other),
        lastActivityAt: c.lastActivityAt,
        unreadCount: counts.get(c.id) ?? 0,
        propertyId: c.propertyId,
        propertyTitle: c.property?.title ?? MSG.deletedListing,
        warned: warned.has(c.id) || Boolean(other.suspendedAt),
      };
    });
  }

  /** Messages addressed to the user (sent by the other participant) and not read yet. */
  private unreadQuery(userId: number): SelectQueryBuilder<Message> {
    return this.deps.db
      .getRepository(Message)
      .createQueryBuilder('m')
      .innerJoin('m.conversation', 'c')
      .where('(c.user1Id = :userId OR c.user2Id = :userId)', { userId })
      .andWhere('m.senderId <> :userId')
      .andWhere('m.isRead = false');
  }
}

/**
 * Whether documents sent to this account deserve a warning (docs/decisions.md « Trust shield »): an account under
 * MODERATION_LIMITS.newAccountDays days old (isNewAccount), or flagged — the thread's own warning, a report about it, a listing of
 * its with signals. One statement, only when the cheaper answers do not decide.
 */
async function isFlaggedOrNew(db: DataSource, other: User, warned: boolean): Promise<boolean> {
  if (warned || isNewAccount(other)) return true;
  const [row]: { flagged: boolean }[] = await db.query(
    `SELECT EXISTS (SELECT 1 FROM reports WHERE subject_user_id = $1)
         OR EXISTS (SELECT 1 FROM listing_signals s JOIN properties p ON p.id = s.property_id WHERE p.owner_id = $1)
       AS flagged`,
    [other.id],
  );
  return Boolean(row?.flagged);
}

/** The reader's warning: the other side's account suspended, or scam signals in its messages (docs « Trust shield »). */
function trustWarning(conversationId: number, other: User, messages: Message[]) {
  const signals = [...new Set(messages.filter((m) => m.senderId === other.id).flatMap((m) => m.signals))];
  if (!other.suspendedAt && !signals.length) return null;
  return {
    message: other.suspendedAt ? MODERATION_MSG.suspendedCounterpartWarning : MODERATION_MSG.scamWarning,
    signals,
    reportTargetType: 'conversation',
    reportTargetId: conversationId,
  };
}
