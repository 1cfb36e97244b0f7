/**
 * npm run bench:report — report capacity: the gateway end to end against PostgreSQL alone, in one run (not part of
 * CI's pass/fail).
 *
 * At each size (default 1M listings, the Paris box of bench/discovery.ts):
 *  1. pgbench runs the live report's statement (discovery.pass.ts reportStatement: the fix stored, the 5 s gate,
 *     the nearest-first scan, the 20 nearest inserted as history entries, the passing alert enqueued, the
 *     discovered listings answered) with `-M prepared`, at random positions inside the box, 32 clients → tps;
 *  2. autocannon sends POST /api/user-locations to the production-mode gateway at the same concurrency (32
 *     connections), random positions from the same distribution → req/s, p50, p99, gateway CPU per report;
 *  3. pgbench again (the tables grew meanwhile): the ratio is taken against the better of the two pgbench runs.
 * Both sides commit every report, use the same saved criteria and walkers of their own, each walker reporting again
 * only after the 5 s gate (pgbench's in turn, every BENCH_REPORT_WALKERS / tps seconds; the gateway's every 7 s,
 * as a walker's phone does), so every report takes its matching pass: the fixes stored and discoveries per report of
 * each side are printed to show it.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/flaneur_bench_report; created; reused when it
 * already holds the size, else its schema is reset), BENCH_SIZES (default 1000000; e.g. 100000 for a quick run),
 * BENCH_DURATION seconds per run (default 20), BENCH_CONNECTIONS (default 32), BENCH_REPORT_WALKERS per side
 * (default 10000), BENCH_REPORT_FILTERS (saved criteria of every walker, JSON, default {}), BENCH_FRESH=1 (reload),
 * BENCH_CPU_PROF=dir (the gateway runs with --cpu-prof, profile written there at its exit),
 * BENCH_ACCEPT_ENCODING (sent by autocannon, default none), BENCH_GATEWAY_DIR (another checkout's gateway/ to
 * start, e.g. the previous commit's) with BENCH_STATEMENT=legacy (pgbench then runs the statement as it was before
 * it answered the listings), BENCH_LOG_LEVEL (the gateway's, default info).
 */
import 'reflect-metadata';
import { execFileSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sign } from 'cookie-signature';
import { Client } from 'pg';
import webpush from 'web-push';
import { ZSearchFilters } from '@flaneur/schema';
import { createDataSource } from '../src/db/data-source';
import { KM_PER_DEGREE, PLANE_K } from '../src/db/geo-sql';
import { reportStatement } from '../src/modules/discovery/discovery.pass';
import { BOX, ensureDatabase, loadListings } from './discovery';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/flaneur_bench_report';
const SIZES = (process.env.BENCH_SIZES ?? '1000000').split(',').map(Number);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WALKERS = Number(process.env.BENCH_REPORT_WALKERS ?? 10000);
const FILTERS = ZSearchFilters.parse(JSON.parse(process.env.BENCH_REPORT_FILTERS ?? '{}'));
/** A gateway checkout to measure instead of this one (its bench/serve.ts), e.g. a copy of the previous commit. */
const GATEWAY_DIR = process.env.BENCH_GATEWAY_DIR ?? path.join(__dirname, '..');
const SECRET = 'bench-secret-bench-secret-bench-secret';
/** pgbench's alerts go to a queue no gateway works, so the gateway's worker does not pick them up. */
const PGBENCH_QUEUE = 'bench-pgbench';
/** Positions: uniform in the inner 80 % of the box, on both sides. */
const SPREAD = { dLat: BOX.dLat * 0.8, dLng: BOX.dLng * 0.8 };

const LOG_FILE = path.join(os.tmpdir(), 'flaneur-bench-report-gateway.log');

