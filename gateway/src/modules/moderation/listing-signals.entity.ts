import type { ListingSignal } from '@flaneur/schema';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Property } from '../properties/property.entity';
import { User } from '../users/user.entity';

/**
 * The signals raised on a listing (listing-signals.ts), for the moderation queue only: never shown to its owner nor
 * the public. A signal once raised stays (it records what was seen when the listing was published or changed).
 */
@Entity('listing_signals')
export class ListingSignals {
  @PrimaryColumn({ type: 'integer' })
  propertyId: number;

  @ManyToOne(() => Property, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'property_id' })
  property?: Property;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  signals: ListingSignal[];

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * A contact detail (e-mail lower-cased, phone as its 10 French digits) seen on an account's listing or on the
 * account itself when it published: the key of « contact details on several accounts ».
 */
@Entity('contact_marks')
@Index('IDX_contact_marks_user', ['userId'])
export class ContactMark {
  @PrimaryColumn({ type: 'varchar', length: 5 })
  kind: 'email' | 'phone';

  @PrimaryColumn({ type: 'varchar', length: 254 })
  value: string;

  @PrimaryColumn({ type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
}
