import crypto from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
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
import { parisToday } from '../../lib/paris-time';
import type { Throttles } from '../../lib/throttle';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { DropJob, type Outbox, RetryJob } from '../../outbox/outbox';
import { DISCOVERY_ALERT_JOB, type DiscoveryAlertPayload } from '../discovery/discovery.match';
import { PRICE_DROP_ALERT_JOB, type PriceDropAlertPayload } from '../properties/property-price-history';
import type { User } from '../users/user.entity';
import {
  messageAlert,
  passingAlert,
  type PassingListing,
  priceDropAlert,
  type PushMessage,
  TEST_ALERT,
  visitRequestAlert,
} from './alert-text';
import { NotificationSettingsRow, PushSubscription } from './notification.entities';
import { checkPushEndpoint, type EndpointPolicy, type Vapid } from './push-config';
import { type PushOptions, sendPush } from './push-sender';
import { inQuietHours } from './quiet-hours';
import type { WebhooksService } from '../webhooks/webhooks.service';

/** The outbox kinds this module runs. */
export const JOB = {
  /** One push to one device. */
  pushSend: 'push.send',
  /** A location report discovered listings (written by discovery in its transaction). */
  discoveryAlert: DISCOVERY_ALERT_JOB,
  /** A message was sent: tell the recipient unless the conversation is open on one of their devices. */
  messageAlert: 'message.alert',
  /** A visit request was made: tell the listing's owner. */
  visitAlert: 'visit.alert',
  /** A listing's price dropped (written by the listing's update): tell the users who keep it in their favourites. */
  priceDropAlert: PRICE_DROP_ALERT_JOB,
} as const;

/** Payload of `push.send`. */
export interface PushSendJob extends PushOptions {
  subscriptionId: number;
  payload: PushMessage;
  /** ISO time the push was decided; past `ttl` seconds it is no longer worth sending. */
  createdAt: string;
}

/** Delivery options of each kind of alert. */
const DELIVERY = {
  discovery: { ttl: 600, urgency: 'high', topic: 'discovery' },
  message: { ttl: 24 * 60 * 60, urgency: 'normal' },
  priceDrop: { ttl: 24 * 60 * 60, urgency: 'normal' },
  test: { ttl: 600, urgency: 'high', topic: 'test' },
} satisfies Record<string, PushOptions>;

/** A conversation open on a device counts until its heartbeat is this old. */
export const PRESENCE_STALE_S = 90;
/** How often the open conversations of an instance are refreshed. */
export const PRESENCE_HEARTBEAT_MS = 30_000;

/** The French first name shown in an alert: the first name, else the username. */
const firstNameOf = (u: { firstName: string | null; username: string }) => u.firstName?.trim() || u.username;

/**
 * Web Push: the devices of a user (push subscriptions), their alert settings, and the rules that turn a discovery,
 * a message or a visit request into pushes. Every push is a `push.send` job of the outbox, one per device.
 */