const pct = (xs: number[], p: number) => {
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** The walkers: two sets of WALKERS users (pgbench's, the gateway's), each with a session and the same criteria. */
async function createWalkers(c: Client) {
  await c.query(
    `INSERT INTO users (username, password, email) SELECT 'walker' || g, 'x', 'walker' || g || '@bench.fr' FROM generate_series(1, $1) g`,
    [2 * WALKERS],
  );
  const ids: number[] = (await c.query('SELECT id FROM users ORDER BY id')).rows.map((r) => r.id);
  const expire = new Date(Date.now() + 30 * 864e5).toISOString();
  for (let i = 0; i < ids.length; i += 2000) {
    const chunk = ids.slice(i, i + 2000);
    await c.query(
      `INSERT INTO session (sid, sess, expire) SELECT 'bench-' || u, json_build_object('cookie', json_build_object('originalMaxAge', 2592000000, 'expires', $2::text, 'httpOnly', true, 'path', '/', 'sameSite', 'lax'), 'userId', u), $2::timestamp FROM unnest($1::int[]) u`,
      [chunk, expire],
    );
  }
}

/** Saved criteria (the same for everyone) and a history as after some walking, committed and analysed. */
async function resetState(c: Client, size: number) {
  await c.query('TRUNCATE history_entries, discovery_state, user_locations, outbox_jobs, user_preferences');
  await c.query(`INSERT INTO user_preferences (user_id, search_filters) SELECT id, $1::jsonb FROM users`, [
    JSON.stringify(FILTERS),
  ]);
  await c.query(
    `INSERT INTO history_entries (user_id, property_id, latitude, longitude, is_viewed, viewed_at)
     SELECT u.id, 1 + floor(random() * $1)::int, 48.85, 2.35, true, now() - interval '1 day'
     FROM users u, generate_series(1, 25) g ON CONFLICT DO NOTHING`,
    [size],
  );
  await c.query('VACUUM ANALYZE');
}

async function prepare(size: number): Promise<number[]> {
  let c = new Client({ connectionString: URL });
  let reuse = false;
  if (!process.env.BENCH_FRESH) {
    try {
      await c.connect();
      const [{ n }] = (await c.query('SELECT count(*)::int AS n FROM properties')).rows;
      const [{ u }] = (await c.query('SELECT count(*)::int AS u FROM users')).rows;
      reuse = n === size && u === 2 * WALKERS;
    } catch {
      reuse = false;
    }
    await c.end().catch(() => {});
  }
  if (!reuse) await ensureDatabase(URL);
  // Pending migrations (the data stays).
  const ds = createDataSource({ url: URL, poolSize: 1 });
  await ds.initialize();
  await ds.runMigrations();
  await ds.destroy();
  c = new Client({ connectionString: URL });
  await c.connect();
  if (!reuse) {
    const t = Date.now();
    await createWalkers(c);
    await loadListings(c, 0, size);
    console.log(`loaded ${size} listings in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  } else console.log(`reusing ${size} listings in ${URL}`);
  await resetState(c, size);
  const ids: number[] = (await c.query('SELECT id FROM users ORDER BY id')).rows.map((r) => r.id);
  await c.end();
  return ids;
}

/** A PostgreSQL array literal or a scalar, as pgbench sends a variable's text. */
const pgText = (v: unknown): string =>
  Array.isArray(v) ? `{${v.join(',')}}` : v instanceof Date ? v.toISOString() : String(v);

/**
 * The pgbench script: the statement with each `$n` turned into a pgbench variable (`:name`), the position-dependent
 * values computed per transaction as discovery.match.ts computes them (checked against its values below), the
 * constants passed with -D; a null parameter (no clientId, no discoveredAt) is written NULL (pgbench has no null
 * variable). The user: pgbench's walkers in turn, `first + (client_id + clients × n) mod WALKERS`.
 */
function pgbenchScript(firstUser: number) {
  const sample = { lat: 48.87, lng: 2.31 };
  const st = reportStatement(
    { userId: firstUser, latitude: sample.lat, longitude: sample.lng, accuracy: 8, timestamp: new Date() },
    FILTERS,
    { queue: PGBENCH_QUEUE, fixAt: new Date() },
  );
  const bySlot = new Map(Object.entries(st.slots).map(([name, ph]) => [ph, name]));
  const perTx = new Set(['lat', 'lng', 'x', 'minX', 'maxX', 'minY', 'maxY', 'fixLatitude', 'fixLongitude']);
  perTx.add('planeFactor').add('user');
  const defines: string[] = [];
  const text = st.text.replace(/\$(\d+)\b/g, (ph) => {
    const name = bySlot.get(ph);
    if (!name) throw new Error(`no slot for ${ph}`);
    const value = st.values[Number(ph.slice(1)) - 1];
    if (value === null) return 'NULL';
    if (!perTx.has(name) && !defines.some((d) => d.startsWith(`${name}=`))) defines.push(`${name}=${pgText(value)}`);
    return `:${name}`;
  });
  if (text.includes(';')) throw new Error('the statement holds a semicolon: pgbench would split it');
  const dLat = (FILTERS.radius / KM_PER_DEGREE) * 1.001;
  // cos by its Taylor series (pgbench has no cos): error < 1e-9 at these latitudes.
  const cos = (t: string) =>
    `(1 - pow(${t}, 2) / 2 + pow(${t}, 4) / 24 - pow(${t}, 6) / 720 + pow(${t}, 8) / 40320 - pow(${t}, 10) / 3628800)`;
  const lines = [
    `\\set r1 random(0, 999999999)`,
    `\\set r2 random(0, 999999999)`,
    `\\set lat ${BOX.lat} + (2.0 * :r1 / 999999999.0 - 1.0) * ${SPREAD.dLat}`,
    `\\set lng ${BOX.lng} + (2.0 * :r2 / 999999999.0 - 1.0) * ${SPREAD.dLng}`,
    `\\set t least(89.9, abs(:lat) + ${dLat}) * pi() / 180`,
    `\\set cosmin ${cos(':t')}`,
    `\\set dlng least(180, ${dLat} / :cosmin)`,
    `\\set x :lng * ${PLANE_K}`,
    `\\set minX (:lng - :dlng) * ${PLANE_K}`,
    `\\set maxX (:lng + :dlng) * ${PLANE_K}`,
    `\\set minY :lat - ${dLat}`,
    `\\set maxY :lat + ${dLat}`,
    `\\set fixLatitude :lat`,
    `\\set fixLongitude :lng`,
    `\\set planeFactor least(1.0, :cosmin / ${PLANE_K}) * 0.999`,
    `\\set user :first + mod(:client_id + ${CONNECTIONS} * :n, ${WALKERS})`,
    `\\set n :n + 1`,
    `${text};`,
  ];
  // The formulas above, evaluated in JS at the sample, against the gateway's own values.
  const t = ((Math.min(89.9, sample.lat + dLat) * Math.PI) / 180) as number;
  const cosmin = 1 - t ** 2 / 2 + t ** 4 / 24 - t ** 6 / 720 + t ** 8 / 40320 - t ** 10 / 3628800;
  const dLng = Math.min(180, dLat / cosmin);
  const expect: Record<string, number> = {
    x: sample.lng * PLANE_K,
    minX: (sample.lng - dLng) * PLANE_K,
    maxX: (sample.lng + dLng) * PLANE_K,
    minY: sample.lat - dLat,
    maxY: sample.lat + dLat,
    planeFactor: Math.min(1, cosmin / PLANE_K) * 0.999,
  };
  for (const [name, v] of Object.entries(expect)) {
    const got = Number(st.values[Number(st.slots[name].slice(1)) - 1]);
    if (Math.abs(got - v) > 1e-9) throw new Error(`pgbench formula for ${name}: ${v}, gateway ${got}`);
  }
  return { script: lines.join('\n') + '\n', defines };
}

interface Run {
  rate: number;
  p50: number;
  p99: number;
  reports: number;
  /** Fixes stored (counted in the database) and discoveries per fix. */
  fixes: number;
  discoveries: number;
}

/** The newest ids of the tables a report writes: what a run added is counted above them. */
async function watermark(c: Client) {
  const [r] = (
    await c.query(
      `SELECT (SELECT coalesce(max(id), 0) FROM user_locations) AS fixes, (SELECT coalesce(max(id), 0) FROM history_entries) AS entries`,
    )
  ).rows;
  return r as { fixes: string; entries: string };
}

/** Fixes stored and discoveries made above the watermark by the users of one side. */
async function sideCounts(c: Client, w: { fixes: string; entries: string }, from: number, to: number) {
  const [r] = (
    await c.query(
      `SELECT (SELECT count(*)::int FROM user_locations WHERE id > $1 AND user_id BETWEEN $3 AND $4) AS fixes,
        (SELECT count(*)::int FROM history_entries WHERE id > $2 AND user_id BETWEEN $3 AND $4) AS discoveries`,
      [w.fixes, w.entries, from, to],
    )
  ).rows;
  return r as { fixes: number; discoveries: number };
}

async function runPgbench(firstUser: number, offset: number, duration: number): Promise<Run> {
  const { script, defines } = pgbenchScript(firstUser);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-pgbench-'));
  fs.writeFileSync(path.join(dir, 'report.sql'), script);
  const u = new globalThis.URL(URL);
  const args = [
    ...['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username), '-n'],
    ...['-M', 'prepared', '-c', String(CONNECTIONS), '-j', '2', '-T', String(duration)],
    ...['-f', path.join(dir, 'report.sql'), '-l', '--log-prefix', path.join(dir, 'tx')],
    ...['-D', `first=${firstUser}`, '-D', `n=${offset}`, ...defines.flatMap((d) => ['-D', d])],
    u.pathname.slice(1),
  ];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('pgbench', args, {
      cwd: dir,
      env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) },
    });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench ${code}:\n${text}`))));
  });
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1]);
  const failed = /number of failed transactions: (\d+)/.exec(out)?.[1];
  if (failed && failed !== '0') throw new Error(`pgbench: ${failed} failed transactions\n${out}`);
  const latencies: number[] = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.startsWith('tx')))
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n'))
      if (line) latencies.push(Number(line.split(' ')[2]) / 1000);
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    rate: tps,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    reports: latencies.length,
    fixes: 0,
    discoveries: 0,
  };
}

