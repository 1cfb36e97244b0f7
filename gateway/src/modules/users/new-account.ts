import { MODERATION_LIMITS } from '@flaneur/schema';
import type { User } from './user.entity';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An account younger than MODERATION_LIMITS.newAccountDays: the one « new account » rule of the trust shield. */
export function isNewAccount(user: Pick<User, 'createdAt'>, now = Date.now()): boolean {
  return now - new Date(user.createdAt).getTime() < MODERATION_LIMITS.newAccountDays * DAY_MS;
}
