import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { RESULTS_DIR } from './screenshots';

/** The repository root (e2e/ sits directly under it). */
export const ROOT = path.resolve(__dirname, '../..');

/** A gateway started for the suite. */
export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  pid: number;
  process: ChildProcess;
  logFile: string;
}

/** The low end of the kernel's ephemeral range (ports handed out by bind(0)). */
function ephemeralLow(): number {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return Number.isInteger(low) ? low : 32768;
  } catch {
    return 32768;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A free TCP port below the ephemeral range: the gateway's embedded database listens on port 0, and
 * a port freshly released from that range can be handed straight back to it.
 */
export async function freePort(): Promise<number> {
  const high = Math.min(ephemeralLow(), 65535);
  const low = Math.max(1025, high - 12000);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await isFree(port)) return port;
  }
  throw new Error(`[e2e] no free port found between ${low} and ${high}`);
}

/** True once the gateway itself answers (not merely something on the port): GET /readyz → 200. */
async function gatewayReady(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts `node gateway/dist/main.js` as `npm start` would (embedded PostgreSQL, outbox mail, demo
 * seed) on a free port with a fresh DATA_DIR (or `opts.dataDir`, for a restart), logging to `opts.log` in the results
 * (a journey's own gateway beside the shared one), and resolves once the gateway answers on that port: it listens
 * only after migrating and seeding.
 */
export async function startServer(
  timeoutMs = 180_000,
  extraEnv: Record<string, string> = {},
  opts: { dataDir?: string; log?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  // A restart (an operator command ran on the stopped gateway's data) opens the same folder again.
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-e2e-'));
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const logFile = path.join(RESULTS_DIR, opts.log ?? 'server.log');
  const log = fs.openSync(logFile, opts.dataDir ? 'a' : 'w');
  // The browser must use the PUBLIC_URL origin: the websocket handshake checks Origin against it.
  const url = `http://localhost:${port}`;
  // The embedded database, in-process pub/sub and the outbox, whatever the caller's shell holds (the caller may
  // still pass a database of its own in extraEnv: the PostgreSQL run).
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'SEED_DEMO', 'SESSION_SECRET', 'TRUST_PROXY']) {
    delete inherited[name];
  }
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'development', // jest sets "test"; npm start sets development
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    // Behind a proxy naming each visitor (support/visitors.ts): the per-address throttles count visitors.
    TRUST_PROXY: '1',
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['gateway/dist/main.js'], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);

  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  const deadline = Date.now() + timeoutMs;
  while (!(await gatewayReady(port))) {
    if (exited !== null) {
      throw new Error(`[e2e] the gateway exited with code ${exited} before listening:\n${tail(logFile)}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`[e2e] the gateway did not listen on ${port} within ${timeoutMs} ms:\n${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, port, dataDir, pid: child.pid!, process: child, logFile };
}

/** Stops the gateway (SIGTERM, then SIGKILL after 10 s) and removes its data folder, unless `keepData`. */
export async function stopServer(server: RunningServer, opts: { keepData?: boolean } = {}): Promise<void> {
  const { process: child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (!opts.keepData) fs.rmSync(server.dataDir, { recursive: true, force: true });
}
