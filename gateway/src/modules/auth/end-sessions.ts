import type { EntityManager } from 'typeorm';

/**
 * Removes the stored sessions of a user (password reset and change, account deletion), all of them or all but
 * `keepSessionId`, and answers the ids removed: their sockets are to be closed once the transaction commits.
 */
export async function endUserSessions(tx: EntityManager, userId: number, keepSessionId?: string): Promise<string[]> {
  const result: unknown = await tx.query(
    `DELETE FROM "session" WHERE ("sess"::jsonb ->> 'userId')::int = $1 AND ($2::text IS NULL OR "sid" <> $2) RETURNING "sid"`,
    [userId, keepSessionId ?? null],
  );
  // The postgres driver answers [rows, count] for a DELETE.
  const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as { sid: string }[];
  return rows.map((r) => r.sid);
}
