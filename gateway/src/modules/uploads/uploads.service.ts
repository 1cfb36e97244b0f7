import { LIMITS, MSG } from '@flaneur/schema';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { AppError } from '../../lib/errors';
import type { Throttles } from '../../lib/throttle';
import { requireViewer } from '../../lib/viewer';
import type { Storage } from '../../storage/storage';
import {
  discardListingImages,
  encodeListingImage,
  EncodedListingImage,
  putListingImage,
  runImageJob,
} from './image-pipeline';
import { assertSize, IncomingFile } from './incoming-file';
import { recordPhotoHashes } from './photo-hash';
import { ListingImageUpload } from './listing-image-upload.entity';

/** Who uploads: a signed-in account (its id counts the upload budget and owns the photos). */
type Uploader = { id: number };

const VECTOR_OR_DOCUMENT = new Set(['svg', 'pdf']);

/** Listing photos: any raster image sharp can decode, re-encoded without metadata. */
export class UploadsService {
  constructor(private readonly deps: { storage: Storage; throttles: Throttles; db: DataSource }) {}

  /**
   * Every upload (photos, profile picture, documents) starts here, before the transport reads any byte: the viewer
   * must be signed in, and each file spends one point of uploadsPerUser (429 with Retry-After past the budget).
   * The transports call it per file (REST, as each part begins) or once for the whole request (GraphQL, from its map).
   */
  async admitFiles<V extends Uploader>(viewer: V | null, count: number): Promise<V> {
    const me = requireViewer(viewer);
    if (count > 0) await this.deps.throttles.consume('uploadsPerUser', String(me.id), count);
    return me;
  }

  /** At most LIMITS.imagesPerListingMax photos a request: checked before any file is read, and again when stored. */
  assertListingImageCount(count: number): void {
    if (count > LIMITS.imagesPerListingMax) throw new AppError('BAD_USER_INPUT', MSG.tooManyFiles);
  }

  /**
   * Stores up to LIMITS.imagesPerListingMax photos for the signed-in user and answers their URLs, in order. The
   * upload budget was spent by admitFiles. Each photo is tracked until a listing shows it: one that none shows
   * 24 h later is deleted by the maintenance job.
   */
  async storeListingImages(viewer: Uploader | null, files: IncomingFile[]): Promise<string[]> {
    const me = requireViewer(viewer);
    if (files.length === 0) throw new AppError('BAD_USER_INPUT', MSG.noFile);
    this.assertListingImageCount(files.length);
    for (const f of files) {
      assertSize(f, LIMITS.listingImageMaxBytes);
      await assertRasterImage(f);
    }
    // Every file is decoded before any is stored: a bad one refuses the batch and leaves nothing behind.
    const encoded: EncodedListingImage[] = [];
    for (const f of files) encoded.push(await encodeOrRefuse(f));
    // Every photo is stored before any row is written: a failed store (503) leaves neither rows nor bytes.
    const urls: string[] = [];
    try {
      for (const image of encoded) urls.push(await putListingImage(this.deps.storage, image));
    } catch (err) {
      await discardListingImages(this.deps.storage, urls);
      throw err;
    }
    await this.deps.db.getRepository(ListingImageUpload).insert(urls.map((url) => ({ url, userId: me.id })));
    await recordPhotoHashes(
      this.deps.db,
      urls.map((url, i) => ({ url, phash: encoded[i].phash })),
    );
    return urls;
  }
}

/**
 * Decodes the header only: refuses (415) what is not a raster image, whatever its name or declared type, and (400) a
 * photo under LIMITS.listingImageMinSide pixels on a side.
 */
async function assertRasterImage(file: IncomingFile): Promise<void> {
  let size: { width: number; height: number };
  try {
    const meta = await runImageJob(() =>
      sharp(file.buffer, { limitInputPixels: LIMITS.listingImageMaxPixels }).metadata(),
    );
    if (!meta.format || VECTOR_OR_DOCUMENT.has(meta.format) || !meta.width || !meta.height)
      throw new Error('not raster');
    size = { width: meta.width, height: meta.height };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.listingImageUnsupported);
  }
  if (Math.min(size.width, size.height) < LIMITS.listingImageMinSide)
    throw new AppError('BAD_USER_INPUT', MSG.listingImageTooSmall);
}

/** Re-encodes a photo; a file whose header reads but whose data does not decode (truncated, corrupt) is a 415. */
async function encodeOrRefuse(file: IncomingFile): Promise<EncodedListingImage> {
  try {
    return await encodeListingImage(file.buffer);
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.listingImageUnsupported);
  }
}
