import type { Request, RequestHandler } from 'express';
import { unauthenticated } from '../../lib/errors';
import type { UploadsService } from './uploads.service';

/**
 * Refuses a signed-out upload before multer buffers its files (up to 150 MB for 15 photos). The service still
 * checks the viewer: this only keeps anonymous bytes out of memory.
 */
export const signedInBeforeUpload: RequestHandler = (req, _res, next) =>
  next(req.viewer ? undefined : unauthenticated());

/** For multipart's admitFile: each file part spends one point of the upload budget before it is read. */
export const admitEachFile =
  (uploads: UploadsService) =>
  (req: Request): Promise<unknown> =>
    uploads.admitFiles(req.viewer, 1);
