import fs from 'node:fs';
import { Client } from 'pg';
import { CHROMIUM_PATH } from './browser';
import { clearResults } from './screenshots';
import { ensureBuilt } from './build';
import { startE2eGeocoder, type E2eGeocoder } from './geocoder';
import { startServer, type RunningServer } from './server';

declare global {
  var __E2E_SERVER__: RunningServer | undefined;
  var __E2E_GEOCODER__: E2eGeocoder | undefined;
}

/**
 * With TEST_DATABASE_URL (CI's PostgreSQL pass), the journeys run on a fresh database of that server, seeded with
 * the demo data as `npm start` seeds the embedded one; otherwise on the embedded database.
 */
async function e2eDatabase(): Promise<Record<string, string>> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return {};
  const url = new URL(base);
  const name = `${url.pathname.slice(1) || 'flaneur'}_e2e`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  console.log(`\n[e2e] database: PostgreSQL (${name})`);
  return { DATABASE_URL: url.toString(), SEED_DEMO: 'true' };
}

/** Once per run: the build (only if missing), then one gateway shared by every journey. */
export default async function globalSetup(): Promise<void> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`[e2e] Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }
  clearResults();
  // Development shortcut: reuse a gateway already running (started with PUBLIC_URL = that URL).
  if (process.env.E2E_REUSE_URL && process.env.E2E_REUSE_DATA_DIR) {
    process.env.E2E_BASE_URL = process.env.E2E_REUSE_URL;
    process.env.E2E_DATA_DIR = process.env.E2E_REUSE_DATA_DIR;
    console.log(`\n[e2e] reusing the gateway on ${process.env.E2E_BASE_URL}`);
    return;
  }
  ensureBuilt();
  const started = Date.now();
  // The address look-ups go to a local geocoder (support/geocoder.ts), not to the public one.
  const geocoder = await startE2eGeocoder();
  globalThis.__E2E_GEOCODER__ = geocoder;
  const server = await startServer(undefined, { GEOCODER_URL: geocoder.url, ...(await e2eDatabase()) });
  console.log(
    `\n[e2e] gateway ready on ${server.url} (pid ${server.pid}) in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  globalThis.__E2E_SERVER__ = server;
  // Journeys run in band, in this process: they read the server from the environment.
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
}
