import crypto from 'node:crypto';
import {
  MSG,
  NOTIFICATION_LIMITS,
  TNotificationSettings,
  ZNotificationSettingsPatch,
  ZPushSubscription,
} from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import type { Queryable } from '../../db/prepared';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Throttles } from '../../lib/throttle';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import type { Outbox } from '../../outbox/outbox';
import type { User } from '../users/user.entity';
import { MESSAGE_ALERT_JOB, type PassingAlertInput, VISIT_ALERT_JOB } from './alert-jobs';
import { type PushMessage, TEST_ALERT } from './alert-text';
import { type IsConversationOpen, NotificationAlerts } from './notification-alerts';
import { PushSubscription } from './notification.entities';
import { readSettings } from './notification-settings';
import { checkPushEndpoint, type EndpointPolicy, type Vapid } from './push-config';
import { DELIVERY, PushDelivery } from './push-delivery';
import type { PushOptions } from './push-sender';

/**
 * Web Push: the devices of a user (push subscriptions) and their alert settings here; the alert consumers
 * (notification-alerts.ts) and the delivery of each push (push-delivery.ts) in their own files; whether a
 * conversation is open on a device comes from the conversations domain.
 */
export class NotificationsService {
  private readonly policy: EndpointPolicy;
  private readonly push: PushDelivery;
  private readonly alerts: NotificationAlerts;

  constructor(
    private readonly deps: {
      db: DataSource;
      outbox: Outbox;
      logger: Logger;
      throttles: Throttles;
      vapid: Vapid;
      isProduction: boolean;
      pushEndpointHosts: string[];
      isConversationOpen: IsConversationOpen;
    },
  ) {
    this.policy = { isProduction: deps.isProduction, hosts: deps.pushEndpointHosts };
    this.push = new PushDelivery({ db: deps.db, outbox: deps.outbox, vapid: deps.vapid, policy: this.policy });
    const { db, outbox, isConversationOpen } = deps;
    this.alerts = new NotificationAlerts({ db, outbox, push: this.push, isConversationOpen });
  }

  /** The VAPID public key browsers subscribe with (applicationServerKey), base64url. */
  publicKey(): string {
    return this.deps.vapid.publicKey;
  }

