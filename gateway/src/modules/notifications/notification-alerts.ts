import { NOTIFICATION_LIMITS } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import type { Queryable } from '../../db/prepared';
import { parisToday } from '../../lib/paris-time';
import { DropJob, type Outbox } from '../../outbox/outbox';
import { listingPublicSql } from '../properties/lib/listing-visibility';
import { PRICE_DROP_ALERT_JOB, type PriceDropAlertPayload } from '../properties/property-price-history';
import { firstNameOf } from '../users/public-user.type';
import { MESSAGE_ALERT_JOB, type PassingAlertInput, VISIT_ALERT_JOB } from './alert-jobs';
import {
  messageAlert,
  passingAlert,
  type PassingListing,
  priceDropAlert,
  type PushMessage,
  visitRequestAlert,
} from './alert-text';
import type { NotificationSettingsRow } from './notification.entities';
import { readSettings, settingsColumnsSql, settingsFromRow } from './notification-settings';
import { DELIVERY, type PushDelivery } from './push-delivery';
import type { PushOptions } from './push-sender';
import { inQuietHours } from './quiet-hours';

/** Whether one of the user's devices has the conversation open, on any gateway instance. */
export type IsConversationOpen = (userId: number, conversationId: number) => Promise<boolean>;

/**
 * The consumers of the alert jobs: the rules that turn a discovery, a message, a visit request or a price drop into
 * pushes (settings, quiet hours, caps), and the end-of-walk digest.
 */
export class NotificationAlerts {
  constructor(
    private readonly deps: {
      db: DataSource;
      outbox: Outbox;
      push: PushDelivery;
      /** Whether one of the user's devices has the conversation open (the conversations domain answers it). */
      isConversationOpen: IsConversationOpen;
    },
  ) {
    deps.outbox.register<{ messageId: number }>(MESSAGE_ALERT_JOB, (p) => this.onMessage(p));
    deps.outbox.register<{ visitRequestId: number }>(VISIT_ALERT_JOB, (p) => this.onVisitRequest(p));
    deps.outbox.register<PriceDropAlertPayload>(PRICE_DROP_ALERT_JOB, (p) => this.onPriceDrop(p));
  }

