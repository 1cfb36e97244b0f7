import 'reflect-metadata';
import path from 'node:path';
import { createApp } from './app';
import { loadConfig } from './config';
import { startEmbeddedDatabase } from './db/embedded';
import { DEMO_ACCOUNTS, seedDemoData } from './db/seed';
import { createLogger, Logger } from './lib/logger';

/** Time between SIGTERM and the drain (then: no new connection, in-flight requests finish, idle sockets cut). */
const SHUTDOWN_GRACE_MS = 300;

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
      // A short grace before draining: a request already written on an accepted connection but not yet read would
      // otherwise find its socket counted idle and cut.
      await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS));
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
