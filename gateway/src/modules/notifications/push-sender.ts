import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { Vapid } from './push-config';

/** One HTTP request to a push service at most this long (connection, upload and answer). */
export const PUSH_TIMEOUT_MS = 10_000;
/** Longest Retry-After honoured; beyond it the outbox backoff decides. */
const RETRY_AFTER_MAX_MS = 60 * 60 * 1000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service keeps the message for an offline device (RFC 8030 TTL). */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer message with the same topic replaces an undelivered one (URL-safe base64 alphabet, ≤ 32). */
  topic?: string;
}

/** What the push service answered: its status (0 for a timeout or a network failure) and its Retry-After. */
export interface PushOutcome {
  status: number;
  retryAfterMs?: number;
  error?: string;
}

/** Retry-After in seconds or as an HTTP date, in ms from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(0, ms));
}

/**
 * Encrypts `data` for the device (RFC 8291, aes128gcm), signs the request with the VAPID key (RFC 8292) and posts it
 * (RFC 8030). web-push builds the request; it is sent here with node's http(s) so that a push service on loopback
 * answers tests over plain http. Redirects are never followed (the answer is read as is).
 */
export function sendPush(target: PushTarget, data: string, opts: PushOptions, vapid: Vapid): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    data,
    {
      vapidDetails: vapid,
      TTL: opts.ttl,
      urgency: opts.urgency,
      topic: opts.topic,
      contentEncoding: 'aes128gcm',
    },
  );
  const url = new URL(details.endpoint);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: PushOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = client.request(
      url,
      { method: details.method, headers: details.headers as http.OutgoingHttpHeaders, agent: false },
      (res) => {
        const header = res.headers['retry-after'];
        const retryAfterMs = parseRetryAfter(Array.isArray(header) ? header[0] : header);
        let size = 0;
        let body = '';
        res.on('data', (chunk: Buffer) => {
          // Only the start of an error text is kept (logs); the rest is drained.
          if (size < 500) body += chunk.toString('utf8', 0, Math.min(chunk.length, 500 - size));
          size += chunk.length;
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, retryAfterMs, error: body || undefined }));
        res.on('error', (err) => done({ status: 0, error: err.message }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`push service did not answer within ${PUSH_TIMEOUT_MS} ms`));
    }, PUSH_TIMEOUT_MS);
    req.on('error', (err) => done({ status: 0, error: err.message }));
    req.end(details.body ?? undefined);
  });
}
