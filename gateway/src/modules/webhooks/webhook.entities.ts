import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccessToken } from '../access-tokens/access-token.entity';
import { User } from '../users/user.entity';

/** An integrator's receiver: where the events its owner may see are posted, signed with its secret. */
@ObjectType({ description: 'A webhook of the signed-in user; its secret is shown once, at creation.' })
@Entity('webhooks')
@Index('IDX_webhooks_user', ['userId'])
export class Webhook {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Field({ description: 'The receiver (https; http on loopback outside production).' })
  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Field(() => [String], {
    description:
      'Events received: discovery.created, message.created, favorite.created, favorite.deleted, property.created, property.updated, property.deleted, visit_request.created, visit_request.updated.',
  })
  @Column({ type: 'text', array: true })
  events: string[];

  /**
   * The scopes of whoever registered it: a token's, or every scope for a signed-in session. An event goes out only
   * while its read scope is here (and, for a token, while the token is active: see accessTokenId).
   */
  @Column({ type: 'text', array: true })
  scopes: string[];

  /** The access token that registered it (null: a signed-in session); its revocation or expiry stops the deliveries. */
  @Column({ type: 'integer', nullable: true })
  accessTokenId: number | null;

  @ManyToOne(() => AccessToken, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'access_token_id' })
  accessToken?: AccessToken;

  /**
   * `whsec_` + base64 of 32 random bytes. Kept as is: every delivery is signed with it (an HMAC key cannot be
   * hashed like a password); never answered again after creation.
   */
  @Column({ type: 'varchar', length: 100 })
  secret: string;

  @Field(() => Date, { description: 'Creation time.' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, {
    nullable: true,
    description:
      'Set when nothing is delivered any more: the receiver answered 410 Gone, or the access token that registered the webhook was revoked or expired.',
  })
  @Column({ type: 'timestamptz', nullable: true })
  disabledAt: Date | null;
}

/** One event for one webhook: its body (signed as is on every attempt) and how its delivery went. */
@ObjectType({ description: 'One event sent (or being sent) to a webhook.' })
@Entity('webhook_deliveries')
@Index('UQ_webhook_deliveries_event', ['webhookId', 'eventId'], { unique: true })
@Index('IDX_webhook_deliveries_recent', ['webhookId', 'createdAt'])
export class WebhookDelivery {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  webhookId: number;

  @ManyToOne(() => Webhook, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'webhook_id' })
  webhook?: Webhook;

  @Field({ description: 'The `webhook-id` header: the same on every attempt, so a receiver can drop repeats.' })
  @Column({ type: 'varchar', length: 64 })
  eventId: string;

  @Field({ description: 'The event type (discovery.created…).' })
  @Column({ type: 'varchar', length: 40 })
  eventType: string;

  /** The JSON body `{ type, timestamp, data }`, exactly as signed. */
  @Column({ type: 'text' })
  body: string;

  @Field({
    description:
      'pending (waiting or retrying), succeeded, failed (given up), disabled (the webhook was disabled, or the access token that registered it was revoked, expired or lacks the read scope of the event).',
  })
  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: string;

  @Field(() => Int, { description: 'Attempts made.' })
  @Column({ type: 'smallint', default: 0 })
  attempts: number;

  @Field(() => Int, { nullable: true, description: "The receiver's last HTTP status; null when it was not reached." })
  @Column({ type: 'smallint', nullable: true })
  lastResponseCode: number | null;

  @Field(() => String, { nullable: true, description: 'Why the last attempt failed, if it did.' })
  @Column({ type: 'varchar', length: 300, nullable: true })
  lastError: string | null;

  @Field(() => Date, { description: 'When the event occurred.' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'When the receiver accepted it (2xx).' })
  @Column({ type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;
}
