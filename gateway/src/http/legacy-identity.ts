import { MSG } from '@flaneur/schema';
import type { Request, RequestHandler } from 'express';
import { AppError, forbidden, unauthenticated } from '../lib/errors';
import { requireViewer } from '../lib/viewer';
import type { User } from '../modules/users/user.entity';

const absent = (v: unknown) => v === undefined || v === null || v === '';

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

/**
 * The legacy form of starting a conversation, `{ user1Id, user2Id, propertyId }`, names both participants: the
 * viewer must be one of the two (or the id left out), else 403 "Accès refusé". Answers the other participant's id.
 */
export function otherOfPair(viewer: User | null, body: unknown): unknown {
  const me = requireViewer(viewer);
  const { user1Id, user2Id } = (body ?? {}) as Record<string, unknown>;
  const isMe = (v: unknown) => !absent(v) && String(v) === String(me.id);
  if (isMe(user1Id) && isMe(user2Id)) throw new AppError('BAD_USER_INPUT', MSG.conversationWithSelf);
  if (isMe(user1Id) || absent(user1Id)) return user2Id;
  if (isMe(user2Id) || absent(user2Id)) return user1Id;
  throw forbidden();
}
