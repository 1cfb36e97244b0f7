import { MSG } from '@flaneur/schema';
import Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors';
import type { Logger } from './logger';

/** Fixed-window throttles of the gateway with their budget: points per duration (seconds). docs/security.md lists them. */
export const THROTTLES = {
  loginPerAddress: { points: 100, duration: 15 * 60 },
  forgotPasswordPerEmail: { points: 3, duration: 60 * 60 },
  forgotPasswordPerAddress: { points: 30, duration: 60 * 60 },
  resetTokenPerAddress: { points: 20, duration: 15 * 60 },
  registerPerAddress: { points: 50, duration: 60 * 60 },
  messagesPerUser: { points: 30, duration: 60 },
  /** Files, not requests: one point per file, spent before its bytes are read (4 full listings of 15 photos). */
  uploadsPerUser: { points: 60, duration: 10 * 60 },
  locationReportsPerUser: { points: 60, duration: 60 },
  /** Batches of fixes kept offline (requests), and their fixes (one point per fix: 6 full batches per 10 min). */
  locationBatchesPerUser: { points: 20, duration: 60 },
  locationBatchFixesPerUser: { points: 3000, duration: 10 * 60 },
  emailChangesPerUser: { points: 10, duration: 60 * 60 },
  exportsPerUser: { points: 5, duration: 60 * 60 },
  clientErrorsPerAddress: { points: 20, duration: 60 },
  /** Push subscriptions created, moved or removed (a device re-subscribes at each start; 10 devices at most). */
  pushSubscriptionsPerUser: { points: 20, duration: 60 * 60 },
  /** Test notifications: each goes to every device of the user. */
  pushTestsPerUser: { points: 5, duration: 10 * 60 },
  /** Address look-ups (geocode): per user when signed in, per address otherwise; cached answers count too. */
  geocodePerUser: { points: 60, duration: 60 },
  geocodePerAddress: { points: 60, duration: 60 },
  /** Reports sent (docs/decisions.md « Trust shield »): 10 an hour; an account under 7 days old, 3 a day too. */
  reportsPerUser: { points: 10, duration: 60 * 60 },
  reportsPerNewUser: { points: 3, duration: 24 * 60 * 60 },
} as const;
export type ThrottleName = keyof typeof THROTTLES;

/**
 * Progressive backoff on failures (docs/security.md). The first `free` consecutive failures of a key cost nothing;
 * the k-th failure after them blocks the key for baseSeconds · 2^(k−1) seconds, at most maxSeconds. A success
 * forgets the series; so does the end of `forgetAfterSeconds` counted from its first failure. Past the free
 * failures, one attempt at a time: a concurrent one is refused while the first is checked (at most holdSeconds).
 */
export const BACKOFFS = {
  loginFailuresPerAccount: {
    free: 5,
    baseSeconds: 1,
    maxSeconds: 15 * 60,
    forgetAfterSeconds: 24 * 60 * 60,
    holdSeconds: 10,
  },
} as const;
export type BackoffName = keyof typeof BACKOFFS;
type BackoffRule = (typeof BACKOFFS)[BackoffName];

/** Seconds the key is blocked after its `failures`-th consecutive failure (0 while failures are free). */
export function backoffSeconds(rule: BackoffRule, failures: number): number {
  const beyond = failures - rule.free;
  if (beyond <= 0) return 0;
  return Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** Math.min(beyond - 1, 30));
}

/** Builds one rate limiter under a key prefix (in memory, or in Redis shared by every instance). */
type LimiterFactory = (keyPrefix: string, opts: { points: number; duration: number }) => RateLimiterAbstract;

/** The limiters of one backoff rule: the failure count of the series, and the gate (block or attempt in flight). */
interface BackoffLimiters {
  failures: RateLimiterAbstract;
  gate: RateLimiterAbstract;
}

/** Named rate limiters; in memory by default, in Redis when several instances must share their budgets. */
export class Throttles {
  private readonly limiters = new Map<ThrottleName, RateLimiterAbstract>();
  private readonly backoffs = new Map<BackoffName, BackoffLimiters>();

