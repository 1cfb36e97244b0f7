import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** A raw position fix (table user_locations); purged after 30 days. */
@Entity('user_locations')
@Index('IDX_user_locations_user_timestamp', ['userId', 'timestamp'])
@Index('UQ_user_locations_user_client', ['userId', 'clientId'], { unique: true, where: '"client_id" IS NOT NULL' })
export class UserLocation {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'numeric', precision: 10, scale: 7 })
  latitude: string;

  @Column({ type: 'numeric', precision: 10, scale: 7 })
  longitude: string;

  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true })
  accuracy: string | null;

  @Index()
  @Column({ type: 'timestamptz' })
  timestamp: Date;

  /** The key the device drew for the fix (reports it may repeat): a fix is stored once per user and key. */
  @Column({ type: 'uuid', nullable: true })
  clientId: string | null;
}
