import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// http_ece has no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: crypto.ECDH; authSecret: Buffer }): Buffer;
};

/** A push the local service received, decrypted as the browser would. */
export interface ReceivedPush {
  device: string;
  at: number;
  headers: http.IncomingHttpHeaders;
  /** The decrypted body parsed as JSON (null when it is not JSON). */
  data: any;
  text: string;
  /** The status the service answered. */
  status: number;
}

/** A device of the local push service: its browser-side keys and the subscription JSON to give the gateway. */
export interface FakeDevice {
  name: string;
  endpoint: string;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** Statuses to answer next, in order (then 201). `retryAfter` adds a Retry-After header. */
  answer(...statuses: (number | { status: number; retryAfter?: string; delayMs?: number })[]): void;
  received(): ReceivedPush[];
}

/**
 * A Web Push service on 127.0.0.1 (RFC 8030): each device endpoint decrypts what it receives (RFC 8291 aes128gcm)
 * with an ECDH P-256 key pair and a 16-byte auth secret made here, records the headers, and answers 201 unless told
 * otherwise (410, 500, 429…).
 */
export async function startPushService() {
  const devices = new Map<
    string,
    {
      ecdh: crypto.ECDH;
      auth: Buffer;
      queue: { status: number; retryAfter?: string; delayMs?: number }[];
      received: ReceivedPush[];
    }
  >();
  const all: ReceivedPush[] = [];
  const listeners = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
      const device = devices.get(name);
      if (!device || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const next = device.queue.shift() ?? { status: 201 };
      const reply = () => {
        let text: string;
        let data: any = null;
        try {
          text = ece
            .decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth })
            .toString('utf8');
          data = JSON.parse(text);
        } catch (e) {
          text = `undecryptable: ${(e as Error).message}`;
        }
        const push = { device: name, at: Date.now(), headers: req.headers, data, text, status: next.status };
        device.received.push(push);
        all.push(push);
        for (const l of listeners) l();
        res.writeHead(next.status, next.retryAfter ? { 'Retry-After': next.retryAfter } : {}).end();
      };
      if (next.delayMs) setTimeout(reply, next.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let counter = 0;

  return {
    base,
    /** Every push received, in order, all devices together. */
    all,
    /** A new device (browser) of the service. */
    device(name = `d${++counter}-${crypto.randomUUID().slice(0, 8)}`): FakeDevice {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const entry = {
        ecdh,
        auth,
        queue: [] as { status: number; retryAfter?: string; delayMs?: number }[],
        received: [] as ReceivedPush[],
      };
      devices.set(name, entry);
      const endpoint = `${base}/push/${encodeURIComponent(name)}`;
      return {
        name,
        endpoint,
        subscription: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        answer: (...statuses) => entry.queue.push(...statuses.map((s) => (typeof s === 'number' ? { status: s } : s))),
        received: () => entry.received,
      };
    },
    /** Waits until `predicate` holds (checked at each push) or `ms` pass; answers whether it held. */
    async until(predicate: () => boolean, ms = 5000): Promise<boolean> {
      if (predicate()) return true;
      return new Promise<boolean>((resolve) => {
        const check = () => {
          if (!predicate()) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve(true);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          resolve(predicate());
        }, ms);
        listeners.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
