import { IsNull, type EntityManager } from 'typeorm';
import { PasswordResetToken } from './password-reset-token.entity';

/**
 * Marks every unused reset link of a user as used, in the caller's transaction: after a reset, a password change or
 * an e-mail change, a link sent before must not take the account back.
 */
export async function voidResetLinks(tx: EntityManager, userId: number): Promise<void> {
  await tx.update(PasswordResetToken, { userId, usedAt: IsNull() }, { usedAt: new Date() });
}
