/** Shared setup of `npm run bench:api`: the database, signed-in users, the child processes. */
import { ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { sign } from 'cookie-signature';
import { Client } from 'pg';
import webpush from 'web-push';
import { createDataSource } from '../src/db/data-source';

export const BENCH_URL = process.env.BENCH_API_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/flaneur_bench_api';
export const SECRET = 'bench-secret-bench-secret-bench-secret';

/** Creates the database if needed, resets its schema, migrates it; answers a connected client. */
export async function ensureDatabase(): Promise<Client> {
  const u = new URL(BENCH_URL);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new Client({ connectionString: u.toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const c = new Client({ connectionString: BENCH_URL });
  await c.connect();
  await c.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public');
  const ds = createDataSource({ url: BENCH_URL, poolSize: 2 });
  await ds.initialize();
  await ds.runMigrations();
  await ds.destroy();
  return c;
}

export interface BenchUser {
  id: number;
  cookie: string;
}

/** `n` users, each with a stored session (30 days) and its signed cookie. */
export async function seedUsers(c: Client, n: number, prefix = 'bench'): Promise<BenchUser[]> {
  const { rows } = await c.query<{ id: number }>(
    `INSERT INTO users (username, password, email)
     SELECT $2 || g, 'x', $2 || g || '@bench.fr' FROM generate_series(1, $1::int) g RETURNING id`,
    [n, prefix],
  );
  const expire = new Date(Date.now() + 30 * 864e5).toISOString();
  await c.query(
    `INSERT INTO session (sid, sess, expire) SELECT 'bench-' || u, json_build_object('cookie', json_build_object(
       'originalMaxAge', 2592000000, 'expires', $2::text, 'httpOnly', true, 'path', '/', 'sameSite', 'lax'), 'userId', u),
       $2::timestamp FROM unnest($1::int[]) u`,
    [rows.map((r) => r.id), expire],
  );
  return rows.map((r) => ({
    id: r.id,
    cookie: `flaneur.sid=${encodeURIComponent('s:' + sign(`bench-${r.id}`, SECRET))}`,
  }));
}

export interface BenchChild {
  port: number;
  child: ChildProcess;
  /** The child's memory after a full collection (gateway only). */
  mem(): Promise<NodeJS.MemoryUsage>;
  /** The child's CPU time so far (user + system), ms. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/** Asks a child (api-serve.ts) for one figure. */
function ask<T>(child: ChildProcess, cmd: 'mem' | 'cpu'): Promise<T> {
  return new Promise((ok) => {
    const onMessage = (r: Record<string, T>) => {
      if (!(cmd in r)) return;
      child.off('message', onMessage);
      ok(r[cmd]);
    };
    child.on('message', onMessage);
    child.send({ cmd });
  });
}

/** Starts the production-mode gateway or the bare Express app (api-serve.ts) in a child process. */
export function startChild(kind: 'gateway' | 'bare', env: Record<string, string> = {}): Promise<BenchChild> {
  // Production requires a VAPID pair and contact: a pair made for this run.
  const vapid = webpush.generateVAPIDKeys();
  const prof = kind === 'gateway' && process.env.BENCH_CPU_PROF;
  const child = fork(path.join(__dirname, 'api-serve.ts'), kind === 'bare' ? ['bare'] : [], {
    execArgv: [
      '-r',
      '@swc-node/register',
      '--expose-gc',
      ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : []),
    ],
    env: {
      ...process.env,
      DATABASE_URL: BENCH_URL,
      SESSION_SECRET: SECRET,
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'error',
      PORT: '0',
      DATA_DIR: '/tmp/flaneur-bench-api',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:bench@flaneur.fr',
      ...env,
    },
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${kind} exited with ${code}`)));
    child.once('message', (m: { port: number }) =>
      resolve({
        port: m.port,
        child,
        mem: () => ask(child, 'mem'),
        cpuMs: async () => {
          const u = await ask<NodeJS.CpuUsage>(child, 'cpu');
          return (u.user + u.system) / 1000;
        },
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      }),
    );
  });
}
