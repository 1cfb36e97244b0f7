import { MSG } from '@flaneur/schema';
import { AppError } from '../../lib/errors';
import type { Throttles } from '../../lib/throttle';
import type { User } from './user.entity';
import { verifyPassword } from './password';

/**
 * Asks for the signed-in user's current password before a sensitive change (e-mail address, password, access token):
 * missing → 400 with `missing`, wrong → 403. Checked under the login's backoff, so a stolen session cannot guess the
 * password faster here than at the login.
 */
export async function confirmCurrentPassword(
  throttles: Throttles,
  me: User,
  currentPassword: string | undefined,
  missing: string,
): Promise<void> {
  if (!currentPassword) throw new AppError('BAD_USER_INPUT', missing, { fields: { currentPassword: missing } });
  const ok = await throttles.attempt('loginFailuresPerAccount', me.username.toLowerCase(), () =>
    verifyPassword(currentPassword, me.password),
  );
  if (!ok)
    throw new AppError('FORBIDDEN', MSG.currentPasswordWrong, {
      fields: { currentPassword: MSG.currentPasswordWrong },
    });
}
