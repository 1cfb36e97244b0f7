import type { DataSource } from 'typeorm';
import type { Queryable } from '../db/prepared';
import type { Logger } from '../lib/logger';

/*
 * The durable outbox: side effects that leave the process (Web Push deliveries, and later integrator webhooks) are
 * rows of `outbox_jobs`, inserted in the same transaction as the change that causes them, then run by a worker in
 * every gateway instance. A worker claims due rows with `FOR UPDATE SKIP LOCKED` and pushes their `run_at` one lease
 * ahead in the same statement, so two instances never run the same job at once; a job that ran is deleted; a failure
 * is retried with exponential backoff (or the delay the handler asks for, e.g. a Retry-After); a permanent failure
 * or the last attempt leaves the row marked dead. An instance that dies mid-job leaves the row to be claimed again
 * when its lease ends (at least once; a handler must tolerate a rare repeat). See docs/decisions.md#outbox.
 */

/** How long a claimed job is held before another instance may run it again. */
export const OUTBOX_LEASE_S = 60;
/** Attempts before a job is given up (dead). */
export const OUTBOX_MAX_ATTEMPTS = 10;
/** Backoff after the n-th failed attempt: 1 s, 2 s, 4 s… at most 1 h, ±20 % jitter. */
export const OUTBOX_BACKOFF = { firstMs: 1_000, maxMs: 60 * 60 * 1000 } as const;

/** A job as a handler sees it. */
export interface ClaimedJob<P = unknown> {
  id: string;
  kind: string;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
}

export type JobHandler<P = unknown> = (payload: P, job: ClaimedJob<P>) => Promise<void>;

/** Thrown by a handler: try again later (after `retryAfterMs` when given, else the backoff). */
export class RetryJob extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Thrown by a handler: the job can never succeed; it is kept as dead, not retried. */
export class DropJob extends Error {}

