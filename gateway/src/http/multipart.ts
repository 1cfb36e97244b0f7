import { MSG } from '@flaneur/schema';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from '../lib/errors';
import type { IncomingFile } from '../modules/uploads/incoming-file';

/**
 * multer in memory with its limits enforced while streaming; its errors become the French 413/400 answers.
 * Field names are the legacy ones (images, profilePicture, file). `admitFile` runs as each file part begins,
 * before any of its bytes is read: its AppError (429 past the upload budget…) refuses the request.
 */
export function multipart(
  field: string,
  opts: { maxFiles: number; maxBytes: number; admitFile?: (req: Request) => Promise<unknown> },
): RequestHandler {
  const { admitFile } = opts;
  const upload = multer({
    storage: multer.memoryStorage(),
    fileFilter: admitFile
      ? (req, _file, cb) => {
          admitFile(req).then(
            () => cb(null, true),
            (err: Error) => cb(err),
          );
        }
      : undefined,
    // Browsers send UTF-8 file names ("relevé.pdf"); multer would read them as latin1.
    defParamCharset: 'utf8',
    limits: {
      fileSize: opts.maxBytes,
      files: opts.maxFiles,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: opts.maxFiles + 20,
    },
  }).array(field, opts.maxFiles);
  return (req, res, next) =>
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof AppError) return next(err);
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError('PAYLOAD_TOO_LARGE', MSG.fileTooLarge));
        if (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE')
          return next(new AppError('BAD_USER_INPUT', opts.maxFiles > 1 ? MSG.tooManyFiles : MSG.invalidInput));
        return next(new AppError('BAD_USER_INPUT', MSG.invalidInput));
      }
      // busboy's own parse errors ("Malformed part header"…) are the client's malformed body too.
      next(new AppError('BAD_USER_INPUT', MSG.invalidInput));
    });
}

/** The files multer kept, as IncomingFile. */
export const filesOf = (req: { files?: unknown }): IncomingFile[] =>
  ((req.files as Express.Multer.File[] | undefined) ?? []).map((f) => ({
    filename: f.originalname,
    mimetype: f.mimetype,
    buffer: f.buffer,
  }));
