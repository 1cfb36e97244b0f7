import type { RequestHandler } from 'express';
import type { User } from '../modules/users/user.entity';
import type { Services } from '../services';

declare module 'express-serve-static-core' {
  interface Request {
    /** The session user, set by `loadViewer` on /api and /graphql; null when signed out. */
    viewer: User | null;
    requestId?: string;
  }
}

/** Resolves the session user once per request. */
export const loadViewer =
  (services: Services): RequestHandler =>
  async (req, _res, next) => {
    req.viewer = await services.auth.viewer(req.session?.userId);
    // A session whose user no longer exists is treated as signed out.
    if (req.session?.userId && !req.viewer) delete req.session.userId;
    next();
  };
