import 'reflect-metadata';
import path from 'node:path';
import { createApp } from './app';
import { loadConfig } from './config';
import { startEmbeddedDatabase } from './db/embedded';
import { DEMO_ACCOUNTS, seedDemoData } from './wiring/seed';
import { seedDemoFeed } from './wiring/seed/demo-feed';
import { createLogger, Logger } from './lib/logger';

/**
 * Shutdown (docs/decisions.md, « Object storage and the production stack »). At SIGTERM the gateway drains: /readyz
 * answers 503, websockets are closed with 1012 and new ones refused, requests a proxy may resend elsewhere get a 503
 * it retries (and the proxy counts this gateway as failed, so it stops sending here), writes are still served. The
 * listening socket stays open until no connection arrived for SHUTDOWN_QUIET_MS after such a 503 (behind a proxy;
 * SHUTDOWN_IDLE_MS without one, or when nothing was turned away), SHUTDOWN_DRAIN_MAX_MS at most: closing it then
 * resets no connection waiting to be accepted. Then in-flight requests finish.
 */
const SHUTDOWN_QUIET_MS = 500;
const SHUTDOWN_IDLE_MS = 1_500;
const SHUTDOWN_DRAIN_MAX_MS = 5_000;

/** Resolves once `server` accepted no connection for long enough (see above), at most SHUTDOWN_DRAIN_MAX_MS. */
function quiet(server: import('node:http').Server, settled: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    let last = started;
    const onConnection = () => (last = Date.now());
    server.on('connection', onConnection);
    const done = () => {
      const now = Date.now();
      const idle = now - last;
      return (
        now - started >= SHUTDOWN_DRAIN_MAX_MS || (idle >= SHUTDOWN_QUIET_MS && (settled() || idle >= SHUTDOWN_IDLE_MS))
      );
    };
    const timer = setInterval(() => {
      if (!done()) return;
      // After a stalled event loop, timers run before pending connections are accepted: let them in, then decide.
      setImmediate(() => {
        if (!done()) return;
        clearInterval(timer);
        server.off('connection', onConnection);
        resolve();
      });
    }, 50);
  });
}

/** Set once the gateway runs: what an uncaught exception calls to shut it down. */
let stopGateway: ((reason: string) => Promise<void>) | undefined;

/**
 * Process-level failures (docs/decisions.md). A promise rejected without a handler is a lost error, not a broken
 * process: it is logged and the gateway keeps serving. An uncaught exception leaves the process in an unknown state:
 * it is logged as fatal and the gateway shuts down as at SIGTERM, with exit code 1, for the supervisor to restart it.
 * Neither reaches a client: a request only ever sees its own masked error.
 */
function handleProcessFailures(logger: Logger) {
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  process.on('uncaughtException', (err, origin) => {
    logger.fatal({ err, origin }, 'uncaught exception: shutting down');
    process.exitCode = 1;
    if (stopGateway) void stopGateway('uncaughtException');
    else process.exit();
  });
}

/** Starts the gateway: embedded PostgreSQL unless DATABASE_URL is set, migrations, demo data, HTTP + websocket. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  handleProcessFailures(logger);
  const embedded = config.databaseUrl ? undefined : await startEmbeddedDatabase(path.join(config.dataDir, 'db'));
  if (embedded) logger.info({ dataDir: path.join(config.dataDir, 'db') }, 'embedded PostgreSQL started');
  const gateway = await createApp({ ...config, databaseUrl: config.databaseUrl ?? embedded!.url }, { logger });

  if (config.seedDemo) {
    const seeded = await seedDemoData(gateway.db, gateway.storage, logger);
    if (seeded) logger.info({ listings: seeded.listings }, 'demo data created');
    // The demo agency's listings come through its Poliris feed, imported by the outbox like any agency's.
    if (seeded) await seedDemoFeed(gateway.db, gateway.services, logger);
  }
  const port = await gateway.listen();
  const url = config.publicUrl;
  // A plain banner for the person who ran `npm start`; demo credentials are public fixtures, not secrets.
  console.log(`\n  Flâneur is running on ${url} (port ${port})`);
  console.log(`  GraphQL and websocket: ${url}/graphql`);
  if (config.seedDemo) {
    for (const a of DEMO_ACCOUNTS) console.log(`  Demo ${a.role}: username "${a.username}", password "${a.password}"`);
  }
  console.log('');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      gateway.drain.start();
      const behindProxy = config.trustProxy > 0;
      await quiet(gateway.server, () => !behindProxy || gateway.drain.turnedAway);
      // No new connection from now on; apollo.stop() (in close) waits for in-flight requests, then cuts idle sockets.
      gateway.server.close();
      await gateway.close();
      await embedded?.stop();
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exitCode = 1;
    }
    // 0, unless an uncaught exception or a failed shutdown set 1.
    process.exit();
  };
  stopGateway = stop;
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  // A failed start (database unreachable, port taken…): logged as JSON, exit code 1.
  createLogger('fatal').fatal({ err }, 'start failed');
  process.exit(1);
});
