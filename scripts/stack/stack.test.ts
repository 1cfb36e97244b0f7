import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import { Client as PgClient } from 'pg';
import sharp from 'sharp';
import WebSocket from 'ws';
import { Answer, register, type Registered, StackClient, webSubscription } from './client';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStack } = require('./stack.cjs');

type Stack = Awaited<ReturnType<typeof startStack>>;
type Gateway = Stack['gateways'][number];

const CLIENTS = 50;
const LISTINGS = 60;
/** A listing photo at the smallest size accepted (300 px a side). */
const photoPng = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let stack: Stack;
let db: PgClient;
let ca: string;
let owner: Registered;
let walkers: (Registered & { conversationId: number })[] = [];
let listingIds: number[] = [];

/** Account `n` of the suite, registered from an address of its own (see `register`). */
const account = (n: number) => register(stack, ca, n, { prefix: 'marcheur', subnet: '10.9' });

function multipart(field: string, data: Buffer, filename: string, type: string) {
  const boundary = `----flaneur${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** Sends a multipart upload through nginx (the JSON client does not build one). */
async function upload(c: StackClient, url: string, field: string, data: Buffer, name: string, type: string) {
  const { body, type: contentType } = multipart(field, data, name, type);
  return c.request('POST', url, body, { contentType });
}

/** One gateway straight, without nginx: to prove what one instance serves. */
async function direct(g: Gateway, url: string, cookie?: string) {
  const res = await fetch(`http://127.0.0.1:${g.port}${url}`, {
    headers: { 'x-forwarded-proto': 'https', ...(cookie ? { cookie } : {}) },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') };
}

/** What the load saw: every request with its kind and answer. */
interface Sent {
  kind: 'favorite' | 'message' | 'location' | 'read';
  userId: number;
  key: string;
  status: number;
  at: number;
}

/** 50 walkers writing favourites, messages and position fixes (and reading) until `until()` says stop. */
async function runLoad(until: () => boolean): Promise<Sent[]> {
  const sent: Sent[] = [];
  await Promise.all(
    walkers.map(async (w, i) => {
      let n = 0;
      const favorites = listingIds.slice().sort(() => Math.random() - 0.5);
      await sleep((i * 37) % 1000);
      while (!until()) {
        const step = n++ % 4;
        let kind: Sent['kind'];
        let key: string;
        let answer: Answer;
        if (step === 0) {
          kind = 'location';
          key = crypto.randomUUID();
          answer = await w.request('POST', '/api/user-locations', {
            latitude: 48.85 + Math.random() / 100,
            longitude: 2.34 + Math.random() / 100,
            clientId: key,
          });
        } else if (step === 1) {
          kind = 'message';
          key = `m-${w.id}-${n}-${crypto.randomBytes(4).toString('hex')}`;
          answer = await w.request('POST', `/api/conversations/${w.conversationId}/messages`, { content: key });
        } else if (step === 2) {
          kind = 'favorite';
          const propertyId = favorites.pop();
          if (propertyId === undefined) continue;
          key = String(propertyId);
          answer = await w.request('POST', '/api/favorites', { propertyId });
          // Not acknowledged: the next attempt may try it again (the unique pair keeps it once).
          if (answer.status === 0 || answer.status >= 500) favorites.unshift(propertyId);
        } else {
          kind = 'read';
          key = 'GET /api/favorites';
          answer = await w.request('GET', '/api/favorites');
        }
        sent.push({ kind, userId: w.id, key, status: answer.status, at: Date.now() });
        await sleep(700 + Math.random() * 300);
      }
    }),
  );
  return sent;
}

const ok = (s: Sent) => s.status >= 200 && s.status < 300;