  // ─── Devices ───────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Stores the viewer's device. The same endpoint again updates its keys and moves it to the viewer (a shared
   * device signed in as someone else); past NOTIFICATION_LIMITS.subscriptionsPerUser, the oldest device is replaced.
   */
  async subscribe(viewer: User | null, input: unknown): Promise<{ id: number; created: boolean }> {
    const me = requireViewer(viewer);
    const sub = validate(ZPushSubscription, input);
    checkPushEndpoint(sub.endpoint, this.policy);
    if (!isP256Point(sub.keys.p256dh))
      throw new AppError('BAD_USER_INPUT', MSG.pushKeyInvalid, { fields: { 'keys.p256dh': MSG.pushKeyInvalid } });
    await this.deps.throttles.consume('pushSubscriptionsPerUser', String(me.id));
    const expiration = sub.expirationTime === null ? null : new Date(sub.expirationTime);
    return this.deps.db.transaction(async (tx) => {
      // One user's subscribes are serialized, so that the cap holds under concurrent calls.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('push-subscriptions:' || $1, 0))`, [me.id]);
      const [row]: { id: number; created: boolean }[] = await tx.query(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, expiration_time)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
           auth = EXCLUDED.auth, expiration_time = EXCLUDED.expiration_time, updated_at = now()
         RETURNING id, (xmax = 0) AS created`,
        [me.id, sub.endpoint, sub.keys.p256dh, sub.keys.auth, expiration],
      );
      await tx.query(
        `DELETE FROM push_subscriptions WHERE id IN (
           SELECT id FROM push_subscriptions WHERE user_id = $1 AND id <> $2
           ORDER BY created_at DESC, id DESC OFFSET $3)`,
        [me.id, row.id, NOTIFICATION_LIMITS.subscriptionsPerUser - 1],
      );
      return { id: row.id, created: row.created };
    });
  }

  /** Removes one of the viewer's devices; false when the viewer has no device with that endpoint. */
  async unsubscribe(viewer: User | null, endpoint: unknown): Promise<boolean> {
    const me = requireViewer(viewer);
    if (typeof endpoint !== 'string' || !endpoint || endpoint.length > NOTIFICATION_LIMITS.endpointMax)
      throw new AppError('BAD_USER_INPUT', MSG.pushEndpointInvalid, { fields: { endpoint: MSG.pushEndpointInvalid } });
    await this.deps.throttles.consume('pushSubscriptionsPerUser', String(me.id));
    const result = await this.deps.db.getRepository(PushSubscription).delete({ userId: me.id, endpoint });
    return (result.affected ?? 0) > 0;
  }

  /** Sends the test notification to every device of the viewer, whatever the settings; answers how many. */
  async sendTest(viewer: User | null): Promise<number> {
    const me = requireViewer(viewer);
    await this.deps.throttles.consume('pushTestsPerUser', String(me.id));
    const n = await this.deps.db.transaction((tx) => this.push.enqueuePushes(tx, me.id, TEST_ALERT, DELIVERY.test));
    if (n) this.deps.outbox.nudge();
    return n;
  }

  // ─── Settings ──────────────────────────────────────────────────────────────────────────────────────────────

  /** The viewer's alert settings (the defaults until changed). */
  async settings(viewer: User | null): Promise<TNotificationSettings> {
    return readSettings(this.deps.db, requireViewer(viewer).id);
  }

  /** Changes some settings: an absent field keeps its value, `quietHours: null` removes the quiet hours. */
  async updateSettings(viewer: User | null, input: unknown): Promise<TNotificationSettings> {
    const me = requireViewer(viewer);
    if (input === null || typeof input !== 'object' || Array.isArray(input))
      throw new AppError('BAD_USER_INPUT', MSG.invalidInput);
    // GraphQL gives absent fields as undefined: the same as leaving them out.
    const patch = validate(
      ZNotificationSettingsPatch,
      Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    );
    return this.deps.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('notification-settings:' || $1, 0))`, [me.id]);
      const next = { ...(await readSettings(tx, me.id)), ...patch };
      await tx.query(
        `INSERT INTO notification_settings
           (user_id, passing_alerts, message_alerts, quiet_start, quiet_end, max_per_day, min_interval_minutes, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now())
         ON CONFLICT (user_id) DO UPDATE SET passing_alerts = EXCLUDED.passing_alerts,
           message_alerts = EXCLUDED.message_alerts, quiet_start = EXCLUDED.quiet_start, quiet_end = EXCLUDED.quiet_end,
           max_per_day = EXCLUDED.max_per_day, min_interval_minutes = EXCLUDED.min_interval_minutes, updated_at = now()`,
        [
          me.id,
          next.passingAlerts,
          next.messageAlerts,
          next.quietHours?.start ?? null,
          next.quietHours?.end ?? null,
          next.maxPerDay,
          next.minIntervalMinutes,
        ],
      );
      return next;
    });
  }

  // ─── Alerts ────────────────────────────────────────────────────────────────────────────────────────────────

  /** Queues the alert of a new message, in the transaction that stores it (the handler decides). */
  enqueueMessageAlert(tx: Queryable, messageId: number): Promise<void> {
    return this.deps.outbox.enqueue(tx, MESSAGE_ALERT_JOB, { messageId });
  }

  /** Queues the owner's alert of a new visit request, in the transaction that stores it. */
  enqueueVisitAlert(tx: Queryable, visitRequestId: number): Promise<void> {
    return this.deps.outbox.enqueue(tx, VISIT_ALERT_JOB, { visitRequestId });
  }

  /** Wakes this instance's worker after a transaction that queued alerts has committed. */
  nudge(): void {
    this.deps.outbox.nudge();
  }

  /** The passing alert of a location report's discoveries (NotificationAlerts.passing). */
  alertPassing(job: PassingAlertInput): Promise<void> {
    return this.alerts.passing(job);
  }

  /**
   * The end-of-walk digest (modules/walks): sent like a passing alert (passingAlerts on, dropped during quiet hours,
   * a device needed) but outside the passing alerts' day cap and interval. `claim` runs in the transaction that
   * queues the pushes and answers whether this call may send (once per walk). Answers how many pushes were queued.
   */
  sendWalkDigest(
    userId: number,
    message: PushMessage,
    opts: PushOptions,
    claim: (tx: Queryable) => Promise<boolean>,
  ): Promise<number> {
    return this.alerts.sendWalkDigest(userId, message, opts, claim);
  }
}

/** Whether a base64url text is an uncompressed point of the P-256 curve (the device's key). */
function isP256Point(key: string): boolean {
  try {
    const raw = Buffer.from(key, 'base64url');
    crypto.createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    return raw.length === 65 && raw[0] === 4;
  } catch {
    return false;
  }
}
