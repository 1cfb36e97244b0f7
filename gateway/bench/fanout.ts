/**
 * `npm run bench:api -- fanout` — subscription fan-out on one production-mode gateway (not part of CI's pass/fail).
 *
 * BENCH_SOCKETS (default 10 000) signed-in users each open one graphql-ws socket (session cookie on the upgrade) and
 * subscribe to `discoveryAdded`, as the dashboard does; the 400 recipients of the measured conversations also
 * subscribe to `messageAdded`. Measured:
 *  - memory per idle socket: the gateway's RSS and heap (after a full collection) before and after, ÷ N, once the
 *    sockets are acknowledged and once they are subscribed;
 *  - delivery latency (p50/p99/max) at BENCH_EVENT_RATE events/s (default 100) for BENCH_DURATION s (default 10)
 *    each: `messageAdded` (a message posted through `POST /api/conversations/:id/messages`) and `discoveryAdded`
 *    (`GET /api/test/add-history`, the simulated discovery), from the HTTP request being sent to the event arriving
 *    on the subscriber's socket, every other socket staying open and subscribed.
 * Needs ~2 file descriptors per socket in the gateway and one in this process (`ulimit -n`).
 */
import http from 'node:http';
import os from 'node:os';
import { WebSocket } from 'ws';
import { BenchChild, ensureDatabase, seedUsers, startChild } from './api-setup';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const RATE = Number(process.env.BENCH_EVENT_RATE ?? 100);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Conversations whose messages are measured: a sender may post 30 messages a minute. */
const CONVERSATIONS = Math.min(400, Math.floor(SOCKETS / 2));
const OPENING = 200; // sockets being opened at once

const DISCOVERY_SUB = `subscription { discoveryAdded { entry { id } property { id title price } } }`;
const MESSAGE_SUB = `subscription Messages($id: ID!) { messageAdded(conversationId: $id) { id content senderId sentAt } }`;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

interface Sub {
  ws: WebSocket;
  subscribe(id: string, query: string, variables?: Record<string, unknown>): void;
  onNext?: (id: string, data: Record<string, unknown>) => void;
}

/** One graphql-transport-ws socket, acknowledged. */
function open(port: number, cookie: string): Promise<Sub> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws', { headers: { cookie } });
    const sub: Sub = {
      ws,
      subscribe: (id, query, variables) =>
        ws.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } })),
    };
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init' })));
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString());
      if (m.type === 'connection_ack') resolve(sub);
      else if (m.type === 'next') {
        if (m.payload.errors) console.error('subscription error', JSON.stringify(m.payload.errors));
        else sub.onNext?.(m.id, m.payload.data);
      } else if (m.type === 'error') console.error('subscription refused', JSON.stringify(m.payload));
    });
    ws.on('error', reject);
    ws.on('close', (code) => reject(new Error(`closed ${code}`)));
  });
}

/** Sends `count` requests at `rate` per second (open loop); answers when every one has been answered. */
async function atRate(count: number, send: (i: number) => Promise<void>) {
  const start = performance.now() + 50;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / RATE;
    await sleep(Math.max(0, due - performance.now()));
    pending.push(send(i));
  }
  await Promise.all(pending);
}

