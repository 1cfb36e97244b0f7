/**
 * npm run bench:discovery — discovery at scale on a real PostgreSQL (not part of CI's pass/fail).
 *
 * Loads 10k, 100k then 1M listings in a Paris-sized box and reports, at each size:
 *  - the matching latency (p50/p99): the report's statement as the gateway runs it (fix, gate, scans, insert),
 *    for random positions and saved criteria, rolled back each time,
 *  - end-to-end POST /api/user-locations latency (p50/p99) through 32 concurrent connections replaying walking
 *    traces in real time, one fix every 5 s per walker, for 32, 250, 500 and 1000 walkers (open loop: latency
 *    counted from when each fix was due), then as fast as the gateway answers with autocannon (its capacity).
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/flaneur_bench; created, schema reset).
 * BENCH_SIZES (default 10000,100000,1000000), BENCH_DURATION seconds per run (default 15),
 * BENCH_WALKERS (default 32,250,500,1000,max).
 */
import 'reflect-metadata';
import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { sign } from 'cookie-signature';
import { Client } from 'pg';
import webpush from 'web-push';
import { DISCOVERY_MAX_PER_FIX, DISCOVERY_PASS_INTERVAL_S, ZSearchFilters } from '@flaneur/schema';
import { createDataSource } from '../src/db/data-source';
import { statementName } from '../src/db/prepared';
import { reportPass } from '../src/modules/discovery/discovery.pass';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/flaneur_bench';
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const SECRET = 'bench-secret-bench-secret-bench-secret';
export const BOX = { lat: 48.8566, lng: 2.3522, dLat: 0.08, dLng: 0.12 }; // ≈ 18 × 18 km around Paris
const WALKERS = 8000;
const CONNECTIONS = 32;
/** Walkers reporting in real time (a fix every 5 s each) per run; `max`: as fast as the gateway answers. */
const LOADS = (process.env.BENCH_WALKERS ?? '32,250,500,1000,max').split(',');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