  constructor(
    factory: LimiterFactory = (keyPrefix, opts) => new RateLimiterMemory({ keyPrefix, ...opts }),
    private readonly onClose: () => Promise<void> = async () => {},
  ) {
    for (const [name, opts] of Object.entries(THROTTLES)) this.limiters.set(name as ThrottleName, factory(name, opts));
    for (const [name, rule] of Object.entries(BACKOFFS))
      this.backoffs.set(name as BackoffName, {
        // Counted with penalty/reward only: the points never refuse anything.
        failures: factory(`${name}:failures`, { points: 1_000_000, duration: rule.forgetAfterSeconds }),
        gate: factory(`${name}:gate`, { points: 1, duration: rule.holdSeconds }),
      });
  }

  /** Spends `points` (one by default); throws TOO_MANY_REQUESTS (with Retry-After) once the budget is gone. */
  async consume(name: ThrottleName, key: string, points = 1): Promise<void> {
    try {
      await this.limiters.get(name)!.consume(key, points);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw tooMany(e);
      throw e;
    }
  }

  /**
   * Runs `verify` (answers whether the secret is right) under the backoff rule `name` for `key`. Throws
   * TOO_MANY_REQUESTS while the key is blocked, without calling `verify`; answers verify's verdict otherwise,
   * counting a failure (and blocking past the free ones) or forgetting the series on success.
   */
  async attempt(name: BackoffName, key: string, verify: () => Promise<boolean>): Promise<boolean> {
    const rule = BACKOFFS[name];
    const { failures, gate } = this.backoffs.get(name)!;
    const blocked = await gate.get(key);
    if (blocked && blocked.msBeforeNext > 0) throw tooMany(blocked);
    // Counted as a failure before the check, so concurrent attempts cannot all pass as "free".
    const failuresSoFar = (await failures.penalty(key, 1)).consumedPoints;
    const gated = failuresSoFar > rule.free;
    if (gated) {
      try {
        await gate.consume(key);
      } catch (e) {
        await failures.reward(key, 1);
        if (e instanceof RateLimiterRes) throw tooMany(e);
        throw e;
      }
    }
    let ok: boolean;
    try {
      ok = await verify();
    } catch (e) {
      await failures.reward(key, 1);
      if (gated) await gate.delete(key);
      throw e;
    }
    if (ok) {
      await Promise.all([failures.delete(key), gate.delete(key)]);
    } else if (gated) {
      await gate.block(key, backoffSeconds(rule, failuresSoFar));
    }
    return ok;
  }

  /** Releases the store (the Redis connection); the limiters must not be used afterwards. */
  close(): Promise<void> {
    return this.onClose();
  }
}

const tooMany = (res: RateLimiterRes) =>
  new AppError('TOO_MANY_REQUESTS', MSG.tooManyRequests, {
    retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });

/** A Redis command not answered within this time falls back to the instance's in-memory insurance limiter. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** How long the start waits for Redis before serving with the insurance limiters (they hand over once it answers). */
const REDIS_READY_WAIT_MS = 2000;

/**
 * The gateway's throttles: shared through Redis (keys `{prefix}:{throttle}:{key}`) when `redisUrl` is set, each
 * limiter insured by an in-memory one while Redis is unreachable or slow; in memory per instance otherwise.
 */
export async function createThrottles(opts: { redisUrl?: string; prefix: string; logger: Logger }): Promise<Throttles> {
  if (!opts.redisUrl) return new Throttles();
  const client = new Redis(opts.redisUrl, {
    connectionName: `flaneur-throttles:${opts.prefix}`,
    // While disconnected a command fails at once (insurance limiter) instead of waiting in a queue.
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
  });
  // One warning per outage, not one per reconnection attempt.
  let healthy = true;
  client.on('ready', () => (healthy = true));
  client.on('error', (err) => {
    if (!healthy) return;
    healthy = false;
    opts.logger.warn({ err }, 'Redis unreachable: throttles fall back to this instance');
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_READY_WAIT_MS);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return new Throttles(
    (name, limits) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${opts.prefix}:${name}`,
        ...limits,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${opts.prefix}:${name}`, ...limits }),
      }),
    async () => {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  );
}
