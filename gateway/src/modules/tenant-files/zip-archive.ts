import zlib from 'node:zlib';
import { MSG } from '@flaneur/schema';
import { AppError } from '../../lib/errors';

/**
 * Limits of a zip-based document (.docx) once unpacked (docs/security.md). A 10 MB upload may declare any size:
 * these caps hold whatever its headers say, and nothing is ever inflated beyond them.
 */
export const ZIP_LIMITS = {
  maxEntries: 1000,
  maxUnpackedBytes: 100 * 1024 * 1024,
} as const;

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const END_LENGTH = 22;
const STORED = 0;
const DEFLATED = 8;

/** Whether the bytes start like a zip archive (a local file header). */
export const looksLikeZip = (buffer: Buffer) => buffer.length >= 4 && buffer.readUInt32LE(0) === SIG_LOCAL;

const malformed = () => new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.documentTypeUnsupported);
const tooLargeUnpacked = () => new AppError('PAYLOAD_TOO_LARGE', MSG.documentUnpackedTooLarge);

/** One member as the central directory describes it. */
interface Entry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * Checks a zip archive without ever unpacking it beyond ZIP_LIMITS: refuses (413) one with too many entries or
 * whose declared sizes add up past the cap, before inflating anything; then inflates each member as a stream,
 * counting and discarding the bytes, and refuses (415) one whose data does not match its declared size (a lying
 * header is cut as soon as it overshoots). Also 415: no readable central directory, zip64, several disks,
 * encryption, or a compression other than stored/deflate (Office writes neither of those).
 */
export async function checkZipArchive(buffer: Buffer): Promise<void> {
  const entries = readCentralDirectory(buffer);
  for (const entry of entries) {
    const data = memberData(buffer, entry);
    if (entry.method === STORED) {
      if (data.length !== entry.size) throw malformed();
    } else if ((await inflatedLength(data, entry.size)) !== entry.size) {
      throw malformed();
    }
  }
}

function readCentralDirectory(buffer: Buffer): Entry[] {
  const end = findEnd(buffer);
  if (end < 0) throw malformed();
  const disk = buffer.readUInt16LE(end + 4);
  const directoryDisk = buffer.readUInt16LE(end + 6);
  const onDisk = buffer.readUInt16LE(end + 8);
  const count = buffer.readUInt16LE(end + 10);
  const directorySize = buffer.readUInt32LE(end + 12);
  const directoryOffset = buffer.readUInt32LE(end + 16);
  // 0xffff / 0xffffffff mark a zip64 archive: far beyond our caps, refused rather than parsed.
  if (disk !== 0 || directoryDisk !== 0 || onDisk !== count || count === 0xffff || directoryOffset === 0xffffffff)
    throw malformed();
  if (count > ZIP_LIMITS.maxEntries) throw tooLargeUnpacked();
  if (directoryOffset + directorySize > end) throw malformed();

  const entries: Entry[] = [];
  let declared = 0;
  let p = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > end || buffer.readUInt32LE(p) !== SIG_CENTRAL) throw malformed();
    const flags = buffer.readUInt16LE(p + 8);
    const entry: Entry = {
      method: buffer.readUInt16LE(p + 10),
      compressedSize: buffer.readUInt32LE(p + 20),
      size: buffer.readUInt32LE(p + 24),
      localOffset: buffer.readUInt32LE(p + 42),
    };
    const encrypted = (flags & 0x1) !== 0 || (flags & 0x40) !== 0;
    if (encrypted || (entry.method !== STORED && entry.method !== DEFLATED)) throw malformed();
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff)
      throw malformed();
    declared += entry.size;
    if (declared > ZIP_LIMITS.maxUnpackedBytes) throw tooLargeUnpacked();
    entries.push(entry);
    p += 46 + buffer.readUInt16LE(p + 28) + buffer.readUInt16LE(p + 30) + buffer.readUInt16LE(p + 32);
  }
  return entries;
}

/** The end-of-central-directory record: within the last 22 bytes + a 64 KB comment. −1 when absent. */
function findEnd(buffer: Buffer): number {
  const lowest = Math.max(0, buffer.length - END_LENGTH - 0xffff);
  for (let p = buffer.length - END_LENGTH; p >= lowest; p--) if (buffer.readUInt32LE(p) === SIG_END) return p;
  return -1;
}

/** The compressed bytes of a member, located through its local header. */
function memberData(buffer: Buffer, entry: Entry): Buffer {
  const p = entry.localOffset;
  if (p + 30 > buffer.length || buffer.readUInt32LE(p) !== SIG_LOCAL) throw malformed();
  const start = p + 30 + buffer.readUInt16LE(p + 26) + buffer.readUInt16LE(p + 28);
  if (start + entry.compressedSize > buffer.length) throw malformed();
  return buffer.subarray(start, start + entry.compressedSize);
}

/**
 * Inflates raw deflate data as a stream (off the event loop, 16 KB at a time, nothing kept) and answers its
 * length, stopping as soon as it exceeds `limit` (then answers a length > limit). A corrupt stream is a 415.
 */
function inflatedLength(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw();
    let length = 0;
    inflater.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        inflater.destroy();
        resolve(length);
      }
    });
    inflater.once('end', () => resolve(length));
    inflater.once('error', () => reject(malformed()));
    inflater.end(data);
  });
}
