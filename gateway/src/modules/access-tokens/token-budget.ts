import Redis from 'ioredis';
import type { Logger } from '../../lib/logger';

/** The state of a token's bucket after an operation. */
export interface BudgetStatus {
  /** Whether the points were taken (false: not enough left, nothing taken). */
  allowed: boolean;
  maximumAvailable: number;
  /** Points left, rounded down (never below 0 in answers). */
  currentlyAvailable: number;
  /** Points restored per second. */
  restoreRate: number;
  /** Seconds until the refused cost becomes available (0 when allowed). */
  retryAfterSeconds: number;
  /** Unix time (seconds) at which the bucket is full again. */
  resetAt: number;
}

/** Budget settings: a bucket of `maximum` points per token, refilled by `restoreRate` points per second. */
export interface BudgetRule {
  maximum: number;
  restoreRate: number;
}

/**
 * Token bucket, atomically in Redis: refill by elapsed time (Redis's clock, shared by every instance), then take the
 * cost if it fits ('take') or add a signed correction ('adjust': a refund after execution, or the extra of an
 * answer larger than its estimate, which may leave the bucket below zero by any amount: the debt is carried). Answers {allowed, points left}.
 */
const BUCKET_SCRIPT = `
local max = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local data = redis.call('HMGET', KEYS[1], 'p', 'ts')
local points = tonumber(data[1])
local ts = tonumber(data[2])
if points == nil or ts == nil then points = max; ts = now end
points = math.min(max, points + math.max(0, now - ts) * rate / 1000)
local allowed = 1
if ARGV[4] == 'take' then
  if cost > points then allowed = 0 else points = points - cost end
else
  points = math.min(max, points - cost)
end
redis.call('HSET', KEYS[1], 'p', tostring(points), 'ts', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((max - points) * 1000 / rate) + 1000)
return { allowed, tostring(points), tostring(now) }
`;

type Mode = 'take' | 'adjust';
/** How long the first operations wait for Redis at start before using the in-memory bucket. */
const REDIS_READY_WAIT_MS = 2000;

/** Per-token cost budgets, in Redis when configured (every instance shares them), else in this process. */
export class TokenBudget {
  private readonly memory = new Map<string, { points: number; ts: number }>();
  /** Settles once Redis is ready or after REDIS_READY_WAIT_MS: the first requests already share their budgets. */
  private readonly ready: Promise<void>;
  /** One warning per outage, not one per request. */
  private healthy = true;

  constructor(
    readonly rule: BudgetRule,
    private readonly redis?: { client: Redis; prefix: string; logger: Logger },
  ) {
    const client = redis?.client;
    this.ready = new Promise<void>((resolve) => {
      if (!client || client.status === 'ready') return resolve();
      const timer = setTimeout(resolve, REDIS_READY_WAIT_MS);
      timer.unref();
      client.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    client?.on('ready', () => (this.healthy = true));
  }

  /** Takes `cost` points from the bucket of `key` if they are available. */
  take(key: string, cost: number): Promise<BudgetStatus> {
    return this.run(key, cost, 'take');
  }

  /** Corrects a charge once the real cost is known: `delta` > 0 takes more, < 0 gives back. */
  adjust(key: string, delta: number): Promise<BudgetStatus> {
    return this.run(key, delta, 'adjust');
  }

  async close(): Promise<void> {
    const client = this.redis?.client;
    if (!client) return;
    if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
    else client.disconnect();
  }

  private async run(key: string, cost: number, mode: Mode): Promise<BudgetStatus> {
    if (this.redis) {
      await this.ready;
      try {
        const [allowed, points, now] = (await this.redis.client.eval(
          BUCKET_SCRIPT,
          1,
          `${this.redis.prefix}:token-budget:${key}`,
          this.rule.maximum,
          this.rule.restoreRate,
          cost,
          mode,
        )) as [number, string, string];
        return this.status(allowed === 1, Number(points), cost, Number(now));
      } catch (err) {
        // Redis down or slow: this instance's own bucket stands in (budgets per instance meanwhile).
        if (this.healthy) this.redis.logger.warn({ err }, 'token budget: Redis unavailable, in-memory bucket used');
        this.healthy = false;
      }
    }
    return this.runInMemory(key, cost, mode);
  }

  private runInMemory(key: string, cost: number, mode: Mode): BudgetStatus {
    const { maximum, restoreRate } = this.rule;
    const now = Date.now();
    const bucket = this.memory.get(key) ?? { points: maximum, ts: now };
    let points = Math.min(maximum, bucket.points + (Math.max(0, now - bucket.ts) * restoreRate) / 1000);
    let allowed = true;
    if (mode === 'take') {
      if (cost > points) allowed = false;
      else points -= cost;
    } else {
      // The whole debt is carried: an answer far larger than its estimate is paid for in full, by waiting.
      points = Math.min(maximum, points - cost);
    }
    if (points >= maximum) this.memory.delete(key);
    else this.memory.set(key, { points, ts: now });
    return this.status(allowed, points, cost, now);
  }

  private status(allowed: boolean, points: number, cost: number, nowMs: number): BudgetStatus {
    const { maximum, restoreRate } = this.rule;
    const missing = allowed ? 0 : cost - points;
    return {
      allowed,
      maximumAvailable: maximum,
      currentlyAvailable: Math.max(0, Math.floor(points)),
      restoreRate,
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(missing / restoreRate)),
      resetAt: Math.ceil((nowMs + (Math.max(0, maximum - points) * 1000) / restoreRate) / 1000),
    };
  }
}

/** The budget of the gateway: shared through Redis (its own connection, failing fast) when `redisUrl` is set. */
export function createTokenBudget(opts: {
  rule: BudgetRule;
  redisUrl?: string;
  prefix: string;
  logger: Logger;
}): TokenBudget {
  if (!opts.redisUrl) return new TokenBudget(opts.rule);
  const client = new Redis(opts.redisUrl, {
    connectionName: `flaneur-token-budget:${opts.prefix}`,
    enableOfflineQueue: false,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
  });
  client.on('error', () => {
    // Logged per failed command by the budget; the client reconnects by itself.
  });
  return new TokenBudget(opts.rule, { client, prefix: opts.prefix, logger: opts.logger });
}

/** The X-RateLimit-* and Retry-After headers of a budget status. */
export function budgetHeaders(status: BudgetStatus): Record<string, string> {
  return {
    'x-ratelimit-limit': String(status.maximumAvailable),
    'x-ratelimit-remaining': String(status.currentlyAvailable),
    'x-ratelimit-reset': String(status.resetAt),
    ...(status.allowed ? {} : { 'retry-after': String(status.retryAfterSeconds) }),
  };
}
