import path from 'node:path';
import { z } from 'zod';
import { checkVapidSubject, parsePushHosts, PUSH_ENDPOINT_HOSTS_DEFAULT, vapidKeyProblem } from './lib/push-env';

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
  GRAPHQL_EXECUTOR: z.enum(['jit', 'graphql-js']).default('jit'),
  SECURITY_CONTACT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: or https: URI')
    .optional(),
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
  /** Web Push (VAPID, RFC 8292): required in production, generated into DATA_DIR/vapid.json otherwise. */
  VAPID_PUBLIC_KEY: z.string().trim().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().trim().min(1).optional(),
  VAPID_SUBJECT: z.string().trim().min(1).optional(),
  /** Hosts a push endpoint may name (comma list, "*.example.com" for its subdomains). */
  PUSH_ENDPOINT_HOSTS: z.string().optional(),
  /** Cost budget of each access token: bucket size (points) and points restored per second. */
  TOKEN_BUDGET_POINTS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  TOKEN_BUDGET_RESTORE_RATE: z.coerce.number().positive().max(1_000_000).default(50),
  /** The web's trusted documents (hash → text), written by codegen; the committed file by default. */
  PERSISTED_DOCUMENTS_FILE: z.string().trim().min(1).optional(),
  TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Mapbox public token (pk.…) the web was built with: the CSP then lets the browser reach Mapbox, not TILE_URL. */
  MAPBOX_ACCESS_TOKEN: z.string().trim().optional(),
  /** A geocoder speaking the API of the French national address base (`{url}/search?q=…`): the Géoplateforme's by default. */
  GEOCODER_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), 'GEOCODER_URL: an http(s) URL')
    .default('https://data.geopf.fr/geocodage'),
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  ENABLE_SIMULATION: bool,
  SEED_DEMO: bool,
  /** S3-compatible object storage for uploads and documents: set S3_BUCKET to use it instead of DATA_DIR. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET: a bucket name (3 to 63 lowercase letters, digits, "." or "-")',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool,
  /** Public base URL of the bucket's `uploads/` prefix: /uploads/{key} redirects there instead of streaming. */
  S3_PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** The gateway's configuration, parsed once at start. */
export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Unmasked error details in GraphQL answers (development only; tests see the answers users see). */
  errorDetails: boolean;
  /**
   * Whether the timers of the tenant documents' retention and the end-of-walk sweep run (not in tests: they share one
   * database across test files and run them themselves, another file's run would take the rows a test prepared).
   */
  runSchedulers: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  sessionSecret?: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  /** What runs a GraphQL query: compiled by graphql-jit, or graphql-js (docs/decisions.md « Lean request path »). */
  graphqlExecutor: 'jit' | 'graphql-js';
  /** Contact of /.well-known/security.txt (RFC 9116). */
  securityContact: string;
  redisUrl?: string;
  throttlePrefix: string;
  outboxQueue: string;
  /** VAPID keys and subject as configured (resolveVapid fills in the generated ones outside production). */
  vapid: { publicKey?: string; privateKey?: string; subject?: string };
  /** Hosts a push endpoint may name: exact names, or `*.` + a suffix for its subdomains. */
  pushEndpointHosts: string[];
  /** Each access token's bucket: `maximum` points, refilled by `restoreRate` per second. */
  tokenBudget: { maximum: number; restoreRate: number };
  /** The web's trusted documents (codegen's persisted-documents.json), loaded at start. */
  persistedDocumentsFile: string;
  tileUrl: string;
  /** Set when the web renders its maps with Mapbox (the CSP follows). */
  mapboxAccessToken?: string;
  /** Base URL of the geocoder (French national address base API), without a trailing slash. */
  geocoderUrl: string;
  trustProxy: number;
  simulationEnabled: boolean;
  /** Whether main seeds the demo data (SEED_DEMO=true, or the embedded database outside production). */
  seedDemo: boolean;
  /** Object storage (S3_*), or undefined for the local disk under dataDir. */
  s3?: {
    endpoint?: string;
    region: string;
    bucket: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
    /** Where /uploads/{key} redirects, without a trailing slash; unset → streamed through the gateway. */
    publicUrl?: string;
  };
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
  const isProduction = e.NODE_ENV === 'production';
  for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const)
    if (isProduction && !e[name]) problems.push(`  - ${name}: required in production`);
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    problems.push('  - VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  else if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    const problem = vapidKeyProblem(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY);
    if (problem) problems.push(`  - ${problem}`);
  }
  const subjectProblem = e.VAPID_SUBJECT ? checkVapidSubject(e.VAPID_SUBJECT, isProduction) : null;
  if (subjectProblem) problems.push(`  - VAPID_SUBJECT: ${subjectProblem}`);
  const pushHosts = parsePushHosts(e.PUSH_ENDPOINT_HOSTS ?? PUSH_ENDPOINT_HOSTS_DEFAULT);
  if (typeof pushHosts === 'string') problems.push(`  - PUSH_ENDPOINT_HOSTS: ${pushHosts}`);
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    problems.push('  - S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  const s3Set = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_PUBLIC_URL'] as const).filter((n) => e[n]);
  if (!e.S3_BUCKET && s3Set.length) problems.push(`  - S3_BUCKET: required with ${s3Set.join(', ')}`);
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    errorDetails: e.NODE_ENV === 'development',
    runSchedulers: e.NODE_ENV !== 'test',
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    graphqlExecutor: e.GRAPHQL_EXECUTOR,
    securityContact: e.SECURITY_CONTACT ?? `mailto:securite@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}`,
    redisUrl: e.REDIS_URL,
    throttlePrefix: e.THROTTLE_PREFIX,
    outboxQueue: e.OUTBOX_QUEUE,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    pushEndpointHosts: pushHosts as string[],
    tokenBudget: { maximum: e.TOKEN_BUDGET_POINTS, restoreRate: e.TOKEN_BUDGET_RESTORE_RATE },
    // gateway/src and gateway/dist sit at the same depth: the committed manifest is found from both.
    persistedDocumentsFile: path.resolve(
      e.PERSISTED_DOCUMENTS_FILE ?? path.join(__dirname, '../../web/src/gql/persisted-documents.json'),
    ),
    tileUrl: e.TILE_URL,
    mapboxAccessToken: e.MAPBOX_ACCESS_TOKEN || undefined,
    geocoderUrl: e.GEOCODER_URL.replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    simulationEnabled: e.NODE_ENV !== 'production' || e.ENABLE_SIMULATION,
    // The demo accounts have public passwords: only on the embedded database outside production, or on request.
    seedDemo: e.SEED_DEMO || (!e.DATABASE_URL && e.NODE_ENV !== 'production'),
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, ''),
        }
      : undefined,
    logLevel: e.LOG_LEVEL,
  };
}