/** Creates the database if missing, resets its schema and runs the migrations. */
export async function ensureDatabase(url = URL) {
  const u = new globalThis.URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new Client({ connectionString: u.toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const c = new Client({ connectionString: url });
  await c.connect();
  await c.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public');
  await c.end();
  const ds = createDataSource({ url, poolSize: 2 });
  await ds.initialize();
  await ds.runMigrations();
  await ds.destroy();
}

/** Adds listings up to `total` with SQL generate_series (random but plausible attributes). */
export async function loadListings(c: Client, from: number, total: number) {
  await c.query(
    `INSERT INTO properties (title, description, price, size, bedrooms, rooms, bathrooms, address, city, postal_code, latitude, longitude,
       is_rental, type, features, images, owner_name, owner_email, owner_phone)
     SELECT 'Annonce ' || g, 'Description', CASE WHEN r THEN 300 + floor(random() * 4700) ELSE 50000 + floor(random() * 1450000) END,
       10 + floor(random() * 290), b, b + 1 + floor(random() * 2)::int, 1 + floor(random() * 4)::int, g || ' rue de Paris', 'Paris', '75001',
       round(($1 + (random() * 2 - 1) * $2)::numeric, 7), round(($3 + (random() * 2 - 1) * $4)::numeric, 7), r,
       (ARRAY['apartment','apartment','apartment','house','villa'])[1 + floor(random() * 5)::int]::property_type,
       (SELECT coalesce(array_agg(f), '{}') FROM unnest(ARRAY['elevator','balcony','parking','terrace','garden','pool','cellar']) f WHERE random() < 0.25 + 0 * g),
       '{/uploads/listings/bench.webp}', 'Agence', 'agence@example.fr', '0600000000'
     FROM generate_series($5::int, $6::int) g, LATERAL (SELECT random() < 0.45 + 0 * g AS r, 1 + floor(random() * 6 + 0 * g)::int AS b) x`,
    [BOX.lat, BOX.dLat, BOX.lng, BOX.dLng, from + 1, total],
  );
  // (`+ 0 * g` above: an uncorrelated LATERAL subquery runs once, which made every listing a rental until 2026-11-22.)
  // As autovacuum would in production: the visibility map makes index-only scans possible.
  await c.query('VACUUM ANALYZE properties');
}

/** Walkers: users with a signed session cookie, random criteria and a trace. */
async function createWalkers(c: Client) {
  await c.query(
    `INSERT INTO users (username, password, email) SELECT 'walker' || g, 'x', 'walker' || g || '@bench.fr' FROM generate_series(1, $1) g`,
    [WALKERS],
  );
  const users: { id: number }[] = (await c.query('SELECT id FROM users ORDER BY id')).rows;
  const expire = new Date(Date.now() + 864e5).toISOString();
  const walkers = users.map((u) => {
    const sid = `bench-${u.id}`;
    return {
      id: u.id,
      sid,
      cookie: `flaneur.sid=${encodeURIComponent('s:' + sign(sid, SECRET))}`,
      lat: BOX.lat + (rand() * 2 - 1) * BOX.dLat * 0.8,
      lng: BOX.lng + (rand() * 2 - 1) * BOX.dLng * 0.8,
      heading: rand() * 2 * Math.PI,
    };
  });
  for (let i = 0; i < walkers.length; i += 1000) {
    const chunk = walkers.slice(i, i + 1000);
    await c.query(
      `INSERT INTO session (sid, sess, expire) SELECT unnest($1::text[]), json_build_object('cookie', json_build_object('originalMaxAge', 86400000, 'expires', $3::text, 'httpOnly', true, 'path', '/', 'sameSite', 'lax'), 'userId', unnest($2::int[])), $3::timestamp`,
      [chunk.map((w) => w.sid), chunk.map((w) => w.id), expire],
    );
  }
  const filters = [
    {},
    { propertyStatus: 'rent' },
    { propertyStatus: 'sale', propertyType: 'apartment' },
    { priceMax: 600000, propertyStatus: 'sale' },
    { features: ['balcony'] },
    { bedrooms: [2, 3], radius: 1.5 },
  ];
  await c.query(
    `INSERT INTO user_preferences (user_id, search_filters) SELECT unnest($1::int[]), unnest($2::jsonb[])`,
    [
      walkers.map((w) => w.id),
      walkers.map((_, i) => JSON.stringify(ZSearchFilters.parse(filters[i % filters.length]))),
    ],
  );
  return walkers;
}

/** The gateway's runner on one client: named statements, planned once (src/db/prepared.ts). */
const namedRunner = (c: Client) => ({
  query: async (text: string, values: unknown[] = []) =>
    (await c.query({ name: statementName(text), text, values })).rows,
});

/**
 * One user per run: every run is rolled back, and runs repeated for one user would pile dead rows on the same keys
 * of the gate and history indexes (a churn production, which commits, never sees).
 */
async function matchingLatency(c: Client, userIds: number[]) {
  const samples: number[] = [];
  const filterSets = [
    {},
    { propertyStatus: 'rent' },
    { propertyStatus: 'sale', propertyType: 'house' },
    { priceMin: 200000, priceMax: 800000 },
    { features: ['balcony', 'elevator'] },
    { bedrooms: [5], radius: 5 },
  ];
  const db = namedRunner(c);
  for (let i = 0; i < 1300; i++) {
    const f = ZSearchFilters.parse(filterSets[i % filterSets.length]);
    const fix = {
      userId: userIds[i % userIds.length],
      latitude: BOX.lat + (rand() * 2 - 1) * BOX.dLat * 0.8,
      longitude: BOX.lng + (rand() * 2 - 1) * BOX.dLng * 0.8,
      accuracy: 8,
      timestamp: new Date(),
    };
    await c.query('BEGIN');
    const t = process.hrtime.bigint();
    await reportPass(db, fix, f, {
      limit: DISCOVERY_MAX_PER_FIX,
      intervalS: DISCOVERY_PASS_INTERVAL_S,
      alert: { queue: 'bench', fixAt: fix.timestamp },
    });
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    await c.query('ROLLBACK');
    if (i >= 300) samples.push(ms); // the first 300 warm the caches, the plan cache and the JIT
  }
  return { p50: pct(samples, 50), p99: pct(samples, 99) };
}

type Walker = Awaited<ReturnType<typeof createWalkers>>[number];

/** The walker's next fix: 7 m further (about 1.4 m/s for 5 s), heading drifting. */
function nextFix(w: Walker): string {
  w.heading += (rand() - 0.5) * 0.6;
  w.lat += (7 / 111_320) * Math.cos(w.heading);
  w.lng += (7 / (111_320 * Math.cos((w.lat * Math.PI) / 180))) * Math.sin(w.heading);
  return JSON.stringify({ latitude: w.lat, longitude: w.lng, accuracy: 8, timestamp: new Date().toISOString() });
}

/**
 * Walkers in real time: `count` walkers each send a fix every 5 s, evenly staggered, through at most 32 open
 * connections (open loop: a request waits for a free connection, and its latency counts from when it was due, so
 * queueing is measured rather than hidden).
 */
async function walkingPace(port: number, walkers: Walker[], count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const rate = count / DISCOVERY_PASS_INTERVAL_S;
  const total = Math.round(rate * DURATION);
  const latencies: number[] = [];
  let non2xx = 0;
  const start = performance.now() + 100;
  await Promise.all(
    Array.from(
      { length: total },
      (_, i) =>
        new Promise<void>((resolve, reject) => {
          const due = start + (i * 1000) / rate;
          setTimeout(
            () => {
              const w = walkers[i % count];
              const req = http.request(
                {
                  agent,
                  host: '127.0.0.1',
                  port,
                  method: 'POST',
                  path: '/api/user-locations',
                  headers: { 'content-type': 'application/json', cookie: w.cookie },
                },
                (res) => {
                  res.resume();
                  res.on('end', () => {
                    latencies.push(performance.now() - due);
                    if ((res.statusCode ?? 500) >= 300) non2xx++;
                    resolve();
                  });
                },
              );
              req.on('error', reject);
              req.end(nextFix(w));
            },
            Math.max(0, due - performance.now()),
          );
        }),
    ),
  );
  agent.destroy();
  const elapsed = (performance.now() - start) / 1000;
  return { rps: total / elapsed, p50: pct(latencies, 50), p99: pct(latencies, 99), non2xx };
}

/** As fast as the gateway answers, 32 connections (autocannon): its capacity on this machine. */
async function capacity(port: number, walkers: Walker[], duration = DURATION) {
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/user-locations',
        setupRequest: (req) => {
          const w = walkers[next++ % walkers.length];
          return { ...req, headers: { 'content-type': 'application/json', cookie: w.cookie }, body: nextFix(w) };
        },
      },
    ],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

function startGateway(): Promise<{ port: number; stop: () => void }> {
  // Production requires a VAPID pair and contact: a pair made for this run.
  const vapid = webpush.generateVAPIDKeys();
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'serve.ts'), [], {
      execArgv: ['-r', '@swc-node/register'],
      env: {
        ...process.env,
        DATABASE_URL: URL,
        SESSION_SECRET: SECRET,
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://127.0.0.1',
        LOG_LEVEL: 'error',
        PORT: '0',
        DATA_DIR: '/tmp/flaneur-bench',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:bench@flaneur.fr',
      },
    });
    child.once('message', (m: { port: number }) => resolve({ port: m.port, stop: () => child.kill('SIGTERM') }));
    child.once('error', reject);
  });
}

