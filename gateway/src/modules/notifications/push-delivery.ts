import type { DataSource } from 'typeorm';
import type { Queryable } from '../../db/prepared';
import { DropJob, type Outbox, RetryJob } from '../../outbox/outbox';
import type { PushMessage } from './alert-text';
import { PushSubscription } from './notification.entities';
import { checkPushEndpoint, type EndpointPolicy, type Vapid } from './push-config';
import { type PushOptions, sendPush } from './push-sender';

/** The outbox kind of one push to one device. */
export const PUSH_SEND_JOB = 'push.send';

/** Payload of `push.send`. */
export interface PushSendJob extends PushOptions {
  subscriptionId: number;
  payload: PushMessage;
  /** ISO time the push was decided; past `ttl` seconds it is no longer worth sending. */
  createdAt: string;
}

/** Delivery options of each kind of alert. */
export const DELIVERY = {
  discovery: { ttl: 600, urgency: 'high', topic: 'discovery' },
  message: { ttl: 24 * 60 * 60, urgency: 'normal' },
  priceDrop: { ttl: 24 * 60 * 60, urgency: 'normal' },
  test: { ttl: 600, urgency: 'high', topic: 'test' },
} satisfies Record<string, PushOptions>;

/** Web Push delivery: every push is a `push.send` job of the outbox, one per device, run here. */
export class PushDelivery {
  constructor(private readonly deps: { db: DataSource; outbox: Outbox; vapid: Vapid; policy: EndpointPolicy }) {
    deps.outbox.register<PushSendJob>(PUSH_SEND_JOB, (p) => this.deliver(p));
  }

  /** Whether the user has a device. */
  async hasDevice(userId: number): Promise<boolean> {
    const rows: unknown[] = await this.deps.db.query(`SELECT 1 FROM push_subscriptions WHERE user_id = $1 LIMIT 1`, [
      userId,
    ]);
    return rows.length > 0;
  }

  /** Queues one `push.send` per device of the user, through `tx`; answers how many. */
  async enqueuePushes(tx: Queryable, userId: number, payload: PushMessage, opts: PushOptions): Promise<number> {
    const subs: { id: number }[] = await tx.query(`SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY id`, [
      userId,
    ]);
    const createdAt = new Date().toISOString();
    for (const s of subs) {
      const job: PushSendJob = { subscriptionId: s.id, payload, createdAt, ...opts };
      await this.deps.outbox.enqueue(tx, PUSH_SEND_JOB, job);
    }
    return subs.length;
  }

  /**
   * One push to one device: 2xx done; 404/410 the device is gone (deleted); 429, 5xx, timeouts and network
   * failures are retried (Retry-After honoured); any other answer is a permanent failure. The endpoint is checked
   * again, so a device stored under other settings is never posted to.
   */
  private async deliver(job: PushSendJob): Promise<void> {
    const sub = await this.deps.db.getRepository(PushSubscription).findOneBy({ id: Number(job?.subscriptionId) || 0 });
    if (!sub) return;
    if (Date.now() - Date.parse(job.createdAt) > job.ttl * 1000) return;
    try {
      checkPushEndpoint(sub.endpoint, this.deps.policy);
    } catch {
      throw new DropJob('push endpoint refused by the current settings');
    }
    const outcome = await sendPush(sub, JSON.stringify(job.payload), job, this.deps.vapid);
    const { status } = outcome;
    if (status >= 200 && status < 300) {
      await this.deps.db.query(`UPDATE push_subscriptions SET last_success_at = now() WHERE id = $1`, [sub.id]);
      return;
    }
    if (status === 404 || status === 410) {
      await this.deps.db.query(`DELETE FROM push_subscriptions WHERE id = $1 AND endpoint = $2`, [
        sub.id,
        sub.endpoint,
      ]);
      return;
    }
    const reason = `push service answered ${status || outcome.error}`;
    if (status === 0 || status === 429 || status >= 500) throw new RetryJob(reason, outcome.retryAfterMs);
    throw new DropJob(`${reason}: ${outcome.error ?? ''}`.trim());
  }
}
