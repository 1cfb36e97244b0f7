import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import { Client as PgClient } from 'pg';
import WebSocket from 'ws';
import { register, type Registered, webSubscription } from './client';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStack, freePort } = require('./stack.cjs');

type Stack = Awaited<ReturnType<typeof startStack>>;
type Gateway = Stack['gateways'][number];

/**
 * Outages of what the gateways depend on, on engines of the suite's own: a PostgreSQL cluster made by initdb in a
 * temporary folder and a redis-server (the stack's own), both on free ports, never the machine's services.
 */
const WALKERS = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const PG_BIN = fs
  .readdirSync('/usr/lib/postgresql')
  .sort((a, b) => Number(b) - Number(a))
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .find((d) => fs.existsSync(`${d}/initdb`));
/** PostgreSQL refuses to run as root: as root, its commands run as the postgres account (signals then reach it). */
const asPostgres = (): { uid?: number; gid?: number } => {
  if (process.getuid?.() !== 0) return {};
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim()));
  return { uid, gid };
};

/** A PostgreSQL of the suite's own: initdb in a temporary folder, started and stopped at will on one port. */
class OwnPostgres {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-outage-pg-'));
  readonly data = path.join(this.dir, 'data');
  child?: ChildProcess;
  constructor(readonly port: number) {}

  init() {
    fs.chmodSync(this.dir, 0o777);
    execFileSync(`${PG_BIN}/initdb`, ['-D', this.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'], {
      stdio: 'ignore',
      ...asPostgres(),
    });
  }

  async start() {
    const args = [
      '-D',
      this.data,
      '-p',
      String(this.port),
      '-k',
      this.dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=100',
    ];
    const out = fs.openSync(path.join(this.dir, 'postgres.log'), 'a');
    this.child = spawn(`${PG_BIN}/postgres`, args, { stdio: ['ignore', out, out], ...asPostgres() });
    fs.closeSync(out);
    for (let i = 0; i < 150; i++) {
      const c = new PgClient({ connectionString: this.url('postgres') });
      try {
        await c.connect();
        await c.end();
        return;
      } catch {
        await sleep(100);
      }
    }
    throw new Error(`own PostgreSQL did not start: ${fs.readFileSync(path.join(this.dir, 'postgres.log'), 'utf8')}`);
  }

  /** A fast shutdown (SIGINT): sessions are ended at once, committed work is kept. */
  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await gone;
  }

  url(database: string) {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }
}

let pg: OwnPostgres;
let stack: Stack;
let ca: string;
let owner: Registered;
let walkers: (Registered & { conversationId: number })[] = [];

/** Account `n` of the suite, registered from an address of its own (see `register`). */
const account = (n: number) => register(stack, ca, n, { prefix: 'panne', subnet: '10.8' });

interface Sent {
  kind: 'location' | 'read';
  key: string;
  status: number;
  message?: string;
  at: number;
}

/** Each walker in turn: a position fix (with a client id, so it can be found afterwards) and a read. */
async function runLoad(until: () => boolean): Promise<Sent[]> {
  const sent: Sent[] = [];
  await Promise.all(
    walkers.map(async (w, i) => {
      await sleep(i * 50);
      for (let n = 0; !until(); n++) {
        const write = n % 2 === 0;
        const key = write ? crypto.randomUUID() : 'GET /api/favorites';
        const answer = write
          ? await w.request('POST', '/api/user-locations', {
              latitude: 44.5 + Math.random() / 10,
              longitude: 4.5 + Math.random() / 10,
              clientId: key,
            })
          : await w.request('GET', '/api/favorites');
        const message = typeof answer.body?.message === 'string' ? answer.body.message : undefined;
        sent.push({ kind: write ? 'location' : 'read', key, status: answer.status, message, at: Date.now() });
        await sleep(150 + Math.random() * 100);
      }
    }),
  );
  return sent;
}

const ok = (s: Sent) => s.status >= 200 && s.status < 300;

function figures(label: string, sent: Sent[]) {
  const line = {
    label,
    requests: sent.length,
    ok: sent.filter(ok).length,
    statuses: Object.fromEntries(
      [...new Set(sent.map((s) => s.status))].map((st) => [st, sent.filter((s) => s.status === st).length]),
    ),
    writesAcknowledged: sent.filter((s) => s.kind === 'location' && ok(s)).length,
  };
  console.log(`[outage] ${JSON.stringify(line)}`);
  return line;
}

