import { MSG } from '@flaneur/schema';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors';

/** Every throttle of the gateway with its budget: points per duration (seconds). docs/security.md lists them. */
export const THROTTLES = {
  loginPerAddress: { points: 100, duration: 15 * 60 },
  loginFailuresPerAccount: { points: 10, duration: 15 * 60 },
  forgotPasswordPerEmail: { points: 3, duration: 60 * 60 },
  forgotPasswordPerAddress: { points: 30, duration: 60 * 60 },
  resetTokenPerAddress: { points: 20, duration: 15 * 60 },
  registerPerAddress: { points: 50, duration: 60 * 60 },
  messagesPerUser: { points: 30, duration: 60 },
  uploadsPerUser: { points: 60, duration: 10 * 60 },
  locationReportsPerUser: { points: 60, duration: 60 },
} as const;
export type ThrottleName = keyof typeof THROTTLES;

/** Named rate limiters; in memory here, the same interface can sit on Redis for several instances. */
export class Throttles {
  private readonly limiters = new Map<ThrottleName, RateLimiterAbstract>();

  constructor(
    factory: (name: ThrottleName, opts: { points: number; duration: number }) => RateLimiterAbstract = (name, opts) =>
      new RateLimiterMemory({ keyPrefix: name, ...opts }),
  ) {
    for (const [name, opts] of Object.entries(THROTTLES))
      this.limiters.set(name as ThrottleName, factory(name as ThrottleName, opts));
  }

  /** Spends one point; throws TOO_MANY_REQUESTS (with Retry-After) once the budget is gone. */
  async consume(name: ThrottleName, key: string): Promise<void> {
    try {
      await this.limiters.get(name)!.consume(key);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw tooMany(e);
      throw e;
    }
  }

  /** Fails when the budget is already spent, without spending. */
  async check(name: ThrottleName, key: string): Promise<void> {
    const res = await this.limiters.get(name)!.get(key);
    if (res && res.consumedPoints >= THROTTLES[name].points) throw tooMany(res);
  }

  /** Spends one point without failing (failures counted after the fact). */
  async penalize(name: ThrottleName, key: string): Promise<void> {
    await this.limiters.get(name)!.penalty(key, 1);
  }

  async reset(name: ThrottleName, key: string): Promise<void> {
    await this.limiters.get(name)!.delete(key);
  }
}

const tooMany = (res: RateLimiterRes) =>
  new AppError('TOO_MANY_REQUESTS', MSG.tooManyRequests, {
    retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
