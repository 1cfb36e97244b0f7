import { MSG } from '@flaneur/schema';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, HTTP_STATUS, databaseUnavailable } from '../lib/errors';
import type { Logger } from '../lib/logger';

/** REST errors: `{ message }` in French with the status of the error code; never a stack trace. */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    // A database that is not answering: 503 in French (retry later), never a 500.
    const err = databaseUnavailable(error) ?? error;
    if (err instanceof AppError) {
      if (err.details.retryAfterSeconds) res.setHeader('Retry-After', String(err.details.retryAfterSeconds));
      res
        .status(HTTP_STATUS[err.code])
        .json({ message: err.message, ...(err.details.fields ? { errors: err.details.fields } : {}) });
      return;
    }
    // body-parser and friends flag client errors with a status
    const status =
      typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 500;
    if (status === 413) return void res.status(413).json({ message: MSG.payloadTooLarge });
    if (status >= 400 && status < 500) return void res.status(status).json({ message: MSG.invalidInput });
    // The path only: query strings carry tokens (reset, verification) and positions.
    logger.error({ err, method: req.method, path: req.originalUrl.split('?')[0] }, 'unexpected REST error');
    res.status(500).json({ message: MSG.internal });
  };
}

/** 404 for unknown /api routes. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: MSG.routeNotFound });
};
