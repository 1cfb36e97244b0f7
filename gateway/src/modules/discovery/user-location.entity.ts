import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A raw position fix (table user_locations, partitioned by day of `timestamp`: migration UserLocationsByDay);
 * purged after 30 days, a whole day's partition at a time.
 */
@Entity('user_locations')
@Index('IDX_user_locations_user_timestamp', ['userId', 'timestamp'])
// A partition's unique index must hold the partition key: a fix is stored once per user, key and time (a key
// already stored at another time is refused by the INSERT itself).
@Index('UQ_user_locations_user_client_time', ['userId', 'clientId', 'timestamp'], {
  unique: true,
  where: '"client_id" IS NOT NULL',
})
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
  @PrimaryColumn({ type: 'timestamptz' })
  timestamp: Date;

  /** The key the device drew for the fix (reports it may repeat): a fix is stored once per user and key. */
  @Column({ type: 'uuid', nullable: true })
  clientId: string | null;
}
