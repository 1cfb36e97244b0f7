import crypto from 'node:crypto';
import { LIMITS } from '@flaneur/schema';
import sharp from 'sharp';
import { perceptualHash } from './photo-hash';
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

/**
 * Names of a stored listing photo's files, all derived from its URL (one rule, used to store, to serve and to delete):
 * the photo itself is `listings/{uuid}-{width}x{height}.webp` (long side ≤ listingImageMaxSide), its 400 px copy
 * `…-thumb.webp` and, when the photo is larger than 800 px, its 800 px copy `…-800.webp`. Photos stored before the
 * size was in the name (`listings/{uuid}.webp`) have the photo and the thumbnail only.
 */
const LISTING_IMAGE_VARIANTS = [
  { side: LIMITS.listingImageThumbSide, suffix: '-thumb' },
  { side: LIMITS.listingImageMediumSide, suffix: `-${LIMITS.listingImageMediumSide}` },
] as const;

const variantUrl = (url: string, suffix: string) => url.replace(/\.webp$/, `${suffix}.webp`);

/** Thumbnail URL (400 px) of a stored listing photo (a URL or a storage key). */
export const thumbnailUrl = (url: string) => variantUrl(url, LISTING_IMAGE_VARIANTS[0].suffix);

/** The size a photo's URL carries, or null for a photo stored before it did (or not one of ours). */
function sizeInUrl(url: string): { width: number; height: number } | null {
  const m = /-(\d{1,5})x(\d{1,5})\.webp$/.exec(url);
  return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
}

/** The copies stored beside a photo whose long side is `long`: the thumbnail always, the others when smaller. */
const variantsFor = (long: number) => LISTING_IMAGE_VARIANTS.filter((v, i) => i === 0 || v.side < long);

/** Every stored file of a listing photo (URLs or storage keys, as given): what deleting the photo deletes. */
export function listingImageFiles(url: string): string[] {
  // Every variant name, whether or not this photo has it: deleting a missing file is a no-op.
  return [url, ...LISTING_IMAGE_VARIANTS.map((v) => variantUrl(url, v.suffix))];
}

/** A listing photo as the web shows it: its URL, every stored width as a srcset, its size when known. */
export interface ListingPhoto {
  url: string;
  srcset: string;
  width: number | null;
  height: number | null;
}

/** Describes the widths stored for a photo URL, from the URL alone (no storage access). */
export function listingPhoto(url: string): ListingPhoto {
  const size = sizeInUrl(url);
  if (!size) {
    // Earlier photos: the 400 px thumbnail and the photo (long side ≤ 1600 px, exact size unknown).
    const srcset = url.startsWith('/uploads/listings/')
      ? `${thumbnailUrl(url)} ${LIMITS.listingImageThumbSide}w, ${url} ${LIMITS.listingImageMaxSide}w`
      : '';
    return { url, srcset, width: null, height: null };
  }
  const long = Math.max(size.width, size.height);
  // Only the copies smaller than the photo: a small upload's thumbnail is the photo again (one width, once).
  const widths = LISTING_IMAGE_VARIANTS.filter((v) => v.side < long).map((v) => ({
    url: variantUrl(url, v.suffix),
    width: Math.max(1, Math.round((size.width * v.side) / long)),
  }));
  const srcset = [...widths, { url, width: size.width }].map((c) => `${c.url} ${c.width}w`).join(', ');
  return { url, srcset, width: size.width, height: size.height };
}

/** A listing photo re-encoded, ready to store: the photo, its size, and its smaller copies by file suffix. */
export interface EncodedListingImage {
  main: Buffer;
  width: number;
  height: number;
  variants: { suffix: string; data: Buffer }[];
  /** Its perceptual hash (moderation/photo-hash.ts), stored with its URL for « photos used by another account ». */
  phash: string | null;
}

/**
 * Decodes any raster image sharp understands, applies its EXIF orientation, and encodes a WebP and its smaller
 * copies (400 px, and 800 px when larger) with no metadata at all (GPS included: sharp drops metadata unless asked
 * to keep it). Throws when the bytes do not decode (a header alone is not enough). `effort` trades file size for
 * CPU (0–6). WebP only: AVIF measured 20–30× slower to encode here for half the bytes (docs/decisions.md).
 */
export function encodeListingImage(input: Buffer, opts: { effort?: number } = {}): Promise<EncodedListingImage> {
  return runImageJob(async () => {
    const decoded = sharp(input, { limitInputPixels: LIMITS.listingImageMaxPixels, pages: 1 }).rotate();
    const resize = (side: number) =>
      decoded
        .clone()
        .resize(side, side, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: LISTING_IMAGE_QUALITY, effort: opts.effort ?? 4 })
        .toBuffer({ resolveWithObject: true });
    // One after the other: a job holds one thread of the pool, not two.
    const main = await resize(LIMITS.listingImageMaxSide);
    const variants: EncodedListingImage['variants'] = [];
    for (const v of variantsFor(Math.max(main.info.width, main.info.height)))
      variants.push({ suffix: v.suffix, data: (await resize(v.side)).data });
    const phash = await perceptualHash(decoded);
    return { main: main.data, width: main.info.width, height: main.info.height, variants, phash };
  });
}

/**
 * The perceptual hash of a photo already stored (its WebP, read back from the storage), through the image gate: the
 * hash of photos stored before the pipeline computed it (photo-hashes-backfill.ts). Null for a flat
 * image; throws when the bytes do not decode.
 */
export function hashStoredListingImage(bytes: Buffer): Promise<string | null> {
  return runImageJob(() =>
    perceptualHash(sharp(bytes, { limitInputPixels: LIMITS.listingImageMaxPixels, pages: 1 }).rotate()),
  );
}

/**
 * Stores an encoded photo and its smaller copies; answers the photo's public URL. When the store fails (503), the
 * copies already stored are deleted again: nothing half-stored stays behind.
 */
export async function putListingImage(storage: Storage, image: EncodedListingImage): Promise<string> {
  const key = `listings/${crypto.randomUUID()}-${image.width}x${image.height}.webp`;
  try {
    for (const v of image.variants) await storage.putPublic(variantUrl(key, v.suffix), v.data);
    return await storage.putPublic(key, image.main);
  } catch (err) {
    await discardListingImages(storage, [`/uploads/${key}`]);
    throw err;
  }
}

/** Deletes stored photos and their copies (by URL) that no row will point at. */
export async function discardListingImages(storage: Storage, urls: string[]): Promise<void> {
  for (const url of urls)
    for (const file of listingImageFiles(url.slice('/uploads/'.length)))
      await storage.deletePublic(file).catch(() => undefined);
}

/** Encodes and stores one listing photo (the demo seed's path); `effort` 0 starts fast. */
export async function storeListingImage(
  storage: Storage,
  input: Buffer,
  opts: { effort?: number } = {},
): Promise<string> {
  return putListingImage(storage, await encodeListingImage(input, opts));
}