const settle = () => new Promise((r) => setTimeout(r, 1000));

async function main() {
  await ensureDatabase();
  const c = new Client({ connectionString: URL });
  await c.connect();
  const walkers = await createWalkers(c);
  // Statistics for the new users, sessions and criteria, as autovacuum would gather them in production.
  await c.query('VACUUM ANALYZE');
  const rows: Record<string, unknown>[] = [];
  let loaded = 0;
  for (const size of SIZES) {
    const t = Date.now();
    await loadListings(c, loaded, size);
    loaded = size;
    console.log(`loaded ${size} listings in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    // A history as after some walking (25 discoveries per walker), committed and analysed: the plans and the
    // anti-join of the measured runs then meet what a live database holds, not an empty table.
    await c.query('TRUNCATE history_entries, discovery_state, user_locations');
    await c.query(
      `INSERT INTO history_entries (user_id, property_id, latitude, longitude, is_viewed, viewed_at)
       SELECT u.id, 1 + floor(random() * $1)::int, 48.85, 2.35, true, now() - interval '1 day'
       FROM users u, generate_series(1, 25) g ON CONFLICT DO NOTHING`,
      [size],
    );
    await c.query('VACUUM ANALYZE');
    const m = await matchingLatency(
      c,
      walkers.map((w) => w.id),
    );
    console.log({ listings: size, 'match p50 ms': m.p50.toFixed(2), 'match p99 ms': m.p99.toFixed(2) });
    const gw = await startGateway();
    // Warm-up (plans cached per connection, JIT) on walkers the measured runs do not use.
    await capacity(gw.port, walkers.slice(-1000), 3);
    for (const load of LOADS) {
      await settle(); // autocannon stops sending at its deadline; the requests in flight finish after it
      const [{ t0 }] = (await c.query('SELECT now() AS t0')).rows;
      const e = load === 'max' ? await capacity(gw.port, walkers) : await walkingPace(gw.port, walkers, Number(load));
      const [{ fixes }] = (
        await c.query('SELECT count(*)::int AS fixes FROM user_locations WHERE "timestamp" >= $1', [t0])
      ).rows;
      const [{ entries }] = (
        await c.query('SELECT count(*)::int AS entries FROM history_entries WHERE viewed_at >= $1', [t0])
      ).rows;
      const row = {
        listings: size,
        'match p50 ms': m.p50.toFixed(2),
        'match p99 ms': m.p99.toFixed(2),
        walkers: load === 'max' ? 'as fast as answered' : Number(load),
        'POST req/s': Math.round(e.rps),
        'POST p50 ms': Number(e.p50.toFixed(1)),
        'POST p99 ms': Number(e.p99.toFixed(1)),
        'non-2xx': e.non2xx,
        fixes,
        discoveries: entries,
      };
      console.log(row);
      rows.push(row);
    }
    await settle();
    gw.stop();
  }
  await c.end();
  console.table(rows);
}

// Run as a script (bench/report-capacity.ts imports the loaders above).
if (require.main === module)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
