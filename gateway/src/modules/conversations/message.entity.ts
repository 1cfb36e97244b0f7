import { MESSAGE_TYPES, MessageType } from '@flaneur/schema';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { intArray } from '../../lib/columns';
import { User } from '../users/user.entity';
import { Conversation } from './conversation.entity';

/** A message of a conversation (SPEC.md §3 messages). */
@Entity('messages')
@Index('IDX_messages_conversation_sent_at', ['conversationId', 'sentAt'])
export class Message {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  conversationId: number;

  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;

  @Index()
  @Column({ type: 'integer' })
  senderId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'sender_id' })
  sender?: User;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'boolean', default: false })
  isRead: boolean;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  sentAt: Date;

  @Column({ type: 'integer', array: true, default: () => "'{}'", transformer: intArray })
  attachedFileIds: number[];

  @Column({ type: 'enum', enum: MESSAGE_TYPES, enumName: 'message_type', default: 'text' })
  messageType: MessageType;
}
