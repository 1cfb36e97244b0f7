import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The perceptual hash of a stored listing photo (by URL), written when the photo is stored. */
@Entity('photo_hashes')
export class PhotoHash {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  url: string;

  /** 64 bits (photo-hash.ts), as a signed bigint for the XOR and bit_count of the comparison. */
  @Column({ type: 'bigint' })
  hash: string;

  /** When the photo was stored: the earlier of two matching photos is the original. */
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