/** Every acknowledged write is in the database, once. */
async function expectAcknowledgedWritesStored(sent: Sent[]) {
  const acked = sent.filter(ok);
  const users = walkers.map((w) => w.id);
  const favorites = new Set(
    (await db.query('SELECT user_id, property_id FROM favorites WHERE user_id = ANY($1)', [users])).rows.map(
      (r) => `${r.user_id}:${r.property_id}`,
    ),
  );
  const messages = await db.query(
    'SELECT content, count(*)::int AS n FROM messages WHERE sender_id = ANY($1) GROUP BY content',
    [users],
  );
  const messageCount = new Map(messages.rows.map((r) => [r.content as string, r.n as number]));
  const locations = await db.query(
    'SELECT client_id::text AS k, count(*)::int AS n FROM user_locations WHERE user_id = ANY($1) GROUP BY client_id',
    [users],
  );
  const locationCount = new Map(locations.rows.map((r) => [r.k as string, r.n as number]));
  const missing = acked.filter((s) =>
    s.kind === 'favorite'
      ? !favorites.has(`${s.userId}:${s.key}`)
      : s.kind === 'message'
        ? !messageCount.has(s.key)
        : s.kind === 'location'
          ? !locationCount.has(s.key)
          : false,
  );
  expect(missing).toEqual([]);
  expect([...messageCount.values()].filter((n) => n > 1)).toEqual([]);
  expect([...locationCount.values()].filter((n) => n > 1)).toEqual([]);
  return { acknowledged: acked.filter((s) => s.kind !== 'read').length };
}

function figures(label: string, sent: Sent[]) {
  const writes = sent.filter((s) => s.kind !== 'read');
  const reads = sent.filter((s) => s.kind === 'read');
  const line = {
    label,
    requests: sent.length,
    failed: sent.filter((s) => !ok(s)).length,
    writes: writes.length,
    writesAcknowledged: writes.filter(ok).length,
    writesFailed: writes.filter((s) => !ok(s)).length,
    reads: reads.length,
    readsFailed: reads.filter((s) => !ok(s)).length,
    statuses: [...new Set(sent.filter((s) => !ok(s)).map((s) => s.status))],
  };
  console.log(`[stack] ${JSON.stringify(line)}`);
  return line;
}

const exited = (g: Gateway) =>
  new Promise<void>((resolve) =>
    g.child.exitCode !== null || g.child.signalCode !== null ? resolve() : g.child.once('exit', () => resolve()),
  );

beforeAll(async () => {
  const started = Date.now();
  stack = await startStack({ gateways: 3, database: 'flaneur_stack_test', fresh: true });
  ca = path.join(stack.dir, 'tls.crt');
  db = new PgClient({ connectionString: stack.databaseUrl });
  await db.connect();
  owner = await account(0);
  walkers = [];
  for (let i = 1; i <= CLIENTS; i += 10) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, CLIENTS - i + 1) }, (_, k) => account(i + k)));
    walkers.push(...(batch as typeof walkers));
  }
  // Listings straight in the database: the fault tests are about writes on them, not about publishing.
  listingIds = (
    await db.query(
      `INSERT INTO properties (title, description, price, size, rooms, bedrooms, bathrooms, address, city, postal_code,
         latitude, longitude, images, owner_name, owner_email, owner_phone, owner_id)
       SELECT 'Annonce ' || g, 'Description', 100000 + g, 50, 3, 2, 1, '1 rue de la Paix', 'Paris', '75002',
         48.8686, 2.3314, ARRAY[]::text[], 'Camille', 'camille@example.fr', '0600000000', $1
       FROM generate_series(1, $2::int) g RETURNING id`,
      [owner.id, LISTINGS],
    )
  ).rows.map((r) => r.id);
  await Promise.all(
    walkers.map(async (w) => {
      const res = await w.request('POST', '/api/conversations', { user2Id: owner.id, propertyId: listingIds[0] });
      expect([200, 201]).toContain(res.status);
      w.conversationId = res.body.id;
    }),
  );
  console.log(`[stack] started with ${CLIENTS + 1} accounts in ${Date.now() - started} ms`);
}, 180_000);

