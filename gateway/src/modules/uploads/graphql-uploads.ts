import type { Request, RequestHandler, Response } from 'express';
import processRequest from 'graphql-upload/processRequest.mjs';
import Upload from 'graphql-upload/Upload.mjs';
import { AppError, HTTP_STATUS, unauthenticated } from '../../lib/errors';
import { GRAPHQL_UPLOAD_OPTIONS } from './incoming-file';
import type { UploadsService } from './uploads.service';

/** Resolves once the request is over: fully received, or disconnected (as graphql-upload's own helper). */
const requestFinished = (req: Request): Promise<void> =>
  req.closed ? Promise.resolve() : new Promise((resolve) => req.once('close', () => resolve()));

/** The distinct files a parsed multipart operation refers to (graphql-upload put an Upload at each mapped path). */
export function countUploads(operations: unknown): number {
  const uploads = new Set<Upload>();
  // Iterative: a deeply nested `operations` must not exhaust the stack.
  const stack: unknown[] = [operations];
  while (stack.length) {
    const value = stack.pop();
    if (value instanceof Upload) uploads.add(value);
    else if (value && typeof value === 'object') stack.push(...Object.values(value));
  }
  return uploads.size;
}

/**
 * Answers a refusal at once, as a GraphQL error with its HTTP status, and stops reading the request: its files
 * are neither read nor kept (graphql-upload releases what it holds when the response closes).
 */
function refuseUnread(req: Request, res: Response, error: AppError): void {
  req.unpipe();
  if (error.details.retryAfterSeconds) res.setHeader('Retry-After', String(error.details.retryAfterSeconds));
  res.setHeader('Connection', 'close');
  res.status(HTTP_STATUS[error.code]).json({
    errors: [
      {
        message: error.message,
        extensions: {
          code: error.code,
          ...(error.details.retryAfterSeconds ? { retryAfter: error.details.retryAfterSeconds } : {}),
        },
      },
    ],
  });
}

/**
 * graphql-upload for /graphql, with nothing read before it is allowed (runs after loadViewer). A multipart request
 * (only the upload mutations take one) from a signed-out client is answered UNAUTHENTICATED before its body is
 * parsed. Otherwise only `operations` and `map` are read; then every file spends its point of the upload budget
 * (UploadsService.admitFiles) before any file byte is read, and a refusal (429) is answered at once. Past that,
 * like graphqlUploadExpress: the resolvers read the files, and the answer waits for the end of the request.
 */
export function graphqlUploads(uploads: UploadsService): RequestHandler {
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    if (!req.viewer) return refuseUnread(req, res, unauthenticated());
    const viewer = req.viewer;
    const answerAfterRequest = () => {
      const { send } = res;
      res.send = (...args) => {
        void requestFinished(req).then(() => {
          res.send = send;
          res.send(...args);
        });
        return res;
      };
    };
    processRequest(req, res, GRAPHQL_UPLOAD_OPTIONS).then(
      async (operations) => {
        try {
          await uploads.admitFiles(viewer, countUploads(operations));
        } catch (err) {
          if (err instanceof AppError) return refuseUnread(req, res, err);
          answerAfterRequest();
          return next(err);
        }
        answerAfterRequest();
        req.body = operations;
        next();
      },
      (error: { status?: number; expose?: boolean }) => {
        answerAfterRequest();
        if (error.status && error.expose) res.status(error.status);
        next(error);
      },
    );
  };
}