function startGateway(): Promise<{ port: number; pid: number; stop: () => Promise<void> }> {
  const vapid = webpush.generateVAPIDKeys();
  const prof = process.env.BENCH_CPU_PROF;
  return new Promise((resolve, reject) => {
    const child = fork(path.join(GATEWAY_DIR, 'bench', 'serve.ts'), [], {
      cwd: GATEWAY_DIR,
      execArgv: ['-r', '@swc-node/register', ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : [])],
      env: {
        ...process.env,
        DATABASE_URL: URL,
        SESSION_SECRET: SECRET,
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://127.0.0.1',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        PORT: '0',
        DATA_DIR: '/tmp/flaneur-bench-report',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:bench@flaneur.fr',
      },
      // Request logs are written to a file (as to a log shipper): their cost is part of a report's.
      stdio: ['ignore', fs.openSync(LOG_FILE, 'w'), 'inherit', 'ipc'],
    });
    child.once('message', (m: { port: number }) =>
      resolve({
        port: m.port,
        pid: child.pid!,
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      }),
    );
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the gateway exited (${code}) before listening`)));
  });
}

/** User + system CPU seconds of a process so far (Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

/** A gateway walker comes back this long after its previous fix (a fix every ~5 s, each one past the 5 s gate). */
const WALKER_PERIOD_MS = 7000;

async function runGateway(port: number, users: number[], start: number, duration: number): Promise<Run> {
  let next = start;
  const back: { id: number; at: number }[] = [];
  const walker = () => {
    const now = Date.now();
    const w =
      back.length && now - back[0].at >= WALKER_PERIOD_MS ? back.shift()! : { id: users[next++ % users.length], at: 0 };
    w.at = now;
    back.push(w);
    return w.id;
  };
  const encoding = process.env.BENCH_ACCEPT_ENCODING;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/user-locations',
        setupRequest: (req) => {
          const id = walker();
          const body = JSON.stringify({
            latitude: BOX.lat + (Math.random() * 2 - 1) * SPREAD.dLat,
            longitude: BOX.lng + (Math.random() * 2 - 1) * SPREAD.dLng,
            accuracy: 8,
            timestamp: new Date().toISOString(),
          });
          const cookie = `flaneur.sid=${encodeURIComponent('s:' + sign(`bench-${id}`, SECRET))}`;
          const headers: Record<string, string> = { 'content-type': 'application/json', cookie };
          if (encoding) headers['accept-encoding'] = encoding;
          return { ...req, headers, body };
        },
      },
    ],
  });
  if (result.non2xx || result.errors)
    throw new Error(
      `gateway: ${result.non2xx} non-2xx (${JSON.stringify(result.statusCodeStats)}), ${result.errors} errors; log in ${LOG_FILE}`,
    );
  return {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    reports: result.requests.total,
    fixes: 0,
    discoveries: 0,
  };
}

const settle = (ms = 1500) => new Promise((r) => setTimeout(r, ms));

async function measured<T extends Run>(c: Client, users: number[], run: () => Promise<T>): Promise<T> {
  const w = await watermark(c);
  const r = await run();
  await settle();
  const counts = await sideCounts(c, w, users[0], users[users.length - 1]);
  // Every report of a walker is ≥ WALKERS / rate s after its previous one: each one passes the gate (with the
  // default criteria and these densities a pass finds its 20 listings, so 20 discoveries per report shows it).
  return { ...r, fixes: counts.fixes, discoveries: counts.discoveries / Math.max(1, counts.fixes) };
}

async function main() {
  if (!fs.existsSync('/usr/bin/pgbench') && !process.env.PATH?.split(':').some((d) => fs.existsSync(`${d}/pgbench`)))
    throw new Error('pgbench is missing: apt-get install postgresql-client (or postgresql-contrib)');
  const table: Record<string, string | number>[] = [];
  for (const size of SIZES) {
    const ids = await prepare(size);
    const pgUsers = ids.slice(0, WALKERS);
    const gwUsers = ids.slice(WALKERS, 2 * WALKERS);
    const c = new Client({ connectionString: URL });
    await c.connect();
    // Warm-up of PostgreSQL's caches (the first half of pgbench's walkers; the measured runs take the second half).
    await runPgbench(pgUsers[0], 0, 5);
    await settle(5000);
    const pg1 = await measured(c, pgUsers, () =>
      runPgbench(pgUsers[0], Math.floor(WALKERS / 2 / CONNECTIONS), DURATION),
    );
    console.log({ size, pgbench: pg1 });
    const gw = await startGateway();
    let e2e: Run;
    let cpuMs: number;
    try {
      await runGateway(gw.port, gwUsers, 0, 5); // warm-up: JIT, plans per connection
      await settle(5000);
      const cpu0 = cpuSeconds(gw.pid);
      e2e = await measured(c, gwUsers, () => runGateway(gw.port, gwUsers, WALKERS / 2, DURATION));
      cpuMs = ((cpuSeconds(gw.pid) - cpu0) * 1000) / e2e.reports;
      console.log({ size, gateway: e2e, 'gateway CPU ms/report': cpuMs.toFixed(2) });
    } finally {
      await gw.stop();
    }
    await settle(5000);
    const pg2 = await measured(c, pgUsers, () => runPgbench(pgUsers[0], 0, DURATION));
    console.log({ size, pgbench: pg2 });
    await c.end();
    const best = Math.max(pg1.rate, pg2.rate);
    const row = (what: string, r: Run, extra: Record<string, string | number> = {}) => ({
      listings: size,
      what,
      'rate /s': Math.round(r.rate),
      'p50 ms': Number(r.p50.toFixed(1)),
      'p99 ms': Number(r.p99.toFixed(1)),
      'fixes stored': r.fixes,
      'discoveries/report': Number(r.discoveries.toFixed(1)),
      ...extra,
    });
    table.push(row('pgbench (before)', pg1));
    table.push(
      row('POST /api/user-locations', e2e, {
        'gateway CPU ms/report': Number(cpuMs.toFixed(2)),
        'ratio to best pgbench': Number((e2e.rate / best).toFixed(2)),
      }),
    );
    table.push(row('pgbench (after)', pg2));
  }
  console.table(table);
  console.log(
    `connections ${CONNECTIONS}, ${DURATION} s per run, ${WALKERS} walkers per side, criteria ${JSON.stringify(FILTERS)}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
