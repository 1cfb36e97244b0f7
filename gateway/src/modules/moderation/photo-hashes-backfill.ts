import type { DataSource } from 'typeorm';
import { jobInsertSql } from '../../outbox/outbox';
import type { Storage } from '../../storage/storage';
import { hashStoredListingImage } from '../uploads/image-pipeline';
import { recordPhotoHashes } from '../uploads/photo-hash';
import { LISTING_PHOTO_SIGNALS_JOB } from './listing-signals';

/** Listings read per statement (keyset on the id): never every row in memory. */
const LISTING_BATCH = 200;
/** Jobs inserted per statement at the end. */
const JOB_BATCH = 1000;
/** Unreadable files named in the summary (the others are counted). */
export const UNREADABLE_NAMED = 20;

/** What a run of hashMissingPhotos found. */
export interface PhotoHashSummary {
  /** Photos of listings without a hash, read from the storage. */
  examined: number;
  /** Hashes computed and stored. */
  computed: number;
  /** Flat images (one colour): no hash, as the pipeline does. */
  flat: number;
  /** Files missing from the storage or that do not decode. */
  unreadable: number;
  /** The first UNREADABLE_NAMED of them: URL and French reason. */
  unreadableFiles: { url: string; reason: string }[];
  /** Listings whose photos got a new hash: one `moderation.photo-signals` job queued for each. */
  listingsQueued: number;
}

/** Followed by the operator's progress bar. */
export interface PhotoHashProgress {
  /** Photos shown by the listings, all counted once at the start. */
  start(totalPhotos: number): void;
  /** `n` more photos looked at (hashed already, or examined now). */
  advance(n: number, summary: PhotoHashSummary): void;
  /** Each unreadable file, as it is met. */
  unreadable?(url: string, reason: string): void;
}

const UNREADABLE = {
  foreign: 'pas une photo stockée par Flâneur',
  missing: 'fichier absent du stockage',
  unreadable: 'lecture impossible',
  undecodable: 'image illisible',
} as const;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

type Read = { hash: string | null; storedAt: Date | null } | { reason: string };

/** One stored photo read back and hashed, or why it could not be. */
async function hashOne(storage: Storage, url: string): Promise<Read> {
  if (!url.startsWith('/uploads/listings/')) return { reason: UNREADABLE.foreign };
  let bytes: Buffer;
  let storedAt: Date | null;
  try {
    const opened = await storage.openPublic(url.slice('/uploads/'.length));
    if (!opened) return { reason: UNREADABLE.missing };
    storedAt = opened.lastModified ?? null;
    bytes = await readAll(opened.stream);
  } catch {
    return { reason: UNREADABLE.unreadable };
  }
  try {
    return { hash: await hashStoredListingImage(bytes), storedAt };
  } catch {
    return { reason: UNREADABLE.undecodable };
  }
}

/**
 * Computes the perceptual hash of every listing photo that has none (photos stored before the image pipeline computed
 * it, the demo seed's): the operator command `npm run photos:hash` and the seed. Reads each file through the storage
 * (disk or S3), hashes it with the one function (moderation/photo-hash.ts, through hashStoredListingImage), skips flat images as
 * the pipeline does, and keeps the file's stored time as the hash's (the earlier photo is the original). Listings are
 * read by batches of LISTING_BATCH; a missing or unreadable file is counted and named, the run goes on. Idempotent: a
 * photo with a hash is never read again (flat and unreadable ones are looked at again, and stay without).
 * Once every hash is written — a copy is compared only when its original has its hash too — one
 * `moderation.photo-signals` job is queued per listing showing a photo that got one (the comparison of
 * photos_autre_compte, listing-signals.ts); call the outbox's nudge() afterwards when it runs in this process.
 */
