import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Conversation } from '../conversations/conversation.entity';
import { User } from '../users/user.entity';

/** A device of a user that accepts Web Push: the browser's PushSubscription (endpoint + encryption keys). */
@Entity('push_subscriptions')
@Index('IDX_push_subscriptions_user', ['userId', 'createdAt'])
export class PushSubscription {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** The push service URL of the device; one row per endpoint (a device that signs in as another user moves). */
  @Index('UQ_push_subscriptions_endpoint', { unique: true })
  @Column({ type: 'text' })
  endpoint: string;

  /** base64url, the device's P-256 public key (RFC 8291). */
  @Column({ type: 'varchar', length: 100 })
  p256dh: string;

  /** base64url, the 16-byte authentication secret. */
  @Column({ type: 'varchar', length: 40 })
  auth: string;

  /** When the browser said the subscription ends (usually null). */
  @Column({ type: 'timestamptz', nullable: true })
  expirationTime: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** The last push the service accepted (2xx). */
  @Column({ type: 'timestamptz', nullable: true })
  lastSuccessAt: Date | null;
}

/** A user's alert settings; no row means the defaults. */
@Entity('notification_settings')
export class NotificationSettingsRow {
  @PrimaryColumn({ type: 'integer' })
  userId: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'boolean' })
  passingAlerts: boolean;

  @Column({ type: 'boolean' })
  messageAlerts: boolean;

  /** "HH:mm" in Europe/Paris; both null: no quiet hours. */
  @Column({ type: 'varchar', length: 5, nullable: true })
  quietStart: string | null;

  @Column({ type: 'varchar', length: 5, nullable: true })
  quietEnd: string | null;

  @Column({ type: 'smallint' })
  maxPerDay: number;

  @Column({ type: 'smallint' })
  minIntervalMinutes: number;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** The passing alerts a user was sent: the day's count (Europe/Paris day) and the last one, for cap and interval. */
@Entity('passing_alert_state')
export class PassingAlertState {
  @PrimaryColumn({ type: 'integer' })
  userId: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'date' })
  day: string;

  @Column({ type: 'integer' })
  dayCount: number;

  @Column({ type: 'timestamptz' })
  lastAt: Date;
}

/** The last message alert of a conversation to one of its participants (one a minute at most). */
@Entity('message_alert_marks')
export class MessageAlertMark {
  @PrimaryColumn({ type: 'integer' })
  userId: number;

  @PrimaryColumn({ type: 'integer' })
  conversationId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;

  @Column({ type: 'timestamptz' })
  lastAt: Date;
}

/**
 * A conversation open on a device: one row per live `messageAdded` subscription on any gateway instance, refreshed
 * by a heartbeat, deleted when it ends; a row not refreshed for PRESENCE_STALE_S (instance gone) no longer counts.
 */
@Entity('conversation_presence')
@Index('IDX_conversation_presence_user_conversation', ['userId', 'conversationId'])
export class ConversationPresence {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'integer' })
  userId: number;

  @Column({ type: 'integer' })
  conversationId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  seenAt: Date;
}
