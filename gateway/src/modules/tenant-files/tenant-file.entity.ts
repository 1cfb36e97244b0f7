import { TENANT_FILE_TYPES, TenantFileType } from '@flaneur/schema';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TenantFileTypeEnum } from '../../graphql/enums';
import { User } from '../users/user.entity';

/** A document of the tenant folder (table tenant_files); private, served only through an authorized path. */
@ObjectType({
  description:
    'A document of a tenant folder (dossier locataire). Private: readable by its owner, and by the other participant of a conversation it was attached to until the owner revokes that access.',
})
@Entity('tenant_files')
export class TenantFile {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => ID, { description: 'The owner (the tenant who uploaded it).' })
  @Index()
  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Field({ description: 'Title given by the owner.' })
  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Field(() => String, { nullable: true, description: 'Optional description.' })
  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Authorized download path, /api/tenant-files/{id}/download. */
  @Field({ description: 'Authorized download path, /api/tenant-files/{id}/download (session cookie required).' })
  @Column({ type: 'varchar', length: 500 })
  fileUrl: string;

  @Field(() => TenantFileTypeEnum, { description: 'Kind of document.' })
  @Column({ type: 'enum', enum: TENANT_FILE_TYPES, enumName: 'tenant_file_type', default: 'other' })
  fileType: TenantFileType;

  @Field({ description: 'Checked by the platform (shown as "Vérifié").' })
  @Column({ type: 'boolean', default: false })
  verified: boolean;

  /** Key of the stored bytes in the private storage. */
  @Column({ type: 'varchar', length: 255 })
  storageKey: string;

  @Field({ description: 'File name as uploaded (used for the download).' })
  @Column({ type: 'varchar', length: 255 })
  originalName: string;

  @Field({ description: 'Media type detected from the content (application/pdf, image/jpeg…).' })
  @Column({ type: 'varchar', length: 100 })
  mimeType: string;

  @Field(() => Int, { description: 'Size in bytes.' })
  @Column({ type: 'integer' })
  sizeBytes: number;

  @Field(() => Date, { description: 'Time it was added to the folder.' })
  @CreateDateColumn({ type: 'timestamptz' })
  uploadedAt: Date;

  /** Last time it was added, shared, extended or opened: the retention clock (see docs/decisions.md). */
  @Index()
  @Column({ type: 'timestamptz', default: () => 'now()' })
  lastActivityAt: Date;

  /** When the owner was warned by e-mail that it will be deleted; cleared by any later activity. */
  @Column({ type: 'timestamptz', nullable: true })
  retentionWarnedAt: Date | null;
}
