import { MESSAGE_TYPES, MessageType, type MessageSignal } from '@flaneur/schema';
import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { MessageTypeEnum } from '../../graphql/enums';
import { intArray } from '../../lib/columns';
import { User } from '../users/user.entity';
import { Conversation } from './conversation.entity';

/** A message of a conversation (table messages). */
@ObjectType({ description: 'A message of a conversation.' })
@Entity('messages')
@Index('IDX_messages_conversation_sent_at', ['conversationId', 'sentAt'])
export class Message {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => ID, { description: 'The conversation it belongs to.' })
  @Column({ type: 'integer' })
  conversationId: number;

  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;

  @Field(() => ID, { description: 'The participant who wrote it.' })
  @Index()
  @Column({ type: 'integer' })
  senderId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'sender_id' })
  sender?: User;

  @Field({ description: 'Text, at most 5000 characters; may be empty when documents are attached.' })
  @Column({ type: 'text' })
  content: string;

  @Field({ description: 'True once the recipient (the other participant) has opened the conversation.' })
  @Column({ type: 'boolean', default: false })
  isRead: boolean;

  @Field(() => Date, { description: 'Time it was sent.' })
  @Column({ type: 'timestamptz', default: () => 'now()' })
  sentAt: Date;

  @Field(() => [ID], {
    description: "Ids of the sender's tenant documents attached to it (see attachedFiles for the readable ones).",
  })
  @Column({ type: 'integer', array: true, default: () => "'{}'", transformer: intArray })
  attachedFileIds: number[];

  @Field(() => MessageTypeEnum, { description: 'tenant_application when documents are attached, else text.' })
  @Column({ type: 'enum', enum: MESSAGE_TYPES, enumName: 'message_type', default: 'text' })
  messageType: MessageType;

  /** Scam signals the detector found in the content (message-signals.ts); never shown to the sender. */
  @Column({ type: 'varchar', length: 40, array: true, default: () => "'{}'" })
  signals: MessageSignal[];
}
