import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '../lib/logger';
import type { User } from '../modules/users/user.entity';
import { compressJson, PRIVATE_CACHE_CONTROL } from './caching';

/** What a lean route needs of the gateway: the cached session and viewer, its body parser, the log. */
export interface LeanRouteDeps {
  /** The session cookie's user (http/session.ts userOf: the cached store). */
  sessionUser(req: IncomingMessage): Promise<number | null>;
  /** The user, served from the cache of http/viewer.ts (null when the account is gone). */
  viewerOf(userId: number, req: object): Promise<User | null>;
  logger: Logger;
}

/**
 * A hot route (the position report) served before the /api stack, for the requests it can serve alone: a signed-in
 * session cookie whose user exists. Anything else — a Bearer token (its scope and budget), no cookie, a stale or
 * forged one, a session whose user is gone — goes on to the full stack (`next()`), which answers as it always did.
 * Served here: the same viewer (same cache), `private, no-store`, the given middleware in order (the same body parser,
 * the same identity checks), then the handler; its errors go to the app's error handler (same French answers). No
 * express-session (nothing to save: the route never changes its session), no per-request pino-http child: a line
 * per answer at `debug` (warn or error for a failure, as pino-http would), compression only when the client asks.
 */
export function leanRoute(
  deps: LeanRouteDeps,
  before: RequestHandler[],
  handler: (req: Request, res: Response) => Promise<void>,
): RequestHandler {
  const compress = compressJson();
  const chain = [...before, (req: Request, res: Response, next: NextFunction) => handler(req, res).catch(next)];
  return async (req, res, next) => {
    if (req.headers.authorization !== undefined) return next();
    const userId = await deps.sessionUser(req);
    const viewer = userId === null ? null : await deps.viewerOf(userId, req);
    if (!viewer) return next();
    req.viewer = viewer;
    res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
    logAnswer(deps.logger, req, res);
    const run = (i: number) => (err?: unknown) => {
      if (err) return next(err);
      if (i < chain.length) void chain[i](req, res, run(i + 1));
    };
    if (req.headers['accept-encoding']) compress(req, res, run(0));
    else run(0)();
  };
}

/** The request log's line (http/request-log.ts shape) once answered: debug on success, warn/error otherwise. */
function logAnswer(logger: Logger, req: Request, res: Response) {
  const start = process.hrtime.bigint();
  res.once('finish', () => {
    const status = res.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'debug';
    if (!logger.isLevelEnabled(level)) return;
    const responseTime = Number(process.hrtime.bigint() - start) / 1e6;
    logger[level](
      { req: { id: req.requestId, method: req.method, path: req.path }, res: { status }, responseTime },
      status >= 400 ? 'request errored' : 'request completed',
    );
  });
}
