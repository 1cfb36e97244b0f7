import crypto from 'node:crypto';
import { LIMITS } from '@flaneur/schema';
import sharp from 'sharp';
import type { Storage } from '../../storage/storage';

/** WebP quality of re-encoded listing photos (the sizes and the pixel cap are in LIMITS). */
const LISTING_IMAGE_QUALITY = 80;

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
  const decoded = sharp(input, { limitInputPixels: LIMITS.listingImageMaxPixels, pages: 1 }).rotate();
  const resize = (side: number) =>
    decoded
      .clone()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: LISTING_IMAGE_QUALITY, effort: opts.effort ?? 4 })
      .toBuffer();
  const [main, thumb] = await Promise.all([resize(LIMITS.listingImageMaxSide), resize(LIMITS.listingImageThumbSide)]);
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