function request(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  cookie: string,
  body?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: '127.0.0.1', port, method, path, headers: { cookie, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function memory(gw: BenchChild) {
  const m = await gw.mem();
  return { rss: m.rss, heap: m.heapUsed, external: m.external + m.arrayBuffers };
}

export async function runFanout(): Promise<void> {
  const db = await ensureDatabase();
  const users = await seedUsers(db, Math.max(SOCKETS, 2 * CONVERSATIONS), 'fan');
  const { rows: conversations } = await db.query<{ id: number; user1_id: number; user2_id: number }>(
    `INSERT INTO conversations (user1_id, user2_id) SELECT unnest($1::int[]), unnest($2::int[]) RETURNING id, user1_id, user2_id`,
    [users.slice(0, CONVERSATIONS).map((u) => u.id), users.slice(CONVERSATIONS, 2 * CONVERSATIONS).map((u) => u.id)],
  );
  // Listings near the default position for the simulated discoveries (a few per user).
  await db.query(
    `INSERT INTO properties (title, description, price, size, bedrooms, rooms, bathrooms, address, city, postal_code,
       latitude, longitude, is_rental, type, features, images, owner_name, owner_email, owner_phone)
     SELECT 'Annonce ' || g, 'Description', 1200, 40, 1, 2, 1, g || ' rue de Rivoli', 'Paris', '75001',
       48.8566 + g * 0.0001, 2.3522, true, 'apartment', '{}', '{/uploads/listings/a.webp}', 'Agence', 'a@b.fr', '0600000000'
     FROM generate_series(1, 20) g`,
  );
  await db.end();
  const gw = await startChild('gateway', { ENABLE_SIMULATION: 'true' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const subs: Sub[] = [];
  try {
    await sleep(2000);
    const base = await memory(gw);
    const t0 = performance.now();
    for (let i = 0; i < SOCKETS; i += OPENING) {
      subs.push(
        ...(await Promise.all(users.slice(i, Math.min(SOCKETS, i + OPENING)).map((u) => open(gw.port, u.cookie)))),
      );
    }
    const openS = (performance.now() - t0) / 1000;
    await sleep(2000);
    const acked = await memory(gw);
    const byUser = new Map(users.map((u, i) => [u.id, subs[i]]));
    const byId = new Map(users.map((u) => [u.id, u]));
    subs.forEach((s) => s.subscribe('d', DISCOVERY_SUB));
    for (const c of conversations) byUser.get(c.user2_id)?.subscribe('m', MESSAGE_SUB, { id: String(c.id) });
    await sleep(Math.max(5000, SOCKETS / 2)); // every subscribe handled (each reads the viewer)
    const subscribed = await memory(gw);
    const perSocket = (a: typeof base, b: typeof base) => ({
      'RSS KB': kb((b.rss - a.rss) / SOCKETS),
      'heap KB': kb((b.heap - a.heap) / SOCKETS),
      'external KB': kb((b.external - a.external) / SOCKETS),
    });

    // messageAdded: content carries the sequence number.
    const sentAt = new Map<number, number>();
    const messageLatency: number[] = [];
    for (const s of subs)
      s.onNext = (id, data) => {
        if (id !== 'm') return;
        const seq = Number((data.messageAdded as { content: string }).content.split(' ')[1]);
        const t = sentAt.get(seq);
        if (t !== undefined) messageLatency.push(performance.now() - t);
      };
    const count = RATE * DURATION;
    let failed = 0;
    const answered: Record<string, number[]> = { message: [], discovery: [] };
    await atRate(count, async (i) => {
      const c = conversations[i % conversations.length];
      const sender = byId.get(c.user1_id)!;
      sentAt.set(i, performance.now());
      const status = await request(
        agent,
        gw.port,
        'POST',
        `/api/conversations/${c.id}/messages`,
        sender.cookie,
        JSON.stringify({ content: `message ${i}` }),
      );
      answered.message.push(performance.now() - sentAt.get(i)!);
      if (status !== 201) failed++;
    });
    await sleep(1000);

    // discoveryAdded: per user, events arrive in the order the discoveries were asked.
    const waiting = new Map<number, number[]>();
    const discoveryLatency: number[] = [];
    users.slice(0, CONVERSATIONS).forEach((u, i) => {
      subs[i].onNext = (id) => {
        if (id !== 'd') return;
        const t = waiting.get(u.id)?.shift();
        if (t !== undefined) discoveryLatency.push(performance.now() - t);
      };
    });
    await atRate(count, async (i) => {
      const u = users[i % CONVERSATIONS];
      const q = waiting.get(u.id) ?? [];
      waiting.set(u.id, q);
      const t = performance.now();
      q.push(t);
      const status = await request(agent, gw.port, 'GET', '/api/test/add-history', u.cookie);
      answered.discovery.push(performance.now() - t);
      if (status !== 201) failed++;
    });
    await sleep(1000);

    const latency = (xs: number[], http: number[]) => ({
      delivered: `${xs.length}/${count}`,
      'HTTP answer p50 / p99 ms': `${pct(http, 50).toFixed(1)} / ${pct(http, 99).toFixed(1)}`,
      'p50 ms': Number(pct(xs, 50).toFixed(1)),
      'p99 ms': Number(pct(xs, 99).toFixed(1)),
      'max ms': Number(Math.max(...xs).toFixed(1)),
    });
    const result = {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
      sockets: SOCKETS,
      'opened in s': Number(openS.toFixed(1)),
      'gateway RSS MB (before → subscribed)': `${Math.round(base.rss / 2 ** 20)} → ${Math.round(subscribed.rss / 2 ** 20)}`,
      'per socket, acknowledged': perSocket(base, acked),
      'per socket, subscribed': perSocket(base, subscribed),
      [`messageAdded at ${RATE}/s`]: latency(messageLatency, answered.message),
      [`discoveryAdded at ${RATE}/s`]: latency(discoveryLatency, answered.discovery),
      'failed requests': failed,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    for (const s of subs) s.ws.terminate();
    agent.destroy();
    await gw.stop();
  }
}
