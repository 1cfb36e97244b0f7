import type { Queryable } from '../../db/prepared';
import { sqlParams } from '../../db/sql-params';

/*
 * The gate of replayed fixes (batches): one batch of a user at a time (a transaction-scoped advisory lock), and the
 * fix time of the last pass of a replayed fix kept in discovery_state.last_replay_fix_at.
 */

/** Waits for the user's other batches to commit, then answers the fix time of the last replayed pass. */
export async function lockReplayGate(db: Queryable, userId: number): Promise<Date | null> {
  const lock = sqlParams();
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('discovery.replay'), ${lock.p(userId)}::int)`, lock.values);
  // A statement of its own: its snapshot is taken once the lock is held.
  const { p, values } = sqlParams();
  const [row]: { last_replay_fix_at: Date | null }[] = await db.query(
    `SELECT last_replay_fix_at FROM discovery_state WHERE user_id = ${p(userId)}`,
    values,
  );
  return row?.last_replay_fix_at ? new Date(row.last_replay_fix_at) : null;
}

/** Records the fix time of the last replayed pass (never moves it back); the live gate is left as is. */
export async function saveReplayGate(db: Queryable, userId: number, fixAt: Date): Promise<void> {
  const { p, values } = sqlParams();
  await db.query(
    `INSERT INTO discovery_state (user_id, last_pass_at, last_replay_fix_at)
     VALUES (${p(userId)}, to_timestamp(0), ${p(fixAt)}::timestamptz)
     ON CONFLICT (user_id) DO UPDATE
       SET last_replay_fix_at = greatest(discovery_state.last_replay_fix_at, EXCLUDED.last_replay_fix_at)`,
    values,
  );
}
