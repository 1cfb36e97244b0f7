import { Field, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** The HTTPS address an agency's software drops its feed at, fetched every night (table feed_sources). */
@ObjectType({ description: "Where the agency's feed is fetched every night, and how the last fetch went." })
@Entity('feed_sources')
export class FeedSource {
  // One address per agency.
  @PrimaryColumn({ type: 'integer' })
  ownerId: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  @Field({ description: 'The HTTPS address of the Poliris ZIP.' })
  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Field(() => Date, { description: 'When it is fetched next (every night around 04:00, Paris time).' })
  @Index()
  @Column({ type: 'timestamptz' })
  nextFetchAt: Date;

  @Field(() => Date, { nullable: true, description: 'When it was last fetched.' })
  @Column({ type: 'timestamptz', nullable: true })
  lastFetchAt: Date | null;

  @Field(() => String, { nullable: true, description: 'Why the last fetch failed, in French; null when it worked.' })
  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
