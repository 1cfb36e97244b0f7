import { HISTORY_SOURCES, type HistorySource } from '@flaneur/schema';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { Property } from '../properties/property.entity';
import { User } from '../users/user.entity';

export const HistorySourceEnum = Object.fromEntries(HISTORY_SOURCES.map((v) => [v, v])) as {
  [K in HistorySource]: K;
};
registerEnumType(HistorySourceEnum, {
  name: 'HistorySource',
  description:
    "How a listing came into Découvertes: walk (passed by while walking), panel (its panel's QR code or reference), simulation (the demo's simulated discovery).",
});

/** A discovered or viewed listing for one user (table history_entries); one per (user, property). */
@ObjectType({ description: "A listing in the user's Découvertes: discovered while walking, or viewed." })
@Entity('history_entries')
@Unique('UQ_history_user_property', ['userId', 'propertyId'])
@Index('IDX_history_user_viewed_at', ['userId', 'viewedAt'])
@Index('IDX_history_user_discovered_at', ['userId', 'discoveredAt'])
export class HistoryEntry {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => ID, { description: 'The listing.' })
  @Index()
  @Column({ type: 'integer' })
  propertyId: number;

  @ManyToOne(() => Property, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'property_id' })
  property?: Property;

  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Field(() => Date, { description: 'Time of the discovery or of the last view.' })
  @Column({ type: 'timestamptz', default: () => 'now()' })
  viewedAt: Date;

  /**
   * Time of the discovery: the entry's first viewed_at, set by a trigger on insert and never moved by a later view
   * (a walk's discoveries are read on it, see modules/walks).
   */
  @Column({ type: 'timestamptz', nullable: true })
  discoveredAt: Date | null;

  @Column({ type: 'numeric', precision: 10, scale: 7, nullable: true })
  latitude: string | null;

  @Column({ type: 'numeric', precision: 10, scale: 7, nullable: true })
  longitude: string | null;

  @Field({ description: 'True once the user opened the listing ("Déjà vu"); false is "Nouveau".' })
  @Column({ type: 'boolean', default: false })
  isViewed: boolean;

  // Rows from before sources existed count as walks; an entry created by opening the listing has none.
  @Field(() => HistorySourceEnum, {
    nullable: true,
    description: 'How the listing was discovered; null for a listing the user only opened, never discovered.',
  })
  @Column({ type: 'enum', enum: HISTORY_SOURCES, enumName: 'history_source', nullable: true, default: 'walk' })
  source: HistorySource | null;
}