  /**
   * The passing alert of a location report's discoveries: one push per pass, unless passing alerts are off, it is
   * quiet hours, the fix is stale, the day's cap is reached or the interval since the last passing alert has not
   * passed. Cap and interval are one conditional upsert, so that two instances handling two passes of one user cannot
   * both send.
   */
  async passing(job: PassingAlertInput): Promise<void> {
    const userId = Number(job.userId);
    const fixAt = Date.parse(job.fixAt);
    if (!job.items.length || Date.now() - fixAt > NOTIFICATION_LIMITS.passingFixMaxAgeMinutes * 60_000) return;
    const settings = await readSettings(this.deps.db, userId);
    if (!settings.passingAlerts || inQuietHours(settings.quietHours)) return;
    if (!(await this.deps.push.hasDevice(userId))) return;
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
        `INSERT INTO alert_marks AS s (user_id, kind, subject_id, day, day_count, last_at)
         VALUES ($1, 'passing', 0, $2::date, 1, now())
         ON CONFLICT (user_id, kind, subject_id) DO UPDATE SET
           day_count = CASE WHEN s.day = EXCLUDED.day THEN s.day_count + 1 ELSE 1 END,
           day = EXCLUDED.day, last_at = now()
         WHERE (s.day <> EXCLUDED.day OR s.day_count < $3)
           AND ($4::int = 0 OR s.last_at <= now() - make_interval(mins => $4::int))
         RETURNING s.day_count`,
        [userId, parisToday(), settings.maxPerDay, settings.minIntervalMinutes],
      );
      if (!granted.length) return 0;
      return this.deps.push.enqueuePushes(tx, userId, passingAlert(listings), DELIVERY.discovery);
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
      deletedAt: Date | null;
    }[] = await this.deps.db.query(
      `SELECT m.conversation_id AS "conversationId", m.content, m.sender_id AS "senderId",
              CASE WHEN c.user1_id = m.sender_id THEN c.user2_id ELSE c.user1_id END AS "recipientId",
              u.first_name AS "firstName", u.username, u.deleted_at AS "deletedAt"
       FROM messages m JOIN conversations c ON c.id = m.conversation_id JOIN users u ON u.id = m.sender_id
       WHERE m.id = $1`,
      [Number(job?.messageId) || 0],
    );
    if (!m) return;
    const userId = m.recipientId;
    if (!(await this.alertable(userId, 'messageAlerts'))) return;
    if (await this.deps.isConversationOpen(userId, m.conversationId)) return;
    const message = messageAlert(firstNameOf(m), m.content ?? '', m.conversationId);
    const sent = await this.deps.db.transaction(async (tx) => {
      const granted: unknown[] = await tx.query(
        `INSERT INTO alert_marks AS k (user_id, kind, subject_id, last_at) VALUES ($1, 'message', $2, now())
         ON CONFLICT (user_id, kind, subject_id) DO UPDATE SET last_at = now()
         WHERE k.last_at <= now() - make_interval(secs => $3::int)
         RETURNING 1`,
        [userId, m.conversationId, NOTIFICATION_LIMITS.messageAlertIntervalSeconds],
      );
      if (!granted.length) return 0;
      return this.deps.push.enqueuePushes(tx, userId, message, {
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
      deletedAt: Date | null;
    }[] = await this.deps.db.query(
      `SELECT p.owner_id AS "ownerId", v.requester_id AS "requesterId", p.id AS "propertyId", p.title,
              u.first_name AS "firstName", u.username, u.deleted_at AS "deletedAt"
       FROM visit_requests v JOIN properties p ON p.id = v.property_id JOIN users u ON u.id = v.requester_id
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
      this.deps.push.enqueuePushes(tx, ownerId, message, { ...DELIVERY.message, topic: undefined }),
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
    const rows: ({
      userId: number;
      title: string;
      isRental: boolean;
      currency: string;
      hasSettings: boolean;
    } & NotificationSettingsRow)[] = await this.deps.db.query(
      `SELECT f.user_id AS "userId", p.title, p.is_rental AS "isRental", p.currency,
              s.user_id IS NOT NULL AS "hasSettings", ${settingsColumnsSql('s')}
       FROM favorites f JOIN properties p ON p.id = f.property_id
       LEFT JOIN notification_settings s ON s.user_id = f.user_id
       WHERE f.property_id = $1 AND f.user_id IS DISTINCT FROM p.owner_id AND ${listingPublicSql('p')}
         AND EXISTS (SELECT 1 FROM push_subscriptions d WHERE d.user_id = f.user_id)
       ORDER BY f.user_id`,
      [propertyId],
    );
    const told = rows.filter((r) => {
      const settings = settingsFromRow(r.hasSettings ? r : null);
      return settings.passingAlerts && !inQuietHours(settings.quietHours);
    });
    if (!told.length) return;
    const sent = await this.deps.db.transaction(async (tx) => {
      let n = 0;
      for (const r of told) {
        const message = priceDropAlert({ id: propertyId, ...r }, job.oldPrice, job.newPrice);
        n += await this.deps.push.enqueuePushes(tx, r.userId, message, {
          ...DELIVERY.priceDrop,
          topic: `price-${propertyId}`,
        });
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
      (await claim(tx)) ? this.deps.push.enqueuePushes(tx, userId, message, opts) : 0,
    );
    if (sent) this.deps.outbox.nudge();
    return sent;
  }

  /** The setting is on, the user has a device, and it is not quiet hours. */
  private async alertable(userId: number, setting: 'messageAlerts' | 'passingAlerts'): Promise<boolean> {
    const settings = await readSettings(this.deps.db, userId);
    return settings[setting] && !inQuietHours(settings.quietHours) && (await this.deps.push.hasDevice(userId));
  }
}
