import Redis from 'ioredis';
import type { DataSource, EntitySubscriberInterface, TransactionCommitEvent, UpdateEvent } from 'typeorm';
import type { Logger } from '../../lib/logger';
import { User } from '../users/user.entity';

/**
 * How long a cached session, viewer or saved criteria may be served (each hit still checks its generation, so this
 * only bounds a change made outside the gateway, by hand in SQL). Longer than the 5 s between a walker's fixes, or
 * the cache would never serve the next one.
 */
export const USER_STATE_TTL_MS = 30_000;
/** A generation key outlives by far every entry stamped with it (refreshed on each bump). */
const GENERATION_KEY_TTL_MS = 24 * 3600_000;
/** Above this many entries a table drops its expired ones. */
const SWEEP_AT = 20_000;

/** Entries stamped with a user's generation; an entry is served only while fresh and stamped with the current one. */
export class StampedTable<K, V> {
  private readonly entries = new Map<K, { value: V; stamp: string | null; until: number }>();

  /** The value when fresh and stamped `stamp`. */
  get(key: K, stamp: string | null): V | undefined {
    const e = this.entries.get(key);
    if (!e || stamp === null || e.stamp !== stamp) return undefined;
    if (e.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** The value whatever its stamp (a hint: whose entry this is), while fresh. */
  peek(key: K): V | undefined {
    const e = this.entries.get(key);
    return e && e.until > Date.now() ? e.value : undefined;
  }

  /** `stamp` must have been read before `value` was loaded; null keeps it as a hint only. */
  set(key: K, value: V, stamp: string | null, ttlMs = USER_STATE_TTL_MS): void {
    if (this.entries.size >= SWEEP_AT) {
      const now = Date.now();
      for (const [k, e] of this.entries) if (e.until <= now) this.entries.delete(k);
      if (this.entries.size >= SWEEP_AT) this.entries.clear();
    }
    this.entries.set(key, { value, stamp, until: Date.now() + ttlMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}

/**
 * What does not change from one position report to the next — the session, its user, the saved criteria — served
 * from memory for a few seconds. Each user has a generation, bumped by whatever changes their state (criteria saved,
 * session saved or destroyed, any change to an account row; account rows changed without a known id bump every
 * user). A cached value is stamped with the generation read before it was loaded and served only while the
 * generation is unchanged, so a change is seen by the next request. With Redis the generations live there (one MGET
 * per check, INCR per bump, awaited before the change is answered): every instance sees a change at once; without
 * Redis they are this process's counters.
 */
export class UserStateCache {
  private epoch = 0;
  private readonly gens = new Map<number, number>();
  /** Stamps read for a request (or a viewer object): one read per request. */
  private readonly memo = new WeakMap<object, { userId: number; stamp: string | null }>();

  constructor(
    private readonly redis: Redis | null,
    private readonly logger: Logger,
    private readonly prefix = 'flaneur:user-state',
  ) {}

  /** A new table of this cache's entries. */
  table<K, V>(): StampedTable<K, V> {
    return new StampedTable<K, V>();
  }

  /**
   * The user's generation now (`holder`: a request or viewer already stamped answers the same one); null when it
   * cannot be known (Redis unreachable): nothing is served from, nor stored in, the cache then.
   */
  async stamp(userId: number, holder?: object): Promise<string | null> {
    const known = holder && this.memo.get(holder);
    if (known && known.userId === userId) return known.stamp;
    const local = `${this.epoch}.${this.gens.get(userId) ?? 0}`;
    let stamp: string | null = local;
    if (this.redis) {
      try {
        const [all, one] = await this.redis.mget(`${this.prefix}:all`, `${this.prefix}:u:${userId}`);
        stamp = `${local}|${all ?? 0}.${one ?? 0}`;
      } catch {
        stamp = null;
      }
    }
    if (holder) this.memo.set(holder, { userId, stamp });
    return stamp;
  }

  /** Stamps `holder` (a per-request viewer) as `from` was. */
  carry(from: object, holder: object): void {
    const known = this.memo.get(from);
    if (known) this.memo.set(holder, known);
  }

  /** Marks the user's cached state stale everywhere (null: every user's); resolves once every instance will see it. */
  async bump(userId: number | null): Promise<void> {
    if (userId === null) this.epoch++;
    else this.gens.set(userId, (this.gens.get(userId) ?? 0) + 1);
    if (!this.redis) return;
    const key = userId === null ? `${this.prefix}:all` : `${this.prefix}:u:${userId}`;
    try {
      // A bump is not dropped while the connection is being made (a check, meanwhile, fails at once).
      if (this.redis.status !== 'ready') await readyWithin(this.redis, 1000);
      await this.redis.multi().incr(key).pexpire(key, GENERATION_KEY_TTL_MS).exec();
    } catch (err) {
      this.logger.warn({ err, userId }, 'Redis unreachable: other instances may serve a cached session or criteria');
    }
  }

  /** Bumps every user when an account row changes through TypeORM (after the change, and again after its commit). */
  watch(db: DataSource): void {
    db.subscribers.push(new AccountChanges(this));
  }

  async close(): Promise<void> {
    if (!this.redis) return;
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis!.disconnect());
    else this.redis.disconnect();
  }
}

function readyWithin(redis: Redis, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', ready);
      reject(new Error('Redis not ready'));
    }, ms);
    const ready = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', ready);
  });
}

const PENDING = Symbol('userStateBump');

/**
 * Any update of an account row (profile, password, verification, deletion…) bumps every user: the update does not
 * say which row. The login's own `lastLoginAt` stamp is the exception: the login then saves its session, which bumps
 * that user. Inside a transaction the bump is repeated once it commits (a load between the two saw the old row).
 */
class AccountChanges implements EntitySubscriberInterface<User> {
  constructor(private readonly cache: UserStateCache) {}

  listenTo() {
    return User;
  }

  async afterUpdate(event: UpdateEvent<User>): Promise<void> {
    const keys = event.entity ? Object.keys(event.entity) : [];
    if (keys.length === 1 && keys[0] === 'lastLoginAt') return;
    if (event.queryRunner?.isTransactionActive) (event.queryRunner.data as Record<symbol, boolean>)[PENDING] = true;
    await this.cache.bump(null);
  }

  async afterSoftRemove(): Promise<void> {
    await this.cache.bump(null);
  }

  async afterRemove(): Promise<void> {
    await this.cache.bump(null);
  }

  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const data = event.queryRunner.data as Record<symbol, boolean>;
    if (!data[PENDING]) return;
    delete data[PENDING];
    await this.cache.bump(null);
  }
}

/** The cache of a gateway: generations in Redis when `redisUrl` is set, in this process otherwise. */
export function createUserStateCache(opts: { redisUrl?: string; logger: Logger; db: DataSource }): UserStateCache {
  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, {
        connectionName: 'flaneur-user-state',
        // While disconnected a check fails at once (nothing cached is served) instead of waiting in a queue.
        enableOfflineQueue: false,
        commandTimeout: 1000,
        maxRetriesPerRequest: 1,
      })
    : null;
  redis?.on('error', () => {}); // Reported by the first failed bump; every check reloads meanwhile.
  const cache = new UserStateCache(redis, opts.logger);
  cache.watch(opts.db);
  return cache;
}
