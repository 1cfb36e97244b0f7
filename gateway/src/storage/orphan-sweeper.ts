import { LIMITS } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import type { Logger } from '../lib/logger';
import type { Storage } from './storage';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHUNK = 500;

/** The photo a stored listing file belongs to: its smaller copies map to the photo itself. */
const listingPhotoOf = (key: string) =>
  key.replace(new RegExp(`-(thumb|${LIMITS.listingImageMediumSide})\\.webp$`), '.webp');

async function inChunks<T>(items: T[], run: (chunk: T[]) => Promise<void>) {
  for (let i = 0; i < items.length; i += CHUNK) await run(items.slice(i, i + CHUNK));
}

/** Of `values`, the ones `sql` (taking them as $1 text[]) answers as referenced. */
async function referenced(db: DataSource, sql: string, values: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  await inChunks(values, async (chunk) => {
    const rows: { v: string }[] = await db.query(sql, [chunk]);
    for (const r of rows) found.add(r.v);
  });
  return found;
}

/**
 * Deletes stored objects no row refers to any more, older than `graceMs` (an upload stores its bytes before its
 * row: a young object may be on its way). Covers tenant documents (folder, pending uploads, stamped copies), profile pictures and
 * listing photos with their smaller copies. The rows are the truth: bytes whose delete failed after their row went,
 * or whose row was never written (a request that died between the two), end here.
 */
export async function sweepOrphanObjects(
  db: DataSource,
  storage: Storage,
  opts: { graceMs?: number } = {},
): Promise<{ private: number; public: number }> {
  const before = Date.now() - (opts.graceMs ?? DAY_MS);
  const old = (entries: { key: string; lastModified: Date }[]) =>
    entries.filter((e) => e.lastModified.getTime() < before).map((e) => e.key);

  const documents = old(await storage.list('private', 'tenant-files/'));
  const keptDocs = await referenced(
    db,
    `SELECT storage_key AS v FROM tenant_files WHERE storage_key = ANY($1::text[])
     UNION SELECT storage_key AS v FROM tenant_file_uploads WHERE storage_key = ANY($1::text[])
     UNION SELECT storage_key AS v FROM tenant_file_copies WHERE storage_key = ANY($1::text[])`,
    documents,
  );
  const privateOrphans = documents.filter((k) => !keptDocs.has(k));
  for (const key of privateOrphans) await storage.deletePrivate(key);

  const avatars = old(await storage.list('public', 'avatars/'));
  const keptAvatars = await referenced(
    db,
    `SELECT profile_picture AS v FROM users WHERE profile_picture = ANY($1::text[])`,
    avatars.map((k) => `/uploads/${k}`),
  );
  const photos = old(await storage.list('public', 'listings/'));
  const keptPhotos = await referenced(
    db,
    `SELECT u AS v FROM unnest($1::text[]) AS u
     WHERE EXISTS (SELECT 1 FROM listing_image_uploads l WHERE l.url = u)
        OR EXISTS (SELECT 1 FROM properties p WHERE p.images @> ARRAY[u])`,
    [...new Set(photos.map((k) => `/uploads/${listingPhotoOf(k)}`))],
  );
  const publicOrphans = [
    ...avatars.filter((k) => !keptAvatars.has(`/uploads/${k}`)),
    ...photos.filter((k) => !keptPhotos.has(`/uploads/${listingPhotoOf(k)}`)),
  ];
  for (const key of publicOrphans) await storage.deletePublic(key);
  return { private: privateOrphans.length, public: publicOrphans.length };
}

/** Sweeps once a day (first run 10 minutes after start); the timers never keep the process alive. */
export function scheduleOrphanSweep(db: DataSource, storage: Storage, logger: Logger): () => void {
  const run = () =>
    sweepOrphanObjects(db, storage)
      .then((n) => logger.info(n, 'orphan objects swept'))
      .catch((err) => logger.error({ err }, 'orphan sweep failed'));
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void run();
    interval = setInterval(run, DAY_MS);
    interval.unref();
  }, 10 * 60_000);
  first.unref();
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}