export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(OUTBOX_BACKOFF.maxMs, OUTBOX_BACKOFF.firstMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * The one INSERT of outbox jobs, also for a statement that inserts its jobs itself (a data-modifying CTE, so the jobs
 * commit with the change or not at all): one job of `kind` per row of `from` (a FROM clause and what follows it, e.g.
 * `FROM d HAVING count(*) > 0`; none: one job). `queue`, `payload` (jsonb) and `runAt` (now when absent) are SQL
 * expressions over those rows. Answers the new jobs' ids. Call nudge() once the statement's transaction has committed.
 */
export function jobInsertSql(kind: string, v: { queue: string; payload: string; runAt?: string }, from = ''): string {
  return `INSERT INTO outbox_jobs (queue, kind, payload, run_at)
SELECT ${v.queue}::varchar, '${kind.replace(/'/g, "''")}', ${v.payload}, ${v.runAt ?? 'now()'}${from ? `\n${from}` : ''}
RETURNING id`;
}

/** The worker of one gateway instance. */
export class Outbox {
  private readonly handlers = new Map<string, JobHandler<any>>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly deps: {
      db: DataSource;
      logger: Logger;
      /** Instances configured with the same queue share its jobs (OUTBOX_QUEUE). */
      queue: string;
      /** Idle poll: jobs enqueued by another instance are seen within this delay. */
      pollMs?: number;
      batchSize?: number;
      /** Seconds a claimed job is held (OUTBOX_LEASE_S; shorter in tests). */
      leaseS?: number;
    },
  ) {}

  /** Registers the handler of a kind (once per kind). */
  register<P>(kind: string, handler: JobHandler<P>): void {
    if (this.handlers.has(kind)) throw new Error(`outbox: handler for ${kind} already registered`);
    this.handlers.set(kind, handler as JobHandler<any>);
  }

  /** This instance's queue (for a statement that inserts jobs itself with jobInsertSql). */
  get queue(): string {
    return this.deps.queue;
  }

  /**
   * Inserts one job through `q`: a transaction's manager, so the job exists only if the change that causes it
   * commits. Call nudge() once that transaction has committed.
   */
  async enqueue(q: Queryable, kind: string, payload: unknown, opts: { delayMs?: number } = {}): Promise<void> {
    await q.query(
      jobInsertSql(kind, { queue: '$1', payload: '$2::jsonb', runAt: 'now() + make_interval(secs => $3::float8)' }),
      [this.deps.queue, JSON.stringify(payload), (opts.delayMs ?? 0) / 1000],
    );
  }

  /** Enqueues a job on its own (no surrounding change) and wakes the worker. */
  async add(kind: string, payload: unknown, opts: { delayMs?: number } = {}): Promise<void> {
    await this.enqueue(this.deps.db, kind, payload, opts);
    this.nudge();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.nudge();
  }

  /** Stops polling and waits for the jobs in hand (their rows are deleted or rescheduled as usual). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs a poll now (after the transaction that enqueued a job has committed). */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.loop().finally(() => {
      this.running = null;
      this.schedule(this.again ? 0 : (this.deps.pollMs ?? 1000));
      this.again = false;
    });
  }

  /** Runs every due job until none is left (tests and shutdown drains); answers how many ran. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.runOnce();
      if (n === 0) return total;
      total += n;
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.nudge();
    }, ms);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    const size = this.deps.batchSize ?? 10;
    for (;;) {
      this.again = false;
      let n: number;
      try {
        n = await this.runOnce(size);
      } catch (err) {
        // The database may be briefly away (restart, failover): the next poll tries again.
        if (!this.stopped) this.deps.logger.warn({ err }, 'outbox poll failed');
        return;
      }
      if (this.stopped || (n < size && !this.again)) return;
    }
  }

  /** Claims up to `size` due jobs and runs them concurrently; answers how many were claimed. */
  private async runOnce(size = 10): Promise<number> {
    // Wrapped in a SELECT: TypeORM answers an UPDATE as [rows, rowCount], a SELECT as its rows.
    const jobs: { id: string; kind: string; payload: unknown; attempts: number }[] = await this.deps.db.query(
      `WITH claimed AS (
         UPDATE outbox_jobs j SET run_at = now() + make_interval(secs => $2::float8), attempts = j.attempts + 1
         WHERE j.id IN (
           SELECT id FROM outbox_jobs WHERE queue = $3 AND dead_at IS NULL AND run_at <= now()
           ORDER BY run_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING j.id, j.kind, j.payload, j.attempts)
       SELECT id, kind, payload, attempts FROM claimed`,
      [size, this.deps.leaseS ?? OUTBOX_LEASE_S, this.deps.queue],
    );
    await Promise.all(
      jobs.map((j) => this.run({ id: String(j.id), kind: j.kind, payload: j.payload, attempt: j.attempts })),
    );
    return jobs.length;
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.kind);
    const log = this.deps.logger;
    try {
      if (!handler) throw new DropJob(`no handler for ${job.kind}`);
      await handler(job.payload, job);
      await this.deps.db.query(`DELETE FROM outbox_jobs WHERE id = $1`, [job.id]);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const dead = err instanceof DropJob || job.attempt >= OUTBOX_MAX_ATTEMPTS;
      if (dead) {
        log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempt, reason: message }, 'outbox job given up');
        await this.deps.db
          .query(`UPDATE outbox_jobs SET dead_at = now(), last_error = $2 WHERE id = $1`, [
            job.id,
            message.slice(0, 500),
          ])
          .catch((e: unknown) => log.error({ err: e }, 'outbox: could not mark a job dead'));
        return;
      }
      const delay =
        err instanceof RetryJob && err.retryAfterMs !== undefined ? err.retryAfterMs : backoffMs(job.attempt);
      if (!(err instanceof RetryJob)) log.error({ err, jobId: job.id, kind: job.kind }, 'outbox job failed');
      await this.deps.db
        .query(
          `UPDATE outbox_jobs SET run_at = now() + make_interval(secs => $2::float8), last_error = $3 WHERE id = $1`,
          [job.id, delay / 1000, message.slice(0, 500)],
        )
        .catch((e: unknown) => log.error({ err: e }, 'outbox: could not reschedule a job'));
    }
  }
}
