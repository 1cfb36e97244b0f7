import type { RequestHandler } from 'express';
import { unauthenticated } from '../../lib/errors';

/**
 * Refuses a signed-out upload before multer buffers its files (up to 150 MB for 15 photos). The service still
 * checks the viewer: this only keeps anonymous bytes out of memory.
 */
export const signedInBeforeUpload: RequestHandler = (req, _res, next) =>
  next(req.viewer ? undefined : unauthenticated());
