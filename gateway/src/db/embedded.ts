import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';
import { ExclusiveQueryQueue, PasswordCheckingQueue } from './embedded-queue';

/** A PostgreSQL embedded in this process (PGlite), served to `pg` on a loopback port. */
export interface EmbeddedDatabase {
  url: string;
  /** True when the data folder was created by this start (first start). */
  created: boolean;
  stop(): Promise<void>;
}

/**
 * Starts PGlite persisted in `dataDir` (or in memory when undefined), served on loopback by pglite-socket's
 * protocol handler with a queue that never interleaves two connections (see ExclusiveQueryQueue).
 * Every connection shares one PostgreSQL session: keep transactions short.
 * Connections must give `password`, by default a random one drawn at each start and known only to this process
 * (`url`): another local process cannot use the port (docs/security.md).
 */
export async function startEmbeddedDatabase(
  dataDir?: string,
  port = 0,
  password = crypto.randomBytes(24).toString('base64url'),
  opts: { analyzeAfterMs?: number } = {},
): Promise<EmbeddedDatabase> {
  const created = !dataDir || !fs.existsSync(`${dataDir}/PG_VERSION`);
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const exclusive = new ExclusiveQueryQueue(db);
  const queue = new PasswordCheckingQueue(exclusive, password);
  const handlers = new Set<PGLiteSocketHandler>();
  const server = net.createServer((socket) => {
    const handler = new PGLiteSocketHandler({ queryQueue: queue as never, closeOnDetach: true });
    handlers.add(handler);
    handler.addEventListener('close', () => handlers.delete(handler));
    handler.addEventListener('error', () => handlers.delete(handler));
    void handler.attach(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: actual } = server.address() as net.AddressInfo;
  const statistics = keepStatistics(exclusive, opts.analyzeAfterMs ?? ANALYZE_MIN_INTERVAL_MS);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${actual}/postgres?sslmode=disable`,
    created,
    async stop() {
      statistics.stop();
      for (const h of handlers) await h.detach(true);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

/** The first ANALYZE after the start, and the shortest time between two. */
const ANALYZE_MIN_INTERVAL_MS = 60_000;
/** ANALYZE takes at most 1 % of the session's time: the next one waits 100 times the last one's duration. */
const ANALYZE_INTERVAL_PER_MS = 100;

/**
 * The planner's statistics, which PostgreSQL's autovacuum keeps and PGlite (no background worker) does not: without
 * them every table looks empty and, as rows come, searches take full scans (docs/decisions.md « Embedded database:
 * statistics »). ANALYZE runs a minute after the start, then again after 100 times its last duration, at least a
 * minute apart (`minIntervalMs`), between two connections' turns. A failed run is tried again at the next turn.
 */
function keepStatistics(queue: ExclusiveQueryQueue, minIntervalMs: number): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    void queue
      .maintenance('ANALYZE')
      .catch(() => 0)
      .then((ms) => schedule(Math.max(minIntervalMs, ms * ANALYZE_INTERVAL_PER_MS)));
  };
  schedule(minIntervalMs);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
