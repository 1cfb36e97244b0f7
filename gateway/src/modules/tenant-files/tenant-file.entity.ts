import { TENANT_FILE_TYPES, TenantFileType } from '@flaneur/schema';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** A document of the tenant folder (SPEC.md §3 tenant_files); private, served only through an authorized path. */
@Entity('tenant_files')
export class TenantFile {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Authorized download path, /api/tenant-files/{id}/download. */
  @Column({ type: 'varchar', length: 500 })
  fileUrl: string;

  @Column({ type: 'enum', enum: TENANT_FILE_TYPES, enumName: 'tenant_file_type', default: 'other' })
  fileType: TenantFileType;

  @Column({ type: 'boolean', default: false })
  verified: boolean;

  /** Key of the stored bytes in the private storage. */
  @Column({ type: 'varchar', length: 255 })
  storageKey: string;

  @Column({ type: 'varchar', length: 255 })
  originalName: string;

  @Column({ type: 'varchar', length: 100 })
  mimeType: string;

  @Column({ type: 'integer' })
  sizeBytes: number;

  @CreateDateColumn({ type: 'timestamptz' })
  uploadedAt: Date;
}