export async function hashMissingPhotos(
  deps: {
    db: DataSource;
    storage: Storage;
    /** The queue of the comparison jobs; none: hash only (the demo seed, whose listings are all originals). */
    outbox?: { readonly queue: string };
  },
  opts: { progress?: PhotoHashProgress; batchSize?: number } = {},
): Promise<PhotoHashSummary> {
  const { db, storage } = deps;
  const summary: PhotoHashSummary = {
    examined: 0,
    computed: 0,
    flat: 0,
    unreadable: 0,
    unreadableFiles: [],
    listingsQueued: 0,
  };
  const [{ total }]: { total: number }[] = await db.query(
    `SELECT coalesce(sum(cardinality(images)), 0)::int AS total FROM properties`,
  );
  opts.progress?.start(total);
  // Ids only (not rows): the listings to compare once every hash is written.
  const touched = new Set<number>();
  let after = 0;
  for (;;) {
    const batch: { id: number; images: string[] }[] = await db.query(
      `SELECT id, images FROM properties WHERE id > $1 ORDER BY id LIMIT $2`,
      [after, opts.batchSize ?? LISTING_BATCH],
    );
    if (!batch.length) break;
    after = batch[batch.length - 1].id;
    const urls = [...new Set(batch.flatMap((b) => b.images ?? []))];
    const hashed = new Set(
      (
        (await db.query(`SELECT url FROM photo_hashes WHERE url = ANY($1::varchar[])`, [urls])) as { url: string }[]
      ).map((r) => r.url),
    );
    const fresh: { url: string; phash: string; storedAt: Date | null }[] = [];
    for (const url of urls) {
      if (hashed.has(url)) continue;
      summary.examined += 1;
      const read = await hashOne(storage, url);
      if ('reason' in read) {
        summary.unreadable += 1;
        if (summary.unreadableFiles.length < UNREADABLE_NAMED)
          summary.unreadableFiles.push({ url, reason: read.reason });
        opts.progress?.unreadable?.(url, read.reason);
      } else if (read.hash === null) summary.flat += 1;
      else fresh.push({ url, phash: read.hash, storedAt: read.storedAt });
    }
    if (fresh.length) {
      await recordPhotoHashes(db, fresh);
      summary.computed += fresh.length;
    }
    if (fresh.length && deps.outbox) {
      // Every listing showing them, in this batch or another (a photo may be shown by several listings).
      const showing: { id: number }[] = await db.query(`SELECT id FROM properties WHERE images && $1::text[]`, [
        fresh.map((f) => f.url),
      ]);
      for (const { id } of showing) touched.add(id);
    }
    opts.progress?.advance(
      batch.reduce((n, b) => n + (b.images?.length ?? 0), 0),
      summary,
    );
  }
  const ids = [...touched];
  for (let i = 0; deps.outbox && i < ids.length; i += JOB_BATCH)
    await db.query(
      jobInsertSql(
        LISTING_PHOTO_SIGNALS_JOB,
        { queue: '$1', payload: `jsonb_build_object('propertyId', t.id)` },
        'FROM unnest($2::int[]) AS t(id)',
      ),
      [deps.outbox.queue, ids.slice(i, i + JOB_BATCH)],
    );
  summary.listingsQueued = ids.length;
  return summary;
}

const n = (v: number) => v.toLocaleString('fr-FR');
const plural = (v: number, one: string, many: string) => `${n(v)} ${v > 1 ? many : one}`;

/** The French summary printed at the end of `npm run photos:hash`. */
export function photoHashReport(s: PhotoHashSummary): string {
  const head = [
    plural(s.examined, 'photo examinée', 'photos examinées'),
    plural(s.computed, 'empreinte calculée', 'empreintes calculées'),
    plural(s.flat, 'image unie sans empreinte', 'images unies sans empreinte'),
    plural(s.unreadable, 'fichier illisible', 'fichiers illisibles'),
  ].join(', ');
  return [
    `${head}.`,
    ...s.unreadableFiles.map((f) => `  ${f.url} : ${f.reason}`),
    ...(s.unreadable > s.unreadableFiles.length ? [`  … et ${n(s.unreadable - s.unreadableFiles.length)} autres`] : []),
    s.listingsQueued > 0
      ? `${plural(s.listingsQueued, 'annonce sera comparée', 'annonces seront comparées')} aux photos des autres comptes (file de tâches de la passerelle).`
      : 'Aucune annonce à comparer.',
  ].join('\n');
}
