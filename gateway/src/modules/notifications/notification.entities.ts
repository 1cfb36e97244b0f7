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

/**
 * The alerts a user was last sent, one row per kind and subject, for the caps and intervals: `passing` (subject 0:
 * the day's count, Europe/Paris day, and the last one) and `message` (subject: the conversation, one alert a minute
 * at most). A conversation's marks go with its participant's account.
 */
@Entity('alert_marks')
export class AlertMark {
  @PrimaryColumn({ type: 'integer' })
  userId: number;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  kind: 'passing' | 'message';

  @PrimaryColumn({ type: 'integer' })
  subjectId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** passing: the Europe/Paris day the count is of. */
  @Column({ type: 'date', nullable: true })
  day: string | null;

  /** passing: the alerts sent that day. */
  @Column({ type: 'integer', default: 0 })
  dayCount: number;

  @Column({ type: 'timestamptz' })
  lastAt: Date;
}
