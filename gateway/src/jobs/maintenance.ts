import type { DataSource } from 'typeorm';
import type { Logger } from '../lib/logger';
import { listingImageFiles } from '../modules/uploads/image-pipeline';
import type { Storage } from '../storage/storage';

const HOUR_MS = 60 * 60 * 1000;

/** Days of position fixes prepared ahead (day tables of user_locations; a day not prepared goes to the default). */
const LOCATION_DAYS_AHEAD = 7;

/**
 * Deletes what must not be kept: expired sessions, used or expired reset tokens, position fixes older than 30 days,
 * outbox jobs dead for a week,
 * and (with `storage`) the listing photos no listing showed within 24 h of their upload, rows and files.
 */
export async function purgeExpired(
  db: DataSource,
  storage?: Storage,
): Promise<{ sessions: number; tokens: number; locations: number; locationDays: number; orphanPhotos: number }> {
  const sessions = await db.query(`DELETE FROM "session" WHERE "expire" < now()`);
  const tokens = await db.query(`DELETE FROM "password_reset_tokens" WHERE "expires_at" < now() - interval '1 day'`);
  const { days, rows } = await purgeLocations(db);
  // Outbox jobs given up are kept a week for inspection.
  await db.query(`DELETE FROM "outbox_jobs" WHERE "dead_at" < now() - interval '7 days'`);
  const orphanPhotos = storage ? await purgeOrphanPhotos(db, storage) : 0;
  return { sessions: count(sessions), tokens: count(tokens), locations: rows, locationDays: days, orphanPhotos };
}

const count = (r: unknown) => (Array.isArray(r) && typeof r[1] === 'number' ? r[1] : 0);

/**
 * Position fixes are kept 30 days: the day tables wholly older are dropped, the rest of the fixes older (the day
 * the cutoff falls in, the default partition) deleted; the next days' tables are prepared. Answers the day tables
 * dropped and the rows deleted. A drop that waits over 2 s for the fixes' readers is left to the next run (the
 * rows of that day are deleted meanwhile: same result).
 */
async function purgeLocations(db: DataSource): Promise<{ days: number; rows: number }> {
  const days = await db
    .transaction(async (tx) => {
      await tx.query(`SET LOCAL lock_timeout = '2s'`);
      await tx.query(`SELECT "user_locations_add_days"((now() AT TIME ZONE 'UTC')::date - 1,
      (now() AT TIME ZONE 'UTC')::date + ${LOCATION_DAYS_AHEAD})`);
      const [{ dropped }] = await tx.query(`SELECT "user_locations_drop_days"(now() - interval '30 days') AS dropped`);
      return Number(dropped);
    })
    .catch((err: { code?: string }) => {
      if (err.code === '55P03') return 0; // lock_not_available
      throw err;
    });
  const rows = await db.query(`DELETE FROM "user_locations" WHERE "timestamp" < now() - interval '30 days'`);
  // A walk's last position goes with its last fix.
  await db.query(`UPDATE "walks" SET "last_latitude" = NULL, "last_longitude" = NULL
    WHERE "last_fix_at" < now() - interval '30 days' AND "last_latitude" IS NOT NULL`);
  return { days, rows: count(rows) };
}

/**
 * Uploaded listing photos: one a listing shows is the listing's (its row is forgotten, the listing's deletion
 * releases it); one no listing showed 24 h after its upload is deleted with its smaller copies. Answers how many.
 */
async function purgeOrphanPhotos(db: DataSource, storage: Storage): Promise<number> {
  await db.query(
    `DELETE FROM "listing_image_uploads" u
     WHERE EXISTS (SELECT 1 FROM "properties" p WHERE p."images" @> ARRAY[u."url"]::text[])`,
  );
  const [orphans]: [{ url: string }[], number] = await db.query(
    `DELETE FROM "listing_image_uploads" u
     WHERE u."created_at" < now() - interval '24 hours'
       AND NOT EXISTS (SELECT 1 FROM "properties" p WHERE p."images" @> ARRAY[u."url"]::text[])
     RETURNING u."url"`,
  );
  for (const { url } of orphans) {
    for (const key of listingImageFiles(url.slice('/uploads/'.length))) await storage.deletePublic(key);
  }
  // Their perceptual hashes go with them (moderation/listing-signals.ts).
  if (orphans.length)
    await db.query(`DELETE FROM photo_hashes WHERE url = ANY($1::varchar[])`, [orphans.map((o) => o.url)]);
  return orphans.length;
}

/** Runs the purge at start and every hour; the timer never keeps the process alive. */
export function schedulePurge(db: DataSource, logger: Logger, storage?: Storage): () => void {
  const run = () =>
    purgeExpired(db, storage)
      .then((n) => logger.debug(n, 'purged expired rows'))
      .catch((err) => logger.error({ err }, 'purge failed'));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
