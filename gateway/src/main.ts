import 'reflect-metadata';
import path from 'node:path';
import { createApp } from './app';
import { loadConfig } from './config';
import { startEmbeddedDatabase } from './db/embedded';
import { DEMO_ACCOUNTS, seedDemoData } from './db/seed';
import { createLogger } from './lib/logger';

/** Time between SIGTERM and the drain (then: no new connection, in-flight requests finish, idle sockets cut). */
const SHUTDOWN_GRACE_MS = 300;

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
  const embedded = config.databaseUrl ? undefined : await startEmbeddedDatabase(path.join(config.dataDir, 'db'));
  if (embedded) logger.info({ dataDir: path.join(config.dataDir, 'db') }, 'embedded PostgreSQL started');
  const gateway = await createApp({ ...config, databaseUrl: config.databaseUrl ?? embedded!.url }, { logger });

  if (embedded || config.seedDemo) {
    const seeded = await seedDemoData(gateway.db, gateway.storage, logger);
    if (seeded) logger.info({ listings: seeded.listings }, 'demo data created');
  }
  const port = await gateway.listen();
  const url = config.publicUrl;
  // A plain banner for the person who ran `npm start`; demo credentials are public fixtures, not secrets.
  console.log(`\n  Flâneur is running on ${url} (port ${port})`);
  console.log(`  GraphQL and websocket: ${url}/graphql`);
  if (embedded || config.seedDemo) {
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
    // A short grace before draining: a request already written on an accepted connection but not yet read would
    // otherwise find its socket counted idle and cut.
    await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS));
    await gateway.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
}

void main();
