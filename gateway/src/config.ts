import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const ZEnv = z.object({
  /** Unset means production: a forgotten variable never turns on development conveniences. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Default: every interface in production, loopback only in development and test. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./var'),
  DATABASE_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must hold at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Flâneur <no-reply@flaneur.local>'),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of the throttle keys in Redis: instances sharing it share their budgets. */
  THROTTLE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,100}$/, 'THROTTLE_PREFIX: letters, digits, ":", "_" or "-" (1 to 100)')
    .default('flaneur:throttle'),
  /** Instances with the same outbox queue share its jobs (each job runs on one of them). */
  OUTBOX_QUEUE: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'OUTBOX_QUEUE: letters, digits, ":", "_" or "-" (1 to 64)')
    .default('default'),
  TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  ENABLE_SIMULATION: bool,
  SEED_DEMO: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** The gateway's configuration, parsed once at start. */
export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  sessionSecret?: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  redisUrl?: string;
  throttlePrefix: string;
  outboxQueue: string;
  tileUrl: string;
  trustProxy: number;
  simulationEnabled: boolean;
  /** Whether main seeds the demo data (SEED_DEMO=true, or the embedded database outside production). */
  seedDemo: boolean;
  logLevel: string;
}

/** Parses the environment; throws one error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) problems.push('  - SESSION_SECRET: required in production');
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) problems.push('  - PUBLIC_URL: required in production');
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    throttlePrefix: e.THROTTLE_PREFIX,
    outboxQueue: e.OUTBOX_QUEUE,
    tileUrl: e.TILE_URL,
    trustProxy: e.TRUST_PROXY,
    simulationEnabled: e.NODE_ENV !== 'production' || e.ENABLE_SIMULATION,
    // The demo accounts have public passwords: only on the embedded database outside production, or on request.
    seedDemo: e.SEED_DEMO || (!e.DATABASE_URL && e.NODE_ENV !== 'production'),
    logLevel: e.LOG_LEVEL,
  };
}