afterAll(async () => {
  for (const w of walkers) w.close();
  owner?.close();
  await db?.end();
  await stack?.stop();
});

describe('the stack (nginx, 3 gateways, PostgreSQL, Redis, S3)', () => {
  it('should serve a photo uploaded through one gateway from every gateway', async () => {
    const res = await upload(owner, '/api/upload', 'images', await photoPng(), 'salon.png', 'image/png');
    expect(res.status).toBe(201);
    const [url] = res.body.urls as string[];
    const copies = await Promise.all(stack.gateways.map((g: Gateway) => direct(g, url)));
    for (const copy of copies) {
      expect(copy.status).toBe(200);
      expect(copy.type).toBe('image/webp');
      expect(Buffer.compare(copy.bytes, copies[0].bytes)).toBe(0);
    }
  });

  it('should serve a document from every gateway to its owner only', async () => {
    const [me, other] = walkers;
    const up = await upload(me, '/api/tenant-files/upload', 'file', PDF, 'bulletin.pdf', 'application/pdf');
    expect(up.status).toBe(201);
    const created = await me.request('POST', '/api/tenant-files', {
      title: 'Bulletin de salaire',
      fileUrl: up.body.fileUrl,
      fileType: 'payslip',
    });
    expect(created.status).toBe(201);
    for (const g of stack.gateways as Gateway[]) {
      const mine = await direct(g, `/api/tenant-files/${created.body.id}/download`, me.cookie);
      expect(mine.status).toBe(200);
      expect(Buffer.compare(mine.bytes, PDF)).toBe(0);
      expect((await direct(g, `/api/tenant-files/${created.body.id}/download`, other.cookie)).status).toBe(403);
      expect((await direct(g, `/api/tenant-files/${created.body.id}/download`)).status).toBe(401);
    }
  });

  it('should keep every acknowledged write, once, when a gateway is killed (-9) under load', async () => {
    const victim: Gateway = stack.gateways[1];
    victim.hold = true;
    let stop = false;
    const load = runLoad(() => stop);
    await sleep(6_000);
    const killedAt = Date.now();
    const gone = exited(victim);
    process.kill(victim.child.pid, 'SIGKILL');
    await gone;
    await sleep(10_000);
    stop = true;
    const sent = await load;
    // Back for the next test (a supervisor would have restarted it at once).
    await stack.restart(victim);
    const line = figures('kill -9', sent);
    const { acknowledged } = await expectAcknowledgedWritesStored(sent);
    expect(acknowledged).toBeGreaterThan(CLIENTS * 2);
    // Every walker carried on through the other gateways after the kill.
    const after = new Set(sent.filter((s) => ok(s) && s.at > killedAt + 2_000).map((s) => s.userId));
    expect(after.size).toBe(CLIENTS);
    // Only what was in flight on the killed gateway may fail (writes nginx must not resend); reads are retried.
    expect(line.readsFailed).toBe(0);
    expect(line.writesFailed).toBeLessThanOrEqual(CLIENTS);
  }, 120_000);

  it('should answer every request through a rolling restart (SIGTERM one gateway at a time) and let websockets reconnect', async () => {
    const connections: number[] = [];
    const closes: { at: number; code: number }[] = [];
    const events: { at: number; unread: number }[] = [];
    /** What the web does after a reconnect (web/src/apollo/ws-link.ts): read again what events may have missed. */
    const refetches: Promise<number>[] = [];
    const unreadCount = async () => {
      const res = await owner.request('GET', '/api/messages/unread');
      expect(res.status).toBe(200);
      return res.body as number;
    };
    const ws = createClient({
      url: `wss://127.0.0.1:${stack.port}/graphql`,
      webSocketImpl: class extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, {
            ca: fs.readFileSync(ca),
            servername: 'localhost',
            headers: { cookie: owner.cookie!, origin: stack.url },
          });
        }
      },
      // As the web's client: retry every close but the fatal ones (1012 « Service Restart » included).
      retryAttempts: Infinity,
      retryWait: async () => sleep(100 + Math.random() * 200),
      on: {
        connected: () => {
          connections.push(Date.now());
          if (closes.length) refetches.push(unreadCount());
        },
        closed: (e) => closes.push({ at: Date.now(), code: (e as { code: number }).code }),
      },
    });
    const subscriptionErrors: unknown[] = [];
    const unsubscribe = ws.subscribe<{ conversationUpdated: { unreadMessageCount: number } }>(
      webSubscription('UnreadMessagesUpdated'),
      {
        next: (r) => events.push({ at: Date.now(), unread: r.data!.conversationUpdated.unreadMessageCount }),
        error: (e) => subscriptionErrors.push(e),
        complete: () => undefined,
      },
    );
    /** When each gateway got SIGTERM, exited and was ready again. */
    const restarts: { index: number; term: number; exit: number; ready: number }[] = [];
    try {
      for (let i = 0; i < 50 && !connections.length; i++) await sleep(100);
      expect(connections.length).toBe(1);
      let stop = false;
      const load = runLoad(() => stop);
      await sleep(3_000);
      for (const g of stack.gateways as Gateway[]) {
        await stack.restart(g);
        g.hold = true;
        const gone = exited(g);
        const term = Date.now();
        process.kill(g.child.pid, 'SIGTERM');
        await gone;
        const exit = Date.now();
        await stack.restart(g);
        restarts.push({ index: g.index, term, exit, ready: Date.now() });
        await sleep(1_000);
      }
      await sleep(3_000);
      stop = true;
      const sent = await load;
      const line = figures('rolling restart', sent);
      console.log(
        `[stack] restarts (ms): ${JSON.stringify(restarts.map((r) => ({ gateway: r.index + 1, drain: r.exit - r.term, back: r.ready - r.term })))}`,
      );
      const { acknowledged } = await expectAcknowledgedWritesStored(sent);
      console.log(`[stack] rolling restart: ${acknowledged} writes acknowledged, each found once in the database`);
      // Zero failed requests through nginx, reads and writes.
      expect(line.failed).toBe(0);
      expect(line.requests).toBeGreaterThan(CLIENTS * 10);

      // The gateway holding the websocket closed it with 1012 at its SIGTERM; the client was connected again through
      // nginx before that gateway was back, so to another one.
      expect(subscriptionErrors).toEqual([]);
      const restartClose = closes.find((c) => c.code === 1012);
      expect(restartClose).toBeDefined();
      const holder = restarts.find((r) => r.term <= restartClose!.at && restartClose!.at <= r.exit)!;
      expect(holder).toBeDefined();
      const reconnected = connections.find((t) => t >= restartClose!.at);
      expect(reconnected).toBeDefined();
      expect(reconnected!).toBeLessThan(holder.ready);
      // It catches up: the refetch after each reconnect answered, and the next message reaches it with the total.
      expect((await Promise.all(refetches)).length).toBe(connections.length - 1);
      const before = events.length;
      const w = walkers[0];
      const res = await w.request('POST', `/api/conversations/${w.conversationId}/messages`, { content: 'après' });
      expect([200, 201]).toContain(res.status);
      for (let i = 0; i < 100 && events.length === before; i++) await sleep(50);
      const unread = (
        await db.query(
          `SELECT count(*)::int AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
           WHERE m.sender_id <> $1 AND (c.user1_id = $1 OR c.user2_id = $1)`,
          [owner.id],
        )
      ).rows[0].n;
      expect(events.slice(before).map((e) => e.unread)).toContain(unread);
      expect(await unreadCount()).toBe(unread);
      console.log(
        `[stack] websocket: ${connections.length} connections, closes ${JSON.stringify(closes.map((c) => c.code))}, ` +
          `${events.length} events, ${unread} unread messages caught up`,
      );
    } finally {
      unsubscribe();
      await ws.dispose();
    }
  }, 150_000);
});
