import type sharp from 'sharp';
import type { Queryable } from '../../db/prepared';

/** The DCT works on a 32 × 32 grey copy; the hash keeps its 8 × 8 lowest frequencies. */
const SIDE = 32;
const LOW = 8;
/** Standard deviation of the grey levels (0–255) under which an image is flat. */
const FLAT_SPREAD = 2;

const COS: number[][] = Array.from({ length: LOW }, (_, u) =>
  Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))),
);

/**
 * The perceptual hash (pHash) of an image already opened by sharp: grey, 32 × 32 (aspect ignored), the 2-D DCT's
 * 8 × 8 lowest frequencies, each bit 1 when its coefficient is above their median (the DC term, the image's mean
 * brightness, left out of the median). Resizing and recompressing a photo moves few bits; another photo differs
 * by about half of them. Answers 16 hex digits (64 bits), or null for a flat image (one colour, grey spread under
 * FLAT_SPREAD levels): its coefficients are all but zero and its hash would match every other flat image.
 */
export async function perceptualHash(image: sharp.Sharp): Promise<string | null> {
  const { data } = await image
    .clone()
    .greyscale()
    .resize(SIDE, SIDE, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mean = data.reduce((a, b) => a + b, 0) / data.length;
  const spread = Math.sqrt(data.reduce((a, b) => a + (b - mean) ** 2, 0) / data.length);
  if (spread < FLAT_SPREAD) return null;
  // Separable DCT: the rows first (u over x), then the columns (v over y), only the low frequencies kept.
  const rows: number[][] = Array.from({ length: SIDE }, (_, y) =>
    COS.map((cu) => cu.reduce((sum, c, x) => sum + c * data[y * SIDE + x], 0)),
  );
  const coeffs: number[] = [];
  for (let v = 0; v < LOW; v++)
    for (let u = 0; u < LOW; u++) coeffs.push(COS[v].reduce((sum, c, y) => sum + c * rows[y][u], 0));
  const median = [...coeffs.slice(1)].sort((a, b) => a - b)[(coeffs.length - 1) >> 1];
  let hex = '';
  for (let i = 0; i < coeffs.length; i += 4) {
    let nibble = 0;
    for (let b = 0; b < 4; b++) nibble = (nibble << 1) | (coeffs[i + b] > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

/** The hash as the signed 64-bit integer stored in photo_hashes.hash (compared there with XOR and bit_count). */
export const hashAsBigint = (hex: string): string => BigInt.asIntN(64, BigInt(`0x${hex}`)).toString();

/** Bits that differ between two hashes. */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

/**
 * Stores the perceptual hash of stored photos (by URL); flat images carry none. `storedAt` is when the photo was
 * stored (now when absent: the photo was just stored), the time that tells the original from its copy.
 */
export async function recordPhotoHashes(
  q: Queryable,
  photos: { url: string; phash: string | null; storedAt?: Date | null }[],
): Promise<void> {
  const hashed = photos.filter((p): p is { url: string; phash: string; storedAt?: Date | null } => Boolean(p.phash));
  if (!hashed.length) return;
  await q.query(
    `INSERT INTO photo_hashes (url, hash, created_at)
     SELECT u, h, coalesce(t, now()) FROM unnest($1::varchar[], $2::bigint[], $3::timestamptz[]) AS x(u, h, t)
     ON CONFLICT (url) DO NOTHING`,
    [hashed.map((p) => p.url), hashed.map((p) => hashAsBigint(p.phash)), hashed.map((p) => p.storedAt ?? null)],
  );
}
