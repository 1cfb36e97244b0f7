import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '../../storage/storage';

/** Re-encoding limits for listing photos (DECISIONS.md): WebP, long side ≤ 1600 px, thumbnail ≤ 400 px. */
export const LISTING_IMAGE = { maxSide: 1600, thumbSide: 400, quality: 80, maxInputPixels: 40_000_000 } as const;

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
export async function encodeListingImage(input: Buffer, opts: { effort?: number } = {}): Promise<EncodedListingImage> {
  const decoded = sharp(input, { limitInputPixels: LISTING_IMAGE.maxInputPixels, pages: 1 }).rotate();
  const resize = (side: number) =>
    decoded
      .clone()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: LISTING_IMAGE.quality, effort: opts.effort ?? 4 })
      .toBuffer();
  const [main, thumb] = await Promise.all([resize(LISTING_IMAGE.maxSide), resize(LISTING_IMAGE.thumbSide)]);
  return { main, thumb };
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
