import path from 'node:path';
import type { Readable } from 'node:stream';
import { FEED_LIMITS, FEED_MSG, feedText } from '@flaneur/schema';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** Why a feed archive is refused as a whole (the import fails with this French reason). */
export class FeedArchiveError extends Error {}

/** An opened feed archive: Annonces.csv and the photos, read one entry at a time from the file on disk. */
export interface FeedArchive {
  /** Opens Annonces.csv as a stream (each call a new stream: the reader reads it twice). */
  openCsv(): Promise<Readable>;
  /** The bytes of a photo by its name in the line (case-insensitive, any folder), or null when absent. */
  readPhoto(name: string): Promise<Buffer | null>;
  close(): void;
}

const openZip = (file: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true },
      (e, z) => (e || !z ? reject(e ?? new Error('no zip')) : resolve(z)),
    ),
  );

/**
 * Opens a feed ZIP and checks its directory before anything is inflated: not a ZIP, a name escaping the folder
 * (absolute, `..`, a drive letter), more unpacked bytes in total than FEED_LIMITS.unpackedMaxBytes, an entry whose
 * unpacked to packed ratio exceeds FEED_LIMITS.maxRatio (a ZIP bomb) and no Annonces.csv all throw FeedArchiveError.
 * The declared sizes are then enforced while inflating (yauzl's validateEntrySizes): a lying header fails its read.
 */
export async function openFeedArchive(file: string): Promise<FeedArchive> {
  let zip: ZipFile;
  try {
    zip = await openZip(file);
  } catch {
    throw new FeedArchiveError(FEED_MSG.notZip);
  }
  const entries = new Map<string, Entry>();
  let csv: Entry | null = null;
  try {
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        const name = entry.fileName.replace(/\\/g, '/');
        if (name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.split('/').includes('..'))
          return reject(new FeedArchiveError(feedText(FEED_MSG.pathEscape, { name: name.slice(0, 80) })));
        total += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (
          total > FEED_LIMITS.unpackedMaxBytes ||
          (entry.uncompressedSize > 1024 * 1024 && ratio > FEED_LIMITS.maxRatio)
        )
          return reject(new FeedArchiveError(FEED_MSG.zipBomb));
        if (!name.endsWith('/')) {
          const base = path.posix.basename(name).toLowerCase();
          if (base === 'annonces.csv' && !csv) csv = entry;
          else if (!entries.has(base)) entries.set(base, entry);
        }
        zip.readEntry();
      });
      zip.once('end', () => resolve());
      zip.once('error', (e: Error) => {
        // yauzl itself refuses absolute and `..` names: the same refusal as ours.
        const escaped = /(?:invalid relative path|absolute path): (.*)$/.exec(e.message);
        if (escaped) reject(new FeedArchiveError(feedText(FEED_MSG.pathEscape, { name: escaped[1].slice(0, 80) })));
        else reject(e instanceof FeedArchiveError ? e : new FeedArchiveError(FEED_MSG.notZip));
      });
      zip.readEntry();
    });
  } catch (err) {
    zip.close();
    throw err instanceof FeedArchiveError ? err : new FeedArchiveError(FEED_MSG.notZip);
  }
  const found = csv as Entry | null;
  if (!found) {
    zip.close();
    throw new FeedArchiveError(FEED_MSG.noCsv);
  }
  if (found.uncompressedSize > FEED_LIMITS.csvMaxBytes) {
    zip.close();
    throw new FeedArchiveError(FEED_MSG.zipBomb);
  }
  const open = (entry: Entry) =>
    new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (e, s) => (e || !s ? reject(e ?? new Error('no stream')) : resolve(s))),
    );
  return {
    openCsv: () => open(found),
    async readPhoto(name) {
      const entry = entries.get(path.posix.basename(name.replace(/\\/g, '/')).toLowerCase());
      if (!entry) return null;
      const stream = await open(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}
