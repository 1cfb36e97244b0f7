import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { Property } from '../properties/property.entity';
import { User } from '../users/user.entity';

/** A discovered or viewed listing for one user (table history_entries); one per (user, property). */
@ObjectType({ description: "A listing in the user's Découvertes: discovered while walking, or viewed." })
@Entity('history_entries')
@Unique('UQ_history_user_property', ['userId', 'propertyId'])
@Index('IDX_history_user_viewed_at', ['userId', 'viewedAt'])
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

  @Column({ type: 'numeric', precision: 10, scale: 7, nullable: true })
  latitude: string | null;

  @Column({ type: 'numeric', precision: 10, scale: 7, nullable: true })
  longitude: string | null;

  @Field({ description: 'True once the user opened the listing ("Déjà vu"); false is "Nouveau".' })
  @Column({ type: 'boolean', default: false })
  isViewed: boolean;
}
