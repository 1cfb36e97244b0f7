import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A job of the durable outbox (outbox/outbox.ts): written in the transaction of the change that causes it, run by
 * one gateway instance at a time. A claimed job's `runAt` is pushed one lease ahead; a job that ran is deleted; a
 * job that failed for good is kept with `deadAt` for a week (maintenance purge).
 */
@Entity('outbox_jobs')
@Index('IDX_outbox_jobs_due', ['queue', 'runAt'], { where: '"dead_at" IS NULL' })
export class OutboxJob {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** The instances that may run it: those configured with the same OUTBOX_QUEUE. */
  @Column({ type: 'varchar', length: 64, default: 'default' })
  queue: string;

  /** What to do: the name of a registered handler (`push.send`, `discovery.alert`…). */
  @Column({ type: 'varchar', length: 64 })
  kind: string;

  @Column({ type: 'jsonb' })
  payload: unknown;

  /** When the job is due: now at first, later after a failure (backoff) or while a worker holds it (lease). */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  runAt: Date;

  /** Runs started so far. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  /** Set when the job failed for good (a permanent error, or its last attempt). */
  @Column({ type: 'timestamptz', nullable: true })
  deadAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
