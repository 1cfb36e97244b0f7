import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Conversation } from '../conversations/conversation.entity';
import { User } from '../users/user.entity';
import { TenantFile } from './tenant-file.entity';

/** How a document was read. */
export type TenantFileAccessKind = 'download' | 'preview';

/**
 * The access log of a document: one row per download or preview by someone other than its owner (who, when, which
 * document, through which conversation). Shown to the owner only; goes with the document.
 */
@Entity('tenant_file_accesses')
@Index(['fileId', 'accessedAt'])
export class TenantFileAccess {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  fileId: number;

  @ManyToOne(() => TenantFile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'file_id' })
  file?: TenantFile;

  /** The reader (the recipient of a share). */
  @Column({ type: 'integer' })
  readerId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reader_id' })
  reader?: User;

  /** The conversation whose share allowed the access (null once that conversation is gone). */
  @Column({ type: 'integer', nullable: true })
  conversationId: number | null;

  @ManyToOne(() => Conversation, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;

  @Column({ type: 'varchar', length: 10 })
  kind: TenantFileAccessKind;

  @CreateDateColumn({ type: 'timestamptz' })
  accessedAt: Date;
}
