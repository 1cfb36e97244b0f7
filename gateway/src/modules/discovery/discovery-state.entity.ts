import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * When the user's last matching pass ran: the gate (one pass per DISCOVERY_PASS_INTERVAL_S) is one atomic upsert,
 * valid across instances.
 */
@Entity('discovery_state')
export class DiscoveryState {
  @PrimaryColumn({ type: 'integer' })
  userId: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'timestamptz' })
  lastPassAt: Date;

  /**
   * The fix time of the last pass of a replayed fix (batches): a replayed fix is matched only
   * DISCOVERY_PASS_INTERVAL_S after it, on fix time; live reports neither read nor move it.
   */
  @Column({ type: 'timestamptz', nullable: true })
  lastReplayFixAt: Date | null;
}
