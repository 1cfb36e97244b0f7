import { MSG } from '@flaneur/schema';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/errors';
import type { IncomingFile } from '../uploads/incoming-file';
import { checkZipArchive, looksLikeZip } from './zip-archive';

/**
 * Accepted documents by detected content (file-type), with the media type we store and serve and the
 * extensions a name may carry. A .doc is an OLE compound file (application/x-cfb, served as msword);
 * file-type recognises a .docx from the [Content_Types].xml and word/ entries of its zip.
 */
const ACCEPTED: Record<string, { mime: string; exts: string[] }> = {
  'application/pdf': { mime: 'application/pdf', exts: ['pdf'] },
  'image/jpeg': { mime: 'image/jpeg', exts: ['jpg', 'jpeg'] },
  'image/png': { mime: 'image/png', exts: ['png'] },
  'application/x-cfb': { mime: 'application/msword', exts: ['doc'] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    exts: ['docx'],
  },
};

/** A document accepted by content: its media type and a safe file name ending in a matching extension. */
export interface DetectedDocument {
  mimeType: string;
  originalName: string;
}

/**
 * Checks the bytes (not the name nor the declared type): pdf, jpg/jpeg, png, doc, docx, else 415. A zip (docx) is
 * checked against ZIP_LIMITS first, so nothing (file-type included) ever unpacks a zip bomb.
 */
export async function detectDocument(file: IncomingFile): Promise<DetectedDocument> {
  if (looksLikeZip(file.buffer)) await checkZipArchive(file.buffer);
  const type = file.buffer.length ? await fileTypeFromBuffer(file.buffer) : undefined;
  const accepted = type ? ACCEPTED[type.mime] : undefined;
  if (!accepted) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.documentTypeUnsupported);
  return { mimeType: accepted.mime, originalName: safeName(file.filename, accepted.exts) };
}

/** The base name without control characters, at most 200 characters, with an extension of the real type. */
function safeName(raw: string | undefined, exts: string[]): string {
  const base =
    (raw ?? '')
      .split(/[/\\]/)
      .pop()!
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f"]/g, '')
      .trim()
      .slice(-200) || 'document';
  const ext = base.includes('.') ? base.split('.').pop()!.toLowerCase() : '';
  return exts.includes(ext) ? base : `${base}.${exts[0]}`;
}
