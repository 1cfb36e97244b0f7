import { randomBytes, randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_SCOPES,
  MSG,
  WEBHOOK_EVENT_SCOPES,
  WEBHOOK_LIMITS,
  ZCreateWebhook,
  type TWebhookEvent,
} from '@flaneur/schema';
import { Webhook as Signer } from 'standardwebhooks';
import type { DataSource } from 'typeorm';
import type { Queryable } from '../../db/prepared';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { checkOutboundUrl, postJson, type OutboundPolicy } from '../../lib/outbound';
import { validate } from '../../lib/validate';
import { parseId, requireViewer } from '../../lib/viewer';
import type { Outbox } from '../../outbox/outbox';
import { jobInsertSql, RetryJob } from '../../outbox/outbox';
import type { TokenGrant } from '../access-tokens/access-tokens.service';
import type { User } from '../users/user.entity';
import { Webhook, WebhookDelivery } from './webhook.entities';

/** The event → read scope table, as SQL reads it (`$n::jsonb ->> type`). */
const EVENT_SCOPES_JSON = JSON.stringify(WEBHOOK_EVENT_SCOPES);

/**
 * Whether webhook `w` may still receive an event of type `type` (SQL expressions; `scopes` is the bound
 * EVENT_SCOPES_JSON): the event's read scope among the registrant's scopes and, for a webhook registered with a
 * token, that token active and holding the scope. Checked when an event is written and again at each delivery.
 */
const mayReceive = (w: string, type: string, scopes: string) => `(
  (${scopes}::jsonb ->> ${type}) = ANY(${w}.scopes)
  AND (${w}.access_token_id IS NULL OR EXISTS (
    SELECT 1 FROM access_tokens t WHERE t.id = ${w}.access_token_id AND t.revoked_at IS NULL
      AND t.expires_at > now() AND (${scopes}::jsonb ->> ${type}) = ANY(t.scopes))))`;

/** The outbox job of one delivery attempt series. */
const DELIVER_JOB = 'webhook.deliver';

/** Waits after the 1st, 2nd… failed attempt; the attempt after the last wait is the last one. */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 86_400_000];
/** A receiver has this long to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Deliveries listed per webhook, newest first. */
const DELIVERIES_LISTED = 50;

/** An event to deliver: to the webhooks of `userIds` (and of the users who keep `favoritesOf` in their favourites). */
export interface WebhookEvent {
  type: TWebhookEvent;
  /** The `webhook-id`: stable for one event, so that a repeated emission is delivered once. */
  id?: string;
  userIds: number[];
  favoritesOf?: number;
  data: unknown;
}

/**
 * Integrators' webhooks: registration, the events (written in the transaction of the change that causes them, one
 * delivery row and one outbox job per receiving webhook) and their signed delivery (Standard Webhooks) with retries.
 */
export class WebhooksService {
  private readonly policy: OutboundPolicy;

  constructor(private readonly deps: { db: DataSource; outbox: Outbox; logger: Logger; isProduction: boolean }) {
    this.policy = { isProduction: deps.isProduction };
    deps.outbox.register<{ deliveryId: number }>(DELIVER_JOB, (p, job) => this.deliver(p, job.attempt));
  }

  private get repo() {
    return this.deps.db.getRepository(Webhook);
  }

