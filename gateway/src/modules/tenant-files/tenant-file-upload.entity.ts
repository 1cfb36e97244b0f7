import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A document uploaded but not yet added to the folder (first step of the two-step upload flow).
 * Its handle `/api/tenant-files/pending/{id}` is what the upload answers as fileUrl; createTenantFile
 * consumes it once, and only for the user who uploaded it. Unused uploads expire after a day.
 */
@Entity('tenant_file_uploads')
export class TenantFileUpload {
  /** Random UUID: the opaque part of the handle. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Index()
  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 255 })
  storageKey: string;

  @Column({ type: 'varchar', length: 255 })
  originalName: string;

  @Column({ type: 'varchar', length: 100 })
  mimeType: string;

  @Column({ type: 'integer' })
  sizeBytes: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
