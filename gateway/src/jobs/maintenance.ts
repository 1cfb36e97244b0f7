import type { DataSource } from 'typeorm';
import type { Logger } from '../lib/logger';

const HOUR_MS = 60 * 60 * 1000;

/** Deletes what must not be kept: expired sessions, used or expired reset tokens, position fixes older than 30 days. */
export async function purgeExpired(db: DataSource): Promise<{ sessions: number; tokens: number; locations: number }> {
  const sessions = await db.query(`DELETE FROM "session" WHERE "expire" < now()`);
  const tokens = await db.query(`DELETE FROM "password_reset_tokens" WHERE "expires_at" < now() - interval '1 day'`);
  const locations = await db.query(`DELETE FROM "user_locations" WHERE "timestamp" < now() - interval '30 days'`);
  const count = (r: unknown) => (Array.isArray(r) && typeof r[1] === 'number' ? r[1] : 0);
  return { sessions: count(sessions), tokens: count(tokens), locations: count(locations) };
}

/** Runs the purge at start and every hour; the timer never keeps the process alive. */
export function schedulePurge(db: DataSource, logger: Logger): () => void {
  const run = () =>
    purgeExpired(db)
      .then((n) => logger.debug(n, 'purged expired rows'))
      .catch((err) => logger.error({ err }, 'purge failed'));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
