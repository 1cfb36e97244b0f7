import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Property } from '../properties/property.entity';
import { User } from '../users/user.entity';

/**
 * A conversation between two users about a listing (table conversations).
 * user1Id < user2Id always, so the unique index makes one conversation per unordered pair and listing.
 */
@ObjectType({ description: 'A conversation between two users about a listing.' })
@Entity('conversations')
@Index('UQ_conversations_pair_property', ['user1Id', 'user2Id', 'propertyId'], { unique: true })
@Index('IDX_conversations_user2', ['user2Id'])
export class Conversation {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => ID, { nullable: true, description: 'The listing it is about; null once the listing was deleted.' })
  @Column({ type: 'integer', nullable: true })
  propertyId: number | null;

  @ManyToOne(() => Property, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'property_id' })
  property?: Property | null;

  @Field(() => ID, { description: 'The participant with the smaller id.' })
  @Column({ type: 'integer' })
  user1Id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user1_id' })
  user1?: User;

  @Field(() => ID, { description: 'The participant with the larger id.' })
  @Column({ type: 'integer' })
  user2Id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user2_id' })
  user2?: User;

  @Field(() => Date, { description: 'Time of the last message (or of the creation when there is none).' })
  @Column({ type: 'timestamptz', default: () => 'now()' })
  lastActivityAt: Date;

  @Field(() => Date, { description: 'Time the conversation was started.' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
