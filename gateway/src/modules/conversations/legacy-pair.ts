import { MSG } from '@flaneur/schema';
import { absent } from '../../http/legacy-identity';
import { AppError, forbidden } from '../../lib/errors';
import { requireViewer } from '../../lib/viewer';
import type { User } from '../users/user.entity';

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
