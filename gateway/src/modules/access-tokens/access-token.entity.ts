import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** A personal access token (table access_tokens): only the SHA-256 of its secret is stored. */
@ObjectType({ description: 'A personal access token of the signed-in user; its secret is shown once, at creation.' })
@Entity('access_tokens')
@Index('IDX_access_tokens_user', ['userId', 'createdAt'])
export class AccessToken {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Field({ description: 'Name given by the user (what the token is for).' })
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Field(() => [String], {
    description:
      'Scopes: listings:read, listings:write, discoveries:read, discoveries:write, favorites, messages:read, messages:write, profile:read, webhooks.',
  })
  @Column({ type: 'text', array: true })
  scopes: string[];

  @Field({ description: 'The first characters of the secret (flr_ and 6 more), to recognise the token.' })
  @Column({ type: 'varchar', length: 16 })
  prefix: string;

  /** SHA-256 (hex) of the whole secret: the only way back to the row. */
  @Index('UQ_access_tokens_token_hash', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  @Field(() => Date, { description: 'Creation time.' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, { description: 'End of validity: the token is refused from then on.' })
  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Field(() => Date, { nullable: true, description: 'Last use, to the minute; null if never used.' })
  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  /** Set by revocation: the row stays (audit), the token is refused at once. */
  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
