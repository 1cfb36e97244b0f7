import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/lib/logger';
import { embeddedDbProcess } from './embedded-db-process';
import { buildUser } from './factories';
import { startGateway } from './gateway';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

// Each test boots real processes (an embedded database, the gateway through swc): slow on a busy machine. This is a
// test timeout, not a timing assertion.
jest.setTimeout(120_000);

describe('health', () => {
  it('should answer /healthz and /readyz, then 503 while the database is down, and recover when it is back', async () => {
    const port = await freePort();
    let db = await embeddedDbProcess({ port });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-health-'));
    const gw = await createApp(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    );
    try {
      expect((await request(gw.app).get('/healthz')).body).toEqual({ status: 'ok' });
      expect((await request(gw.app).get('/readyz')).status).toBe(200);
      await db.stop();
      const down = await request(gw.app).get('/readyz');
      expect(down.status).toBe(503);
      expect(down.body.message).toBe('Base de données indisponible');
      expect((await request(gw.app).get('/healthz')).status).toBe(200);
      db = await embeddedDbProcess({ port });
      let ready = 0;
      for (let i = 0; i < 20 && ready !== 200; i++) ready = (await request(gw.app).get('/readyz')).status;
      expect(ready).toBe(200);
    } finally {
      await gw.close().catch(() => {});
      await db.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('restart', () => {
  it('should keep sessions and data across a stop and a start on the same DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-restart-'));
    const port = await freePort();
    const boot = async () => {
      const db = await embeddedDbProcess({ port, dataDir: path.join(dataDir, 'db') });
      const gw = await createApp(
        loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      );
      return { db, gw };
    };
    try {
      const first = await boot();
      const fields = buildUser();
      const res = await request(first.gw.app).post('/api/register').send(fields);
      const cookie = res.headers['set-cookie'][0].split(';')[0];
      await first.gw.close();
      await first.db.stop();

      const second = await boot();
      const me = await request(second.gw.app).get('/api/user').set('Cookie', cookie);
      expect(me.status).toBe(200);
      expect(me.body.username).toBe(fields.username);
      await second.gw.close();
      await second.db.stop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('graceful shutdown', () => {
  it('should answer the 20 requests in flight at SIGTERM and exit 0 within 10 s', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-stop-'));
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
      cwd: path.join(__dirname, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: process.env.TEST_DB_URL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d: Buffer) => d.toString().includes('is running') && resolve());
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
      });
      const base = `http://127.0.0.1:${port}`;
      // One account per login: past its free failures, an account has one password checked at a time.
      const users = Array.from({ length: 20 }, () => buildUser());
      await Promise.all(
        users.map((user) =>
          fetch(`${base}/api/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(user),
          }),
        ),
      );
      // Each login on its own connection, all written at once; scrypt keeps the server busy while the signal arrives.
      const inFlight = users.map((user) => {
        const body = JSON.stringify({ username: user.username, password: user.password });
        return new Promise<number | string>((resolve) => {
          const req = http.request(
            `${base}/api/login`,
            {
              method: 'POST',
              agent: false,
              headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            },
            (res) => res.resume().on('end', () => resolve(res.statusCode!)),
          );
          req.on('error', (e) => resolve(String(e)));
          req.end(body);
        });
      });
      // Long enough for the server to have read every request (an unread one on an idle socket would be cut).
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      const statuses = await Promise.all(inFlight);
      expect(statuses).toEqual(Array(20).fill(200));
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** The real gateway (src/main.ts) in a child process, with test/fixtures/fault-on-signal.cjs preloaded. */
async function spawnGateway(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-fault-'));
  const fixture = path.join(__dirname, 'fixtures', 'fault-on-signal.cjs');
  const child = spawn(process.execPath, ['-r', fixture, '-r', '@swc-node/register', 'src/main.ts'], {
    cwd: path.join(__dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: process.env.TEST_DB_URL,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => stdout.includes('is running') && resolve());
    void exited.then((code) => reject(new Error(`exited early with ${code}: ${stderr}`)));
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    exited,
    stderr: () => stderr,
    /** The JSON log lines written so far (the start banner is plain text). */
    logs: () =>
      stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, any>),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const waitUntil = async (predicate: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; !predicate() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
  return predicate();
};

describe('process failures', () => {
  it('should log an unhandled rejection as JSON and keep serving, with nothing of it sent to clients', async () => {
    const gw = await spawnGateway({ FAULT: 'rejection', LOG_LEVEL: 'info' });
    try {
      gw.child.kill('SIGUSR2');
      const logged = () => gw.logs().find((l) => l.msg === 'unhandled rejection');
      expect(await waitUntil(() => Boolean(logged()), 5000)).toBe(true);
      expect(logged()).toMatchObject({ level: 50, err: { type: 'Error', message: 'fixture fault: rejection' } });
      expect(gw.stderr()).not.toContain('fixture fault');

      const health = await fetch(`${gw.base}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const login = await fetch(`${gw.base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ab', password: '123456' }),
      });
      expect(login.status).toBe(400);
      const body = await login.text();
      expect(body).not.toContain('fixture fault');
      expect(body).not.toMatch(/\bat .*\.(ts|js|cjs):\d+/);
      expect(gw.child.exitCode).toBeNull();
    } finally {
      await gw.stop();
    }
  });

  it('should log an uncaught exception as fatal JSON, shut down and exit 1', async () => {
    const gw = await spawnGateway({ FAULT: 'exception', LOG_LEVEL: 'info' });
    try {
      gw.child.kill('SIGUSR2');
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([
        gw.exited,
        new Promise((r) => (timer = setTimeout(() => r('timeout'), 10_000))),
      ]);
      clearTimeout(timer);
      expect(code).toBe(1);
      const logs = gw.logs();
      const fatal = logs.findIndex((l) => l.msg === 'uncaught exception: shutting down');
      expect(logs[fatal]).toMatchObject({ level: 60, err: { type: 'Error', message: 'fixture fault: exception' } });
      // Shut down like at SIGTERM (connections drained, database closed), not cut.
      expect(logs.slice(fatal)).toContainEqual(expect.objectContaining({ msg: 'shutting down' }));
      expect(gw.stderr()).not.toContain('fixture fault');
    } finally {
      await gw.stop();
    }
  });
});

describe('logs', () => {
  it('should never write a password, a token, a session id or a position in a log line', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const gw = await startGateway({}, { logger: createLogger('debug', sink) });
    try {
      const agent = gw.agent();
      const fields = buildUser();
      const reg = await agent.post('/api/register').send(fields);
      const sid = decodeURIComponent(reg.headers['set-cookie'][0].split(';')[0].split('=')[1]);
      await agent.post('/api/user-locations').send({ latitude: 48.8566123, longitude: 2.3522456, accuracy: 5 });
      await agent.post('/api/forgot-password').send({ email: fields.email });
      const token = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
      await gw.agent().get(`/api/verify-email?token=${token}`);
      const text = lines.join('');
      expect(text).toContain('"path":"/api/register"');
      for (const secret of [fields.password, sid, sid.slice(2, 20), '48.8566123', '2.3522456', token])
        expect(text).not.toContain(secret);
    } finally {
      await gw.close();
    }
  });
});
