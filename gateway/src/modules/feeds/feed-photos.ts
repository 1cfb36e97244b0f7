import crypto from 'node:crypto';
import { FEED_LIMITS, FEED_MSG, FEED_PHOTO_FETCH_REASONS, feedText, LIMITS } from '@flaneur/schema';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { DownloadError, downloadBuffer, type OutboundPolicy } from '../../lib/outbound';
import type { Storage } from '../../storage/storage';
import { recordPhotoHashes } from '../uploads/photo-hash';
import { encodeListingImage, putListingImage, runImageJob } from '../uploads/image-pipeline';
import type { LineIssue } from './poliris-mapping';

/**
 * A photo of a line: its name in the line and either its bytes read from the ZIP (keyed by their SHA-256) or its
 * public URL, fetched only when the agency's feeds never stored it (keyed by the SHA-256 of the URL: a nightly
 * re-import downloads nothing again; a changed photo comes with a new URL, as agency software writes them).
 */
export type FeedPhotoFile = { name: string; sha256: string } & (
  | { data: Buffer }
  | { url: URL }
  /** A ZIP photo already hashed in this import: read again only if it must be stored. */
  | { read: () => Promise<Buffer | null> }
);

/** The key of a photo given by its URL. */
export const photoUrlKey = (url: URL) => sha256(`url:${url.href}`);

/** Fetches a photo given by its URL through the outbound guard; answers its bytes or the French issue. */
async function fetchPhoto(
  file: { name: string; url: URL },
  policy: OutboundPolicy,
): Promise<{ data: Buffer } | { issue: LineIssue }> {
  try {
    const data = await downloadBuffer(file.url, {
      policy,
      timeoutMs: FEED_LIMITS.photoUrlTimeoutMs,
      maxBytes: LIMITS.listingImageMaxBytes,
      userAgent: 'Flaneur-Feeds/1.0',
      accept: 'image/*',
    });
    return { data };
  } catch (err) {
    const kind = err instanceof DownloadError ? err.kind : 'network';
    const reason = feedText(FEED_PHOTO_FETCH_REASONS[kind], { status: err instanceof DownloadError ? err.status : 0 });
    return {
      issue: { field: 'photos', message: feedText(FEED_MSG.photoUrlFailed, { name: file.name.slice(0, 80), reason }) },
    };
  }
}

export const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('hex');

/**
 * Stores the photos of one line through the image pipeline (three widths, EXIF and every metadata dropped), once per
 * agency and content: a photo whose SHA-256 the agency's feeds already stored, still shown by a listing, is reused
 * (a nightly re-import stores nothing twice). A file that is not a raster image of 300 px a side or more is skipped
 * with a French issue. Answers the URLs in the line's order.
 */
export async function storeFeedPhotos(
  deps: { db: DataSource; storage: Storage; policy: OutboundPolicy },
  ownerId: number,
  files: FeedPhotoFile[],
): Promise<{ urls: string[]; issues: LineIssue[] }> {
  const issues: LineIssue[] = [];
  if (!files.length) return { urls: [], issues };
  const known: { sha256: string; url: string }[] = await deps.db.query(
    `SELECT f.sha256, f.url FROM feed_photos f
     WHERE f.owner_id = $1 AND f.sha256 = ANY($2::text[])
       AND (EXISTS (SELECT 1 FROM properties p WHERE p.images @> ARRAY[f.url::text])
         OR EXISTS (SELECT 1 FROM listing_image_uploads l WHERE l.url = f.url))`,
    [ownerId, files.map((f) => f.sha256)],
  );
  const byHash = new Map(known.map((k) => [k.sha256, k.url]));
  const urls: string[] = [];
  for (const file of files) {
    const reused = byHash.get(file.sha256);
    if (reused) {
      urls.push(reused);
      continue;
    }
    let bytes: Buffer;
    if ('data' in file) bytes = file.data;
    else if ('read' in file) {
      const read = await file.read();
      if (!read) {
        issues.push({ field: 'photos', message: feedText(FEED_MSG.photoMissing, { name: file.name.slice(0, 80) }) });
        continue;
      }
      bytes = read;
    } else {
      const fetched = await fetchPhoto(file, deps.policy);
      if ('issue' in fetched) {
        issues.push(fetched.issue);
        continue;
      }
      bytes = fetched.data;
    }
    const notImage = { field: 'photos', message: feedText(FEED_MSG.photoNotImage, { name: file.name.slice(0, 80) }) };
    try {
      const meta = await runImageJob(() => sharp(bytes, { limitInputPixels: LIMITS.listingImageMaxPixels }).metadata());
      if (!meta.width || !meta.height || meta.format === 'svg' || meta.format === 'pdf') throw new Error('not raster');
      if (Math.min(meta.width, meta.height) < LIMITS.listingImageMinSide) throw new Error('too small');
    } catch {
      issues.push(notImage);
      continue;
    }
    let url: string;
    let phash: string | null;
    try {
      const encoded = await encodeListingImage(bytes);
      phash = encoded.phash;
      url = await putListingImage(deps.storage, encoded);
    } catch {
      issues.push(notImage);
      continue;
    }
    // Tracked like an upload until a listing shows it (the orphan sweeper's rule), and known by its content.
    await deps.db.query(`INSERT INTO listing_image_uploads (url, user_id) VALUES ($1, $2)`, [url, ownerId]);
    await recordPhotoHashes(deps.db, [{ url, phash }]);
    await deps.db.query(
      `INSERT INTO feed_photos (owner_id, sha256, url) VALUES ($1, $2, $3)
       ON CONFLICT (owner_id, sha256) DO UPDATE SET url = EXCLUDED.url`,
      [ownerId, file.sha256, url],
    );
    byHash.set(file.sha256, url);
    urls.push(url);
  }
  return { urls, issues };
}
