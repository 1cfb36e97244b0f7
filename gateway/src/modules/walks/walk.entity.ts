import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A walk of one user (table walks): a run of their position fixes with no gap over WALK_GAP_MIN minutes. Kept up to
 * date by a trigger on user_locations (migration WalkJournal), in the statement that stores each fix, whatever
 * path stores it (live report, batch, store-only). It holds figures and times; its only position is its last fix's,
 * kept as long as that fix (30 days: the purge clears it), never shown: the trace is read from the fixes while they
 * are kept.
 */
@Entity('walks')
@Index('IDX_walks_user_started', ['userId', 'startedAt'])
@Index('IDX_walks_digest_due', ['lastFixAt'], { where: '"digest_queued_at" IS NULL' })
@Index('IDX_walks_positioned', ['lastFixAt'], { where: '"last_latitude" IS NOT NULL' })
export class WalkRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** Time of the first fix. */
  @Column({ type: 'timestamptz' })
  startedAt: Date;

  /** Time of the last fix; the walk ends WALK_GAP_MIN minutes after it. */
  @Column({ type: 'timestamptz' })
  lastFixAt: Date;

  /** Great-circle length of the path through the fixes in time order, metres. */
  @Column({ type: 'double precision', default: 0 })
  distanceM: number;

  @Column({ type: 'integer', default: 1 })
  fixCount: number;

  /** When the end-of-walk sweep handled the walk (its digest job queued, or none due): once per walk. */
  @Column({ type: 'timestamptz', nullable: true })
  digestQueuedAt: Date | null;

  /** When the digest's pushes were queued (null: not sent, e.g. quiet hours or alerts off). */
  @Column({ type: 'timestamptz', nullable: true })
  digestSentAt: Date | null;

  /**
   * Position of the last fix (the walk trigger adds the distance from it), null once that fix is purged; internal,
   * never answered.
   */
  @Column({ type: 'double precision', nullable: true, select: false })
  lastLatitude: number | null;

  @Column({ type: 'double precision', nullable: true, select: false })
  lastLongitude: number | null;
}