  /**
   * Registers a receiver; its secret is answered this once. The scopes of the registrant are recorded (a token's, or
   * all of them for a signed-in session): each event needs its read scope (403 otherwise), now and at every delivery.
   */
  async create(
    viewer: User | null,
    input: unknown,
    via: TokenGrant | null = null,
  ): Promise<{ webhook: Webhook; secret: string }> {
    const me = requireViewer(viewer);
    const { url, events } = validate(ZCreateWebhook, input);
    const scopes: string[] = via ? [...via.scopes] : [...ACCESS_TOKEN_SCOPES];
    for (const event of events) {
      const need = WEBHOOK_EVENT_SCOPES[event];
      if (!scopes.includes(need))
        throw forbidden(MSG.webhookEventScopeMissing.replace('{event}', event).replace('{scope}', need));
    }
    if (!checkOutboundUrl(url, this.policy))
      throw new AppError('BAD_USER_INPUT', MSG.webhookUrlInvalid, { fields: { url: MSG.webhookUrlInvalid } });
    if ((await this.repo.countBy({ userId: me.id })) >= WEBHOOK_LIMITS.perUser)
      throw new AppError('BAD_USER_INPUT', MSG.webhookLimitReached);
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const webhook = await this.repo.save(
      this.repo.create({
        userId: me.id,
        url,
        events,
        scopes,
        accessTokenId: via?.id ?? null,
        secret,
        disabledAt: null,
      }),
    );
    return { webhook, secret };
  }

  /** The viewer's webhooks, oldest first. */
  list(viewer: User | null): Promise<Webhook[]> {
    const me = requireViewer(viewer);
    return this.repo.find({ where: { userId: me.id }, order: { id: 'ASC' } });
  }

  /** Deletes one of the viewer's webhooks with its deliveries; someone else's is a 404 like a missing one. */
  async delete(viewer: User | null, id: unknown): Promise<void> {
    const webhook = await this.own(viewer, id);
    await this.repo.delete({ id: webhook.id });
  }

  /** The latest deliveries of one of the viewer's webhooks, newest first. */
  async deliveries(viewer: User | null, webhookId: unknown): Promise<WebhookDelivery[]> {
    const webhook = await this.own(viewer, webhookId);
    return this.deps.db.getRepository(WebhookDelivery).find({
      where: { webhookId: webhook.id },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: DELIVERIES_LISTED,
    });
  }

  private async own(viewer: User | null, id: unknown): Promise<Webhook> {
    const me = requireViewer(viewer);
    const webhookId = parseId(id);
    const webhook = webhookId ? await this.repo.findOneBy({ id: webhookId, userId: me.id }) : null;
    if (!webhook) throw notFound(MSG.webhookNotFound);
    return webhook;
  }

  /**
   * Writes the deliveries of an event through `q` (the transaction of the change): one statement, no row when no
   * webhook listens. Answers how many deliveries were queued; call nudge() after the commit when some were.
   */
  emit(q: Queryable, event: WebhookEvent): Promise<number> {
    return this.emitAll(q, [event]);
  }

  /** The deliveries of several events in one statement (see emit()). */
  async emitAll(q: Queryable, events: WebhookEvent[]): Promise<number> {
    if (!events.length) return 0;
    const timestamp = new Date().toISOString();
    const rows = events.map((event) => ({
      event_id: event.id ?? `msg_${randomUUID()}`,
      type: event.type,
      body: JSON.stringify({ type: event.type, timestamp, data: event.data }),
      user_ids: [...new Set(event.userIds)],
      favorites_of: event.favoritesOf ?? null,
    }));
    const queued: unknown[] = await q.query(
      `WITH e AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb)
           AS e(event_id varchar, type varchar, body text, user_ids int[], favorites_of int)),
       hooks AS (
         SELECT w.id, e.event_id, e.type, e.body FROM e JOIN webhooks w
           ON w.disabled_at IS NULL AND e.type = ANY(w.events) AND ${mayReceive('w', 'e.type', '$3')}
          AND (w.user_id = ANY(e.user_ids)
            OR (e.favorites_of IS NOT NULL
              AND w.user_id IN (SELECT user_id FROM favorites WHERE property_id = e.favorites_of)))),
       d AS (
         INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, body)
         SELECT id, event_id, type, body FROM hooks
         ON CONFLICT (webhook_id, event_id) DO NOTHING
         RETURNING id)
       ${jobInsertSql(DELIVER_JOB, { queue: '$2', payload: `jsonb_build_object('deliveryId', d.id)` }, 'FROM d')}`,
      [JSON.stringify(rows), this.deps.outbox.queue, EVENT_SCOPES_JSON],
    );
    return queued.length;
  }

