import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import webpush from 'web-push';
import { createApp, Gateway } from '../src/app';
import { loadConfig } from '../src/config';
import type { Logger } from '../src/lib/logger';
import type { Mailer } from '../src/mail/mailer';
import { createBucket, s3rverEnv } from './s3rver';

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
  opts: {
    logger?: Logger;
    mailer?: Mailer;
    startOutbox?: boolean;
    outboxPollMs?: number;
    webDir?: string;
    webServerEntry?: string;
    serverRenderTimeoutMs?: number;
  } = {},
): Promise<TestGateway> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-test-'));
  // npm run test:s3: the same tests on object storage, one bucket per gateway (as isolated as its own DATA_DIR).
  const s3 = process.env.TEST_S3_ENDPOINT;
  const bucket = s3 ? unique('test-').toLowerCase() : '';
  if (s3) await createBucket(s3, bucket);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.TEST_DB_URL,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-42',
    PUBLIC_URL: 'http://localhost:4000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // The suite runs on either GraphQL executor (CI: jit on the embedded pass, graphql-js on the PostgreSQL one).
    GRAPHQL_EXECUTOR: process.env.TEST_GRAPHQL_EXECUTOR,
    THROTTLE_PREFIX: unique('test-throttle:'),
    // Test files share the database: each gateway runs only its own jobs unless `env` shares a queue.
    OUTBOX_QUEUE: unique('test-outbox-'),
    // One VAPID identity per test process (required in production; instances sharing a queue sign alike).
    ...TEST_VAPID,
    ...(s3 ? s3rverEnv(s3, bucket) : {}),
    ...env,
  });
  const gw = await createApp(config, {
    runMigrations: false,
    logger: opts.logger,
    mailer: opts.mailer,
    startOutbox: opts.startOutbox,
    outboxPollMs: opts.outboxPollMs,
    webDir: opts.webDir,
    webServerEntry: opts.webServerEntry,
    serverRenderTimeoutMs: opts.serverRenderTimeoutMs,
  });
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

/** A gateway that a test file reads once `useGateway`'s beforeAll has started it. */
export type UsedGateway = TestGateway & { readonly port: number };

/**
 * The gateway of a test file (or of a describe block): started in beforeAll, closed in afterAll. With `listen`,
 * it also listens on a free port of 127.0.0.1 (`port`, for websocket clients). The answer stands for the gateway
 * started later: read it in hooks and tests, not at collection time.
 */
export function useGateway(
  opts: {
    env?: Record<string, string>;
    listen?: boolean;
    logger?: Logger;
    mailer?: Mailer;
    /** false: jobs stay queued (outbox_jobs rows to inspect); `gw.outbox.drain()` runs them on demand. */
    startOutbox?: boolean;
    outboxPollMs?: number;
    /** A web build of the test's own (index.html) and the server bundle to render with (tests of http/server-render.ts). */
    webDir?: () => string;
    webServerEntry?: string;
    serverRenderTimeoutMs?: number;
  } = {},
): UsedGateway {
  let current: UsedGateway | undefined;
  beforeAll(async () => {
    const gw = await startGateway(opts.env, {
      logger: opts.logger,
      mailer: opts.mailer,
      startOutbox: opts.startOutbox,
      outboxPollMs: opts.outboxPollMs,
      webDir: opts.webDir?.(),
      webServerEntry: opts.webServerEntry,
      serverRenderTimeoutMs: opts.serverRenderTimeoutMs,
    });
    current = Object.assign(gw, { port: opts.listen ? await gw.listen(0, '127.0.0.1') : 0 });
  });
  afterAll(() => current?.close());
  return new Proxy({} as UsedGateway, {
    get(_target, key) {
      if (!current) throw new Error('useGateway: the gateway is read before its beforeAll has started it');
      const value: unknown = Reflect.get(current, key);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

const keys = webpush.generateVAPIDKeys();
/** The VAPID variables every test gateway gets unless `env` overrides them. */
export const TEST_VAPID = {
  VAPID_PUBLIC_KEY: keys.publicKey,
  VAPID_PRIVATE_KEY: keys.privateKey,
  VAPID_SUBJECT: 'mailto:alertes@flaneur.fr',
} as const;

let counter = 0;
/** Unique names so test files can share one database without cleaning it. */
export function unique(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36)}${counter}`;
}
