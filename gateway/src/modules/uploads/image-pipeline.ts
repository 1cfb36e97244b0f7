import crypto from 'node:crypto';
import { LIMITS } from '@flaneur/schema';
import sharp from 'sharp';
import type { Storage } from '../../storage/storage';

/** WebP quality of re-encoded listing photos (the sizes and the pixel cap are in LIMITS). */
const LISTING_IMAGE_QUALITY = 80;

/**
 * Image jobs (header checks, decodes, re-encodes) run at most this many at once; the others wait in line. sharp
 * works on libuv's thread pool (4 threads by default), which password hashing and file I/O share: two jobs leave
 * room for logins however many photos arrive. Each job uses one libvips thread (sharp.concurrency below).
 */
export const IMAGE_JOBS_MAX = 2;
sharp.concurrency(1);

/** What the image gate is doing: jobs running and waiting, the most ever running at once, jobs finished. */
export interface ImageJobStats {
  running: number;
  waiting: number;
  peak: number;
  completed: number;
}

const gate = { running: 0, peak: 0, completed: 0, queue: [] as (() => void)[] };

/** The image gate's counters, observed while the jobs run (tests, diagnostics). */
export function imageJobStats(): ImageJobStats {
  return { running: gate.running, waiting: gate.queue.length, peak: gate.peak, completed: gate.completed };
}

/** Forgets the peak and the count of finished jobs (a test measures from here). */
export function resetImageJobStats(): void {
  gate.peak = gate.running;
  gate.completed = 0;
}

/** Runs one image job when fewer than IMAGE_JOBS_MAX are running, in arrival order. */
export async function runImageJob<T>(job: () => Promise<T>): Promise<T> {
  if (gate.running >= IMAGE_JOBS_MAX) await new Promise<void>((resolve) => gate.queue.push(resolve));
  else gate.running += 1;
  gate.peak = Math.max(gate.peak, gate.running);
  try {
    return await job();
  } finally {
    gate.completed += 1;
    const next = gate.queue.shift();
    // The slot passes to the next job as is: `running` only drops when nobody waits.
    if (next) next();
    else gate.running -= 1;
  }
}

/** Thumbnail URL of a stored listing photo. */
export const thumbnailUrl = (url: string) => url.replace(/\.webp$/, '-thumb.webp');

/** A listing photo re-encoded, ready to store. */
export interface EncodedListingImage {
  main: Buffer;
  thumb: Buffer;
}

/**
 * Decodes any raster image sharp understands, applies its EXIF orientation, and encodes a WebP and a
 * thumbnail with no metadata at all (GPS included: sharp drops metadata unless asked to keep it).
 * Throws when the bytes do not decode (a header alone is not enough). `effort` trades file size for CPU (0–6).
 */
export function encodeListingImage(input: Buffer, opts: { effort?: number } = {}): Promise<EncodedListingImage> {
  return runImageJob(async () => {
    const decoded = sharp(input, { limitInputPixels: LIMITS.listingImageMaxPixels, pages: 1 }).rotate();
    const resize = (side: number) =>
      decoded
        .clone()
        .resize(side, side, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: LISTING_IMAGE_QUALITY, effort: opts.effort ?? 4 })
        .toBuffer();
    // One after the other: a job holds one thread of the pool, not two.
    const main = await resize(LIMITS.listingImageMaxSide);
    const thumb = await resize(LIMITS.listingImageThumbSide);
    return { main, thumb };
  });
}

/** Stores an encoded photo and its thumbnail; answers the photo's public URL. */
export async function putListingImage(storage: Storage, image: EncodedListingImage): Promise<string> {
  const key = `listings/${crypto.randomUUID()}`;
  await storage.putPublic(`${key}-thumb.webp`, image.thumb);
  return storage.putPublic(`${key}.webp`, image.main);
}

/** Encodes and stores one listing photo (the demo seed's path); `effort` 0 starts fast. */
export async function storeListingImage(
  storage: Storage,
  input: Buffer,
  opts: { effort?: number } = {},
): Promise<string> {
  return putListingImage(storage, await encodeListingImage(input, opts));
}
