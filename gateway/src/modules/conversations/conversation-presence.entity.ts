import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { Conversation } from './conversation.entity';

/**
 * A conversation open on a device: one row per live `messageAdded` subscription on any gateway instance, refreshed
 * by a heartbeat, deleted when it ends; a row not refreshed for PRESENCE_STALE_S (instance gone) no longer counts.
 */
@Entity('conversation_presence')
@Index('IDX_conversation_presence_user_conversation', ['userId', 'conversationId'])
export class ConversationPresence {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'integer' })
  userId: number;

  @Column({ type: 'integer' })
  conversationId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  seenAt: Date;
}
