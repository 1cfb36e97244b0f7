import { LIMITS, MSG } from '@flaneur/schema';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { AppError } from '../../lib/errors';

/** An uploaded file held in memory, whatever the transport (multer for REST, graphql-upload for GraphQL). */
export interface IncomingFile {
  filename: string;
  /** As declared by the client: informative only, the content decides. */
  mimetype: string;
  buffer: Buffer;
}

/**
 * graphql-upload's limits for a whole request, from LIMITS: the largest single file any operation accepts and the
 * most files one takes (listing photos); each operation then applies its own limit while reading (readUpload). The
 * REST transports (multer) take the per-field limits directly; the services check again (assertSize).
 */
export const GRAPHQL_UPLOAD_OPTIONS = {
  maxFileSize: Math.max(LIMITS.listingImageMaxBytes, LIMITS.profilePictureMaxBytes, LIMITS.documentMaxBytes),
  maxFiles: LIMITS.imagesPerListingMax,
  maxFieldSize: LIMITS.uploadFieldMaxBytes,
} as const;

/** Reads a graphql-upload file into memory, refusing it with 413 past `maxBytes`. */
export async function readUpload(upload: Promise<FileUpload> | FileUpload, maxBytes: number): Promise<IncomingFile> {
  const { createReadStream, filename, mimetype } = await upload;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of createReadStream({ highWaterMark: 64 * 1024 })) {
      size += chunk.length;
      if (size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', MSG.fileTooLarge);
      chunks.push(chunk as Buffer);
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    // graphql-upload signals its own size limit with an error carrying status 413.
    if ((e as { status?: number }).status === 413) throw new AppError('PAYLOAD_TOO_LARGE', MSG.fileTooLarge);
    throw e;
  }
  return { filename, mimetype, buffer: Buffer.concat(chunks) };
}

/** Refuses a file larger than `maxBytes` with 413. */
export function assertSize(file: IncomingFile, maxBytes: number): void {
  if (file.buffer.length > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', MSG.fileTooLarge);
}
