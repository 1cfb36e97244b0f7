import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { TenantFileShare } from './tenant-file-share.entity';

/**
 * The watermarked copy of a document made for the recipient of one share (produced at the first download, then
 * reused). Its bytes live in private storage under the owner's folder; the row goes with the share (and so with the
 * document), the bytes are deleted by the service, or by the orphan sweeper when a cascade removed the row.
 */
@Entity('tenant_file_copies')
export class TenantFileCopy {
  @PrimaryGeneratedColumn()
  id: number;

  /** One copy per share: a share is one (document, recipient, conversation). */
  @Index({ unique: true })
  @Column({ type: 'integer' })
  shareId: number;

  @ManyToOne(() => TenantFileShare, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'share_id' })
  share?: TenantFileShare;

  /** The owner of the document (account deletion finds the copies' bytes through it). */
  @Index()
  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 255 })
  storageKey: string;

  @Column({ type: 'varchar', length: 100 })
  mimeType: string;

  @Column({ type: 'integer' })
  sizeBytes: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