/** Every acknowledged position fix is in the database, once. */
async function expectAcknowledgedStored(sent: Sent[]) {
  const db = new PgClient({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const rows = await db.query(
      'SELECT client_id::text AS k, count(*)::int AS n FROM user_locations WHERE user_id = ANY($1) GROUP BY client_id',
      [walkers.map((w) => w.id)],
    );
    const found = new Map(rows.rows.map((r) => [r.k as string, r.n as number]));
    const acked = sent.filter((s) => s.kind === 'location' && ok(s));
    expect(acked.filter((s) => !found.has(s.key))).toEqual([]);
    expect([...found.values()].filter((n) => n > 1)).toEqual([]);
    return acked.length;
  } finally {
    await db.end();
  }
}

const readyz = async (g: Gateway) => {
  try {
    return (await fetch(`http://127.0.0.1:${g.port}/readyz`, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return 0;
  }
};

/** The processes of the gateways, to prove none of them exited (the stack would start it again). */
const pids = () => stack.gateways.map((g: Gateway) => `${g.child.pid}:${g.starts}`);

beforeAll(async () => {
  const started = Date.now();
  pg = new OwnPostgres(await freePort());
  pg.init();
  await pg.start();
  // No redisUrl: the stack starts a redis-server of its own, which this suite stops and starts again.
  stack = await startStack({ gateways: 2, adminUrl: pg.url('postgres'), database: 'flaneur_outage', fresh: true });
  ca = path.join(stack.dir, 'tls.crt');
  owner = await account(0);
  walkers = [];
  for (let i = 1; i <= WALKERS; i++) walkers.push((await account(i)) as (typeof walkers)[number]);
  const db = new PgClient({ connectionString: stack.databaseUrl });
  await db.connect();
  const listing = await db.query(
    `INSERT INTO properties (title, description, price, size, rooms, bedrooms, bathrooms, address, city, postal_code,
       latitude, longitude, images, owner_name, owner_email, owner_phone, owner_id)
     VALUES ('Annonce', 'Description', 150000, 50, 3, 2, 1, '1 rue de la Paix', 'Paris', '75002',
       48.8686, 2.3314, ARRAY[]::text[], 'Camille', 'camille@example.fr', '0600000000', $1) RETURNING id`,
    [owner.id],
  );
  await db.end();
  for (const w of walkers) {
    const res = await w.request('POST', '/api/conversations', { user2Id: owner.id, propertyId: listing.rows[0].id });
    expect([200, 201]).toContain(res.status);
    w.conversationId = res.body.id;
  }
  console.log(`[outage] started (own PostgreSQL on ${pg.port}, ${stack.redisUrl}) in ${Date.now() - started} ms`);
}, 180_000);

afterAll(async () => {
  for (const w of walkers) w.close();
  owner?.close();
  await stack?.stop();
  await pg?.stop();
  if (pg) fs.rmSync(pg.dir, { recursive: true, force: true });
});

describe('outages of PostgreSQL and Redis (engines of the suite, 2 gateways behind nginx)', () => {
  it('should answer French 503s while PostgreSQL is stopped for 10 s, never crash, and be back within 5 s', async () => {
    const before = pids();
    let stop = false;
    const load = runLoad(() => stop);
    await sleep(2_000);
    const down = Date.now();
    await pg.stop();
    // While it is down: each gateway says it is not ready.
    await sleep(2_000);
    const during = await Promise.all(stack.gateways.map(readyz));
    await sleep(8_000);
    const up = Date.now();
    await pg.start();
    // Back: every gateway ready again and a write acknowledged, within 5 s of PostgreSQL's return.
    let backAt = 0;
    while (!backAt && Date.now() - up < 15_000) {
      const ready = (await Promise.all(stack.gateways.map(readyz))).every((s) => s === 200);
      const write =
        ready && (await walkers[0].request('POST', '/api/user-locations', { latitude: 44.3, longitude: 4.3 }));
      if (write && write.status >= 200 && write.status < 300) backAt = Date.now();
      else await sleep(100);
    }
    await sleep(2_000);
    stop = true;
    const sent = await load;
    const line = figures('PostgreSQL stopped 10 s', sent);
    const outage = sent.filter((s) => s.at > down + 1_000 && s.at < up);
    const after = sent.filter((s) => s.at > backAt);
    console.log(
      `[outage] PostgreSQL: down ${up - down} ms, back ${backAt - up} ms after its return; ` +
        `during the outage ${outage.length} requests: ${JSON.stringify(figures('during', outage).statuses)}`,
    );

    expect(during).toEqual(stack.gateways.map(() => 503));
    expect(backAt).toBeGreaterThan(0);
    expect(backAt - up).toBeLessThanOrEqual(5_000);
    // No 500 and no proxy error at any time: a write or read that cannot be served is a French 503.
    expect(sent.filter((s) => !ok(s) && s.status !== 503)).toEqual([]);
    expect(outage.length).toBeGreaterThan(WALKERS);
    expect(outage.filter((s) => s.status === 503).length).toBeGreaterThan(0);
    for (const s of sent.filter((x) => x.status === 503)) expect(s.message).toMatch(/indisponible|réessayer/);
    // After the return, everything is answered again.
    expect(after.filter((s) => !ok(s))).toEqual([]);
    expect(after.length).toBeGreaterThan(0);
    // No gateway exited.
    expect(pids()).toEqual(before);
    const stored = await expectAcknowledgedStored(sent);
    console.log(`[outage] PostgreSQL: ${stored} acknowledged fixes, each found once (${line.requests} requests)`);
  }, 120_000);

  it('should serve without 5xx while Redis is stopped, deliver events on the instance, and use Redis again on its return', async () => {
    const before = pids();
    const gA: Gateway = stack.gateways[0];
    const redisPort = Number(new URL(stack.redisUrl).port);
    const events: string[] = [];
    const subscriptionErrors: unknown[] = [];
    // The owner listens on gateway A itself (not through nginx), so "the same instance" is known.
    const ws = createClient({
      url: `ws://127.0.0.1:${gA.port}/graphql`,
      webSocketImpl: class extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, {
            headers: { cookie: owner.cookie!, origin: stack.url, 'x-forwarded-proto': 'https' },
          });
        }
      },
      retryAttempts: 0,
    });
    const connected = new Promise<void>((resolve) => ws.on('connected', () => resolve()));
    const unsubscribe = ws.subscribe<{ conversationUpdated: { unreadMessageCount: number } }>(
      webSubscription('UnreadMessagesUpdated'),
      {
        next: (r) => events.push(String(r.data!.conversationUpdated.unreadMessageCount)),
        error: (e) => subscriptionErrors.push(e),
        complete: () => undefined,
      },
    );
    /** A message written through gateway A; resolves with whether the owner's socket heard of it within 3 s. */
    const messageHeard = async (w: (typeof walkers)[number]) => {
      const count = events.length;
      const res = await fetch(`http://127.0.0.1:${gA.port}/api/conversations/${w.conversationId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: w.cookie!, 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ content: `pendant la panne ${crypto.randomUUID()}` }),
      });
      expect([200, 201]).toContain(res.status);
      for (let i = 0; i < 60 && events.length === count; i++) await sleep(50);
      return events.length > count;
    };
    let redis: ChildProcess | undefined;
    try {
      await connected;
      await sleep(500);
      expect(subscriptionErrors).toEqual([]);
      expect(await messageHeard(walkers[0])).toBe(true);

      let stop = false;
      const load = runLoad(() => stop);
      await sleep(1_000);
      const down = Date.now();
      const child: ChildProcess = stack.redis;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
      await sleep(1_500);
      // Events degrade to the instance: the message written on A reaches the socket held by A.
      const heardDuringOutage = await messageHeard(walkers[1]);
      await sleep(3_000);
      const up = Date.now();
      redis = spawn(
        'redis-server',
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      // ioredis reconnects by itself; give it its retry delay.
      await sleep(4_000);
      stop = true;
      const sent = await load;
      figures('Redis stopped 6 s', sent);
      const outage = sent.filter((s) => s.at > down && s.at < up);
      figures('during', outage);

      expect(heardDuringOutage).toBe(true);
      expect(outage.length).toBeGreaterThan(WALKERS);
      // Throttles fall back to memory and sessions to the database: no 5xx at all.
      expect(sent.filter((s) => !ok(s))).toEqual([]);
      expect(pids()).toEqual(before);
      // Back: events travel through Redis again, across instances (written on gateway B, heard on A's socket).
      const gB: Gateway = stack.gateways[1];
      let heardAcross = false;
      for (let attempt = 0; attempt < 10 && !heardAcross; attempt++) {
        const count = events.length;
        const w = walkers[2];
        const res = await fetch(`http://127.0.0.1:${gB.port}/api/conversations/${w.conversationId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: w.cookie!, 'x-forwarded-proto': 'https' },
          body: JSON.stringify({ content: `après la panne ${attempt}` }),
        });
        expect([200, 201]).toContain(res.status);
        for (let i = 0; i < 20 && events.length === count; i++) await sleep(50);
        heardAcross = events.length > count;
      }
      expect(heardAcross).toBe(true);
      await expectAcknowledgedStored(sent);
    } finally {
      unsubscribe();
      await ws.dispose();
      // Leave the stack's own Redis to the stack's stop: the restarted one is this test's.
      redis?.kill('SIGTERM');
    }
  }, 120_000);
});
