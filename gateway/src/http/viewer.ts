import type { RequestHandler } from 'express';
import { authenticateBearer, bearerSecret } from '../modules/access-tokens/bearer';
import { User } from '../modules/users/user.entity';
import type { Services } from '../wiring/services';

declare module 'express-serve-static-core' {
  interface Request {
    /** The session user, set by `loadViewer` on /api and /graphql; null when signed out. */
    viewer: User | null;
    requestId?: string;
  }
}

/**
 * The session's user, served from memory for a few seconds while its generation is unchanged (modules/auth/user-state-cache.ts);
 * each request gets its own copy.
 */
export function sessionViewer(services: Services) {
  const cache = services.userState;
  const users = cache.table<number, User>();
  const copy = (u: User) => Object.assign(Object.create(User.prototype) as User, u);
  return async (userId: number | undefined, req: object): Promise<User | null> => {
    if (!userId) return null;
    const stamp = await cache.stamp(userId, req);
    const hit = users.get(userId, stamp);
    const viewer = hit ? copy(hit) : await services.auth.viewer(userId);
    if (!viewer) return null;
    if (!hit) users.set(userId, copy(viewer), stamp);
    cache.carry(req, viewer);
    return viewer;
  };
}

/** Resolves the session user once per request. */
export const loadViewer = (
  services: Services,
  viewerOf: ReturnType<typeof sessionViewer> = sessionViewer(services),
): RequestHandler => {
  return async (req, res, next) => {
    // An access token names the viewer on its own; the cookie is then ignored.
    const secret = bearerSecret(req.headers.authorization);
    if (secret !== null) return authenticateBearer(services, secret, req, res, next);
    req.viewer = await viewerOf(req.session?.userId, req);
    // A session whose user no longer exists is treated as signed out.
    if (req.session?.userId && !req.viewer) delete req.session.userId;
    next();
  };
};
