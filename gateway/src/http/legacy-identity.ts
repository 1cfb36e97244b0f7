import type { Request, RequestHandler } from 'express';
import { AppError, forbidden, unauthenticated } from '../lib/errors';
import type { User } from '../modules/users/user.entity';

/** A claimed id left out (undefined, null or empty). */
export const absent = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Identity comes from the session (docs/decisions.md#identity-comes-from-the-session). The legacy REST client
 * still sends its own user id with some requests: an id that is absent or equal to the session user's is
 * accepted, another one is refused with 403 "Accès refusé" before any service runs. Sending one while signed
 * out is a 401, as the service would answer.
 */
function claimedIdError(viewer: User | null, claimed: unknown): AppError | undefined {
  if (absent(claimed)) return undefined;
  if (!viewer) return unauthenticated();
  return String(claimed) === String(viewer.id) ? undefined : forbidden();
}

/** Middleware for a route whose legacy request carries the user's own id in `req.query[field]` or `req.body[field]`. */
export const sameUserIn =
  (where: 'query' | 'body', field = 'userId'): RequestHandler =>
  (req: Request, _res, next) => {
    const source = where === 'query' ? req.query : req.body;
    const claimed = source && typeof source === 'object' ? (source as Record<string, unknown>)[field] : undefined;
    next(claimedIdError(req.viewer, claimed));
  };
