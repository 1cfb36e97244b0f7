import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp, Gateway } from '../src/app';
import { loadConfig } from '../src/config';
import type { Logger } from '../src/lib/logger';

/** A gateway on the test database, with its own DATA_DIR (outbox, uploads). */
export interface TestGateway extends Gateway {
  dataDir: string;
  /** A client that keeps cookies, like a browser session. */
  agent(): request.Agent;
}

/**
 * Starts a gateway for one test file. Close it in afterAll. With REDIS_URL, its throttles get a key prefix of their
 * own (budgets are not shared with other tests) unless `env` gives THROTTLE_PREFIX to share them on purpose.
 */
export async function startGateway(
  env: Record<string, string> = {},
  opts: { logger?: Logger } = {},
): Promise<TestGateway> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.TEST_DB_URL,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-42',
    PUBLIC_URL: 'http://localhost:4000',
    LOG_LEVEL: 'silent',
    THROTTLE_PREFIX: unique('test-throttle:'),
    ...env,
  });
  const gw = await createApp(config, { runMigrations: false, logger: opts.logger });
  const close = gw.close;
  return Object.assign(gw, {
    dataDir,
    agent: () => request.agent(gw.app),
    async close() {
      await close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

let counter = 0;
/** Unique names so test files can share one database without cleaning it. */
export function unique(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36)}${counter}`;
}