  /** Emits events on their own (no surrounding change), e.g. from another job: one statement. */
  async emitNow(...events: WebhookEvent[]): Promise<void> {
    if (await this.emitAll(this.deps.db, events)) this.nudge();
  }

  /** Wakes this instance's worker after a transaction that queued deliveries has committed. */
  nudge(): void {
    this.deps.outbox.nudge();
  }

  /**
   * One attempt: POST the stored body, signed for this attempt's time, to the receiver (SSRF guard on the address
   * used, redirects not followed, 10 s). 2xx: delivered. 410: the webhook is disabled. Anything else: retried
   * after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h, then given up.
   */
  private async deliver(job: { deliveryId: number }, attempt: number): Promise<void> {
    const [row]: {
      id: number;
      webhookId: number;
      eventId: string;
      body: string;
      url: string;
      secret: string;
      disabled: boolean;
      allowed: boolean;
    }[] = await this.deps.db.query(
      `SELECT d.id, d.webhook_id AS "webhookId", d.event_id AS "eventId", d.body, w.url, w.secret,
              w.disabled_at IS NOT NULL AS disabled, ${mayReceive('w', 'd.event_type', '$2')} AS allowed
       FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE d.id = $1`,
      [Number(job?.deliveryId) || 0, EVENT_SCOPES_JSON],
    );
    if (!row) return; // the webhook was deleted with its deliveries
    if (row.disabled) return this.record(row.id, attempt, 'disabled', null, null);
    if (!row.allowed) {
      // The token that registered it was revoked or expired since the event: the webhook ends with it.
      await this.deps.db.query(`UPDATE webhooks SET disabled_at = now() WHERE id = $1 AND disabled_at IS NULL`, [
        row.webhookId,
      ]);
      return this.record(row.id, attempt, 'disabled', null, "jeton révoqué ou expiré, ou sans l'autorisation requise");
    }
    const url = checkOutboundUrl(row.url, this.policy);
    if (!url) return this.record(row.id, attempt, 'failed', null, 'adresse refusée');
    const timestamp = new Date();
    const headers = {
      'webhook-id': row.eventId,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': new Signer(row.secret).sign(row.eventId, timestamp, row.body),
    };
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = (await postJson(url, row.body, headers, { policy: this.policy, timeoutMs: WEBHOOK_TIMEOUT_MS })).status;
    } catch (err) {
      error = (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));
    }
    if (status !== null && status >= 200 && status < 300)
      return this.record(row.id, attempt, 'succeeded', status, null);
    if (status === 410) {
      await this.deps.db.query(`UPDATE webhooks SET disabled_at = now() WHERE id = $1 AND disabled_at IS NULL`, [
        row.webhookId,
      ]);
      this.deps.logger.info({ webhookId: row.webhookId }, 'webhook disabled: its receiver answered 410');
      return this.record(row.id, attempt, 'disabled', status, null);
    }
    const delay = WEBHOOK_RETRY_DELAYS_MS[attempt - 1];
    const reason = error ?? `HTTP ${status}`;
    if (delay === undefined) return this.record(row.id, attempt, 'failed', status, reason);
    await this.record(row.id, attempt, 'pending', status, reason);
    throw new RetryJob(`webhook delivery ${row.id}: ${reason}`, delay);
  }

  private async record(
    id: number,
    attempt: number,
    status: 'pending' | 'succeeded' | 'failed' | 'disabled',
    code: number | null,
    error: string | null,
  ): Promise<void> {
    await this.deps.db.query(
      `UPDATE webhook_deliveries SET status = $2::varchar, attempts = $3, last_response_code = $4, last_error = $5,
         delivered_at = CASE WHEN $2::varchar = 'succeeded' THEN now() ELSE delivered_at END
       WHERE id = $1`,
      [id, status, attempt, code, error?.slice(0, 300) ?? null],
    );
  }
}