export class NotificationsService {
  private readonly policy: EndpointPolicy;
  /** Open conversations of this instance (presence rows), refreshed together by one heartbeat. */
  private readonly present = new Set<string>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: {
      db: DataSource;
      outbox: Outbox;
      logger: Logger;
      throttles: Throttles;
      vapid: Vapid;
      isProduction: boolean;
      pushEndpointHosts: string[];
      webhooks: WebhooksService;
    },
  ) {
    this.policy = { isProduction: deps.isProduction, hosts: deps.pushEndpointHosts };
    deps.outbox.register<PushSendJob>(JOB.pushSend, (p) => this.deliver(p));
    deps.outbox.register<DiscoveryAlertPayload>(JOB.discoveryAlert, (p) => this.onDiscovery(p));
    deps.outbox.register<{ messageId: number }>(JOB.messageAlert, (p) => this.onMessage(p));
    deps.outbox.register<{ visitRequestId: number }>(JOB.visitAlert, (p) => this.onVisitRequest(p));
    deps.outbox.register<PriceDropAlertPayload>(JOB.priceDropAlert, (p) => this.onPriceDrop(p));
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
    const n = await this.deps.db.transaction((tx) => this.enqueuePushes(tx, me.id, TEST_ALERT, DELIVERY.test));
    if (n) this.deps.outbox.nudge();
    return n;
  }

  // ─── Settings ──────────────────────────────────────────────────────────────────────────────────────────────

  /** The viewer's alert settings (the defaults until changed). */
  async settings(viewer: User | null): Promise<TNotificationSettings> {
    return this.settingsOf(requireViewer(viewer).id);
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
      const next = { ...(await this.settingsOf(me.id, tx)), ...patch };
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

  private async settingsOf(userId: number, q: Queryable = this.deps.db): Promise<TNotificationSettings> {
    const [row]: NotificationSettingsRow[] = await q.query(
      `SELECT passing_alerts AS "passingAlerts", message_alerts AS "messageAlerts", quiet_start AS "quietStart",
              quiet_end AS "quietEnd", max_per_day AS "maxPerDay", min_interval_minutes AS "minIntervalMinutes"
       FROM notification_settings WHERE user_id = $1`,
      [userId],
    );
    if (!row) return structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
    return {
      passingAlerts: row.passingAlerts,
      messageAlerts: row.messageAlerts,
      quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
      maxPerDay: row.maxPerDay,
      minIntervalMinutes: row.minIntervalMinutes,
    };
  }

  // ─── Alerts ────────────────────────────────────────────────────────────────────────────────────────────────

  /** Queues the alert of a new message, in the transaction that stores it (the handler decides). */
  enqueueMessageAlert(tx: Queryable, messageId: number): Promise<void> {
    return this.deps.outbox.enqueue(tx, JOB.messageAlert, { messageId });
  }

  /** Queues the owner's alert of a new visit request, in the transaction that stores it. */
  enqueueVisitAlert(tx: Queryable, visitRequestId: number): Promise<void> {
    return this.deps.outbox.enqueue(tx, JOB.visitAlert, { visitRequestId });
  }

  /** Wakes this instance's worker after a transaction that queued alerts has committed. */
  nudge(): void {
    this.deps.outbox.nudge();
  }

  /**
   * One push per pass, unless passing alerts are off, it is quiet hours, the fix is stale, the day's cap is reached
   * or the interval since the last passing alert has not passed. Cap and interval are one conditional upsert, so
   * that two instances handling two passes of one user cannot both send.
   */
  private async onDiscovery(job: DiscoveryAlertPayload): Promise<void> {
    const userId = Number(job?.userId);
    const fixAt = Date.parse(String(job?.fixAt));
    if (!Number.isInteger(userId) || !Number.isFinite(fixAt) || !Array.isArray(job.items))
      throw new DropJob('malformed discovery.alert');
    // Integrators hear of every discovery, live or replayed, whatever the push settings (at least once: the
    // event ids make a repeat of this job deliver nothing new).
    await this.deps.webhooks.emitNow(
      ...job.items.map((item) => ({
        type: 'discovery.created' as const,
        id: `discovery_${userId}_${Number(item.propertyId)}_${fixAt}`,
        userIds: [userId],
        data: {
          discovery: {
            propertyId: Number(item.propertyId),
            distanceM: Number(item.distanceM),
            discoveredAt: new Date(fixAt).toISOString(),
          },
        },
      })),
    );
    if (!job.items.length || Date.now() - fixAt > NOTIFICATION_LIMITS.passingFixMaxAgeMinutes * 60_000) return;
    const settings = await this.settingsOf(userId);
    if (!settings.passingAlerts || inQuietHours(settings.quietHours)) return;
    if (!(await this.hasDevice(userId))) return;
    const ids = job.items.map((i) => Number(i.propertyId)).filter(Number.isInteger);
    const rows: { id: number; title: string; price: string; isRental: boolean; currency: string }[] =
      await this.deps.db.query(
        `SELECT id, title, price, is_rental AS "isRental", currency FROM properties WHERE id = ANY($1::int[])`,
        [ids],
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const listings: PassingListing[] = job.items.flatMap((i) => {
      const p = byId.get(Number(i.propertyId));
      return p ? [{ ...p, distanceM: Number(i.distanceM) || 0 }] : [];
    });
    if (!listings.length) return;
    const sent = await this.deps.db.transaction(async (tx) => {
      const granted: unknown[] = await tx.query(
        `INSERT INTO passing_alert_state AS s (user_id, day, day_count, last_at) VALUES ($1, $2::date, 1, now())
         ON CONFLICT (user_id) DO UPDATE SET
           day_count = CASE WHEN s.day = EXCLUDED.day THEN s.day_count + 1 ELSE 1 END,
           day = EXCLUDED.day, last_at = now()
         WHERE (s.day <> EXCLUDED.day OR s.day_count < $3)
           AND ($4::int = 0 OR s.last_at <= now() - make_interval(mins => $4::int))
         RETURNING s.day_count`,
        [userId, parisToday(), settings.maxPerDay, settings.minIntervalMinutes],
      );
      if (!granted.length) return 0;
      return this.enqueuePushes(tx, userId, passingAlert(listings), DELIVERY.discovery);
    });
    if (sent) this.deps.outbox.nudge();
  }

  /**
   * « Nouveau message de {prénom} » to the recipient, unless message alerts are off, it is quiet hours, one of the
   * recipient's devices has the conversation open (any instance), or the conversation alerted them less than a
   * minute ago.
   */
  private async onMessage(job: { messageId: number }): Promise<void> {
    const [m]: {
      conversationId: number;
      content: string;
      senderId: number;
      recipientId: number;
      firstName: string | null;
      username: string;
    }[] = await this.deps.db.query(
      `SELECT m.conversation_id AS "conversationId", m.content, m.sender_id AS "senderId",
              CASE WHEN c.user1_id = m.sender_id THEN c.user2_id ELSE c.user1_id END AS "recipientId",
              u.first_name AS "firstName", u.username
       FROM messages m JOIN conversations c ON c.id = m.conversation_id JOIN users u ON u.id = m.sender_id
       WHERE m.id = $1`,
      [Number(job?.messageId) || 0],
    );
    if (!m) return;
    const userId = m.recipientId;
    if (!(await this.alertable(userId, 'messageAlerts'))) return;
    if (await this.isConversationOpen(userId, m.conversationId)) return;
    const message = messageAlert(firstNameOf(m), m.content ?? '', m.conversationId);
    const sent = await this.deps.db.transaction(async (tx) => {
      const granted: unknown[] = await tx.query(
        `INSERT INTO message_alert_marks AS k (user_id, conversation_id, last_at) VALUES ($1, $2, now())
         ON CONFLICT (user_id, conversation_id) DO UPDATE SET last_at = now()
         WHERE k.last_at <= now() - make_interval(secs => $3::int)
         RETURNING 1`,
        [userId, m.conversationId, NOTIFICATION_LIMITS.messageAlertIntervalSeconds],
      );
      if (!granted.length) return 0;
      return this.enqueuePushes(tx, userId, message, {
        ...DELIVERY.message,
        topic: `message-${m.conversationId}`.slice(0, 32),
      });
    });
    if (sent) this.deps.outbox.nudge();
  }

  /** « Nouvelle demande de visite » to the listing's owner (message alerts setting, quiet hours). */
  private async onVisitRequest(job: { visitRequestId: number }): Promise<void> {
    const [v]: {
      ownerId: number | null;
      requesterId: number;
      propertyId: number;
      title: string;
      firstName: string | null;
      username: string;
    }[] = await this.deps.db.query(
      `SELECT p.owner_id AS "ownerId", v.requester_id AS "requesterId", p.id AS "propertyId", p.title,
              u.first_name AS "firstName", u.username
       FROM contact_requests v JOIN properties p ON p.id = v.property_id JOIN users u ON u.id = v.requester_id
       WHERE v.id = $1`,
      [Number(job?.visitRequestId) || 0],
    );
    if (!v || v.ownerId === null || !(await this.alertable(v.ownerId, 'messageAlerts'))) return;
    const [conversation]: { id: number }[] = await this.deps.db.query(
      `SELECT id FROM conversations WHERE user1_id = $1 AND user2_id = $2 AND property_id = $3`,
      [Math.min(v.ownerId, v.requesterId), Math.max(v.ownerId, v.requesterId), v.propertyId],
    );
    const message = visitRequestAlert(firstNameOf(v), v.title, conversation?.id ?? null);
    const ownerId = v.ownerId;
    const sent = await this.deps.db.transaction((tx) =>
      this.enqueuePushes(tx, ownerId, message, { ...DELIVERY.message, topic: undefined }),
    );
    if (sent) this.deps.outbox.nudge();
  }

  /**
   * « Baisse de prix : {titre} » to each user who keeps the listing in their favourites (never its owner), under the
   * settings of passing alerts: off when passingAlerts is off or in quiet hours; the favourites, settings and devices
   * are read in one statement.
   */
  private async onPriceDrop(job: PriceDropAlertPayload): Promise<void> {
    const propertyId = Number(job?.propertyId);
    if (!Number.isInteger(propertyId) || !job.oldPrice || !job.newPrice)
      throw new DropJob('malformed price.drop.alert');
    const rows: {
      userId: number;
      title: string;
      isRental: boolean;
      currency: string;
      passingAlerts: boolean | null;
      quietStart: string | null;
      quietEnd: string | null;
    }[] = await this.deps.db.query(
      `SELECT f.user_id AS "userId", p.title, p.is_rental AS "isRental", p.currency,
              s.passing_alerts AS "passingAlerts", s.quiet_start AS "quietStart", s.quiet_end AS "quietEnd"
       FROM favorites f JOIN properties p ON p.id = f.property_id
       LEFT JOIN notification_settings s ON s.user_id = f.user_id
       WHERE f.property_id = $1 AND f.user_id IS DISTINCT FROM p.owner_id
         AND EXISTS (SELECT 1 FROM push_subscriptions d WHERE d.user_id = f.user_id)
       ORDER BY f.user_id`,
      [propertyId],
    );
    const defaults = DEFAULT_NOTIFICATION_SETTINGS;
    const told = rows.filter((r) => {
      // No settings row: the defaults (quiet hours included) apply.
      const on = r.passingAlerts ?? defaults.passingAlerts;
      const quiet =
        r.passingAlerts === null
          ? defaults.quietHours
          : r.quietStart && r.quietEnd
            ? { start: r.quietStart, end: r.quietEnd }
            : null;
      return on && !inQuietHours(quiet);
    });
    if (!told.length) return;
    const sent = await this.deps.db.transaction(async (tx) => {
      let n = 0;
      for (const r of told) {
        const message = priceDropAlert({ id: propertyId, ...r }, job.oldPrice, job.newPrice);
        n += await this.enqueuePushes(tx, r.userId, message, { ...DELIVERY.priceDrop, topic: `price-${propertyId}` });
      }
      return n;
    });
    if (sent) this.deps.outbox.nudge();
  }

  /**
   * The end-of-walk digest (modules/walks): sent like a passing alert (passingAlerts on, dropped during quiet hours,
   * a device needed) but outside the passing alerts' day cap and interval. `claim` runs in the transaction that
   * queues the pushes and answers whether this call may send (once per walk). Answers how many pushes were queued.
   */
  async sendWalkDigest(
    userId: number,
    message: PushMessage,
    opts: PushOptions,
    claim: (tx: Queryable) => Promise<boolean>,
  ): Promise<number> {
    if (!(await this.alertable(userId, 'passingAlerts'))) return 0;
    const sent = await this.deps.db.transaction(async (tx) =>
      (await claim(tx)) ? this.enqueuePushes(tx, userId, message, opts) : 0,
    );
    if (sent) this.deps.outbox.nudge();
    return sent;
  }

  /** The setting is on, the user has a device, and it is not quiet hours. */
  private async alertable(userId: number, setting: 'messageAlerts' | 'passingAlerts'): Promise<boolean> {
    const settings = await this.settingsOf(userId);
    return settings[setting] && !inQuietHours(settings.quietHours) && (await this.hasDevice(userId));
  }

  private async hasDevice(userId: number): Promise<boolean> {
    const rows: unknown[] = await this.deps.db.query(`SELECT 1 FROM push_subscriptions WHERE user_id = $1 LIMIT 1`, [
      userId,
    ]);
    return rows.length > 0;
  }

  /** Queues one `push.send` per device of the user, through `tx`; answers how many. */
  private async enqueuePushes(tx: Queryable, userId: number, payload: PushMessage, opts: PushOptions): Promise<number> {
    const subs: { id: number }[] = await tx.query(`SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY id`, [
      userId,
    ]);
    const createdAt = new Date().toISOString();
    for (const s of subs) {
      const job: PushSendJob = { subscriptionId: s.id, payload, createdAt, ...opts };
      await this.deps.outbox.enqueue(tx, JOB.pushSend, job);
    }
    return subs.length;
  }

  // ─── Delivery ──────────────────────────────────────────────────────────────────────────────────────────────

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
      checkPushEndpoint(sub.endpoint, this.policy);
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

  // ─── Presence ──────────────────────────────────────────────────────────────────────────────────────────────

  /** Whether one of the user's devices has the conversation open, on any gateway instance. */
  async isConversationOpen(userId: number, conversationId: number): Promise<boolean> {
    const rows: unknown[] = await this.deps.db.query(
      `SELECT 1 FROM conversation_presence WHERE user_id = $1 AND conversation_id = $2
         AND seen_at > now() - make_interval(secs => $3::int) LIMIT 1`,
      [userId, conversationId, PRESENCE_STALE_S],
    );
    return rows.length > 0;
  }

  /**
   * Marks the conversation open for the user while `source` (its live stream of messages) is subscribed: a row of
   * conversation_presence, written before the stream is handed over, refreshed by this instance's heartbeat,
   * deleted when the stream ends (client stop, socket closed).
   */
  async trackOpen<T>(
    userId: number,
    conversationId: number,
    source: AsyncIterable<T>,
  ): Promise<AsyncIterableIterator<T>> {
    const id = crypto.randomUUID();
    await this.deps.db.query(
      `INSERT INTO conversation_presence (id, user_id, conversation_id, seen_at) VALUES ($1, $2, $3, now())`,
      [id, userId, conversationId],
    );
    this.present.add(id);
    this.startHeartbeat();
    const inner = source[Symbol.asyncIterator]();
    let ended = false;
    const end = async () => {
      if (ended) return;
      ended = true;
      this.present.delete(id);
      await this.deps.db
        .query(`DELETE FROM conversation_presence WHERE id = $1`, [id])
        .catch((err: unknown) => this.deps.logger.warn({ err }, 'presence: could not delete a row'));
    };
    const iterator: AsyncIterableIterator<T> = {
      next: async () => {
        const r = await inner.next();
        if (r.done) await end();
        return r;
      },
      return: async (value?: unknown) => {
        await end();
        return (await inner.return?.(value)) ?? { done: true, value: value as T };
      },
      throw: async (err?: unknown) => {
        await end();
        if (inner.throw) return inner.throw(err);
        throw err;
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      if (!this.present.size) {
        clearInterval(this.heartbeat);
        this.heartbeat = undefined;
        return;
      }
      void this.deps.db
        .query(`UPDATE conversation_presence SET seen_at = now() WHERE id = ANY($1::uuid[])`, [[...this.present]])
        .then(() =>
          // Rows of instances that died without ending their streams.
          this.deps.db.query(`DELETE FROM conversation_presence WHERE seen_at < now() - interval '1 hour'`),
        )
        .catch((err: unknown) => this.deps.logger.warn({ err }, 'presence heartbeat failed'));
    }, PRESENCE_HEARTBEAT_MS);
    this.heartbeat.unref();
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
