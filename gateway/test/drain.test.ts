import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** One request on its own connection, as a proxy without upstream keep-alive sends it. */
function send(port: number, method: string, urlPath: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, agent: false, headers: { 'x-forwarded-for': '203.0.113.9' } },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

/** The status a websocket upgrade is answered with when it is refused. */
function upgradeRefusal(port: number) {
  return new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode!));
    ws.on('open', () => reject(new Error('upgrade accepted while draining')));
    ws.on('error', () => undefined);
  });
}

// Boots the real gateway (src/main.ts through swc) and an embedded database: slow on a busy machine (a test timeout,
// not a timing assertion).
jest.setTimeout(120_000);

describe('drain at SIGTERM behind a proxy', () => {
  it('should close websockets with 1012, answer 503 to what the proxy may resend elsewhere, serve writes, then exit 0', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-drain-'));
    // Not NODE_ENV=test: the gateway must own SIGTERM as in production (a library's own handler must not stop it first).
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
      cwd: path.join(__dirname, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: process.env.TEST_DB_URL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'development',
        TRUST_PROXY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d: Buffer) => d.toString().includes('is running') && resolve());
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
      });
      expect((await send(port, 'GET', '/readyz')).status).toBe(200);
      const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
      const acked = new Promise<void>((resolve) =>
        socket.on('message', (m) => JSON.parse(m.toString()).type === 'connection_ack' && resolve()),
      );
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
      await acked;
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

      const started = Date.now();
      child.kill('SIGTERM');
      // Service Restart: graphql-ws clients reconnect (through the proxy, to another gateway).
      expect(await closed).toBe(1012);
      const [ready, read, write, upgrade] = await Promise.all([
        send(port, 'GET', '/readyz'),
        send(port, 'GET', '/api/favorites'),
        send(port, 'POST', '/api/favorites'),
        upgradeRefusal(port),
      ]);
      expect(ready.status).toBe(503);
      // Not handled: the proxy retries it on another gateway and counts this one as failed.
      expect(read.status).toBe(503);
      expect(read.headers['retry-after']).toBe('1');
      expect(JSON.parse(read.body).message).toBe('Le service redémarre. Veuillez réessayer dans quelques instants.');
      // A write the proxy would not resend is still served (here: refused for want of a session, by the app itself).
      expect(write.status).toBe(401);
      expect(write.headers.connection).toBe('close');
      expect(upgrade).toBe(503);
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
