import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A listing photo uploaded and not yet seen on a listing. The maintenance job forgets the row once a listing shows
 * the photo, and deletes the row and its files when none does 24 h after the upload (jobs/maintenance.ts).
 */
@Entity('listing_image_uploads')
export class ListingImageUpload {
  /** The photo's public URL (/uploads/listings/{uuid}-{width}x{height}.webp); its smaller copies go with it. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  url: string;

  /** The uploader; kept as a plain number so the purge still finds the files of a deleted account. */
  @Column({ type: 'integer', nullable: true })
  userId: number | null;

  @Index()
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
