import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { Conversation } from '../conversations/conversation.entity';
import { User } from '../users/user.entity';
import { TenantFile } from './tenant-file.entity';

/**
 * Access to a tenant document granted by attaching it to a message: the recipient (the other participant
 * of that conversation) may read it until it expires or the owner revokes it. One row per (file, conversation);
 * attaching the file again in that conversation grants it again.
 */
@Entity('tenant_file_shares')
@Unique('UQ_tenant_file_shares_file_conversation', ['fileId', 'conversationId'])
export class TenantFileShare {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  fileId: number;

  @ManyToOne(() => TenantFile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'file_id' })
  file?: TenantFile;

  @Index()
  @Column({ type: 'integer' })
  conversationId: number;

  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;

  /** The participant who may read the file (never the owner). */
  @Index()
  @Column({ type: 'integer' })
  recipientId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'recipient_id' })
  recipient?: User;

  /** Set when the owner revokes the access; null while it is granted. */
  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  /** End of the access (30 days after attaching by default; 7 or 90 when chosen; extendable by the owner). */
  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
