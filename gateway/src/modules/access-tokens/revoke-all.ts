import { MSG } from '@flaneur/schema';
import type { EntityManager } from 'typeorm';

/**
 * Revokes every active access token of a user inside the caller's transaction (a password change or reset: a token
 * must not outlive the password it was created under) and answers their ids: their websockets are to be closed once
 * the transaction commits. Their webhooks stop delivering with them (webhooks.service.ts).
 */
export async function revokeUserTokens(tx: EntityManager, userId: number): Promise<number[]> {
  const result: unknown = await tx.query(
    `UPDATE access_tokens SET revoked_at = now()
     WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
    [userId],
  );
  // The postgres driver answers [rows, count] for an UPDATE.
  const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as { id: number }[];
  return rows.map((r) => Number(r.id));
}

/** The sentence added to a password change's or reset's answer and e-mail when tokens were revoked ('' when none). */
export function revokedTokensNotice(count: number): string {
  if (count === 0) return '';
  return count === 1 ? MSG.accessTokensRevokedOne : MSG.accessTokensRevokedMany.replace('{n}', String(count));
}
