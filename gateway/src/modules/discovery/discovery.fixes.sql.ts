import type { Queryable } from '../../db/prepared';
import { sqlParams } from '../../db/sql-params';
import { indent, type Statement } from './discovery.match';

/*
 * The statements that write position fixes (user_locations, whose triggers keep the walks), and the reads of the keys
 * already stored.
 */

/** The placeholders of a stored fix: the user and the numeric columns as stored (storedColumns), the time, the key. */
export interface FixParams {
  user: string;
  latitude: string;
  longitude: string;
  accuracy: string;
  timestamp: string;
  clientId: string;
}

/**
 * The one INSERT of position fixes: `rows` is a VALUES list or a query of (user_id, latitude, longitude, accuracy,
 * timestamp, client_id). A fix whose key and time the user already stored is skipped (the day tables' unique index
 * holds the time): only the new rows are answered.
 */
const insertFixesSql = (
  rows: string,
) => `INSERT INTO user_locations (user_id, latitude, longitude, accuracy, "timestamp", client_id)
${rows}
ON CONFLICT (user_id, client_id, "timestamp") WHERE client_id IS NOT NULL DO NOTHING
RETURNING id, user_id, client_id`;

/** The INSERT of one position fix (answers no row when its key was already stored at that time). */
export const insertFixSql = (v: FixParams) =>
  insertFixesSql(`VALUES (${v.user}, ${v.latitude}::numeric, ${v.longitude}::numeric, ${v.accuracy}::numeric,
  ${v.timestamp}::timestamptz, ${v.clientId}::uuid)`);

/** The commit of a report does not wait for the WAL flush (see passStatement). */
export const ASYNC_COMMIT = `set_config('synchronous_commit', 'off', true) AS commit_mode`;

/** A position fix to store (storedColumns gives its numeric columns). */
export interface StoredFix {
  userId: number;
  latitude: number;
  longitude: number;
  accuracy: number;
  timestamp: Date | string;
  /** The device's key for the fix: a fix is stored once per user and key. */
  clientId?: string | null;
}

/** The fix's numeric columns as stored (and answered): coordinates at 7 decimals, accuracy at 2. */
export const storedColumns = (fix: Pick<StoredFix, 'latitude' | 'longitude' | 'accuracy'>) => ({
  latitude: fix.latitude.toFixed(7),
  longitude: fix.longitude.toFixed(7),
  accuracy: fix.accuracy.toFixed(2),
});

/** A fix stored without a pass (too imprecise to match), committed like a pass. */
export function storeFixStatement(fix: StoredFix): Statement {
  const { p, values } = sqlParams();
  const columns = storedColumns(fix);
  const insert = insertFixSql({
    user: p(fix.userId),
    latitude: p(columns.latitude),
    longitude: p(columns.longitude),
    accuracy: p(columns.accuracy),
    timestamp: p(fix.timestamp),
    clientId: p(fix.clientId ?? null),
  });
  const text = `WITH fix AS (
  ${indent(insert, '  ')}
)
SELECT (SELECT id FROM fix) AS location_id, ${ASYNC_COMMIT}`;
  return { text, values };
}

/**
 * Stores fixes that take no pass, in one statement (a fix whose key the user already stored is skipped); answers
 * the keys stored. Meant for a transaction, which sets its own commit mode.
 */
export async function storeFixes(
  db: Queryable,
  userId: number,
  fixes: (Omit<StoredFix, 'userId' | 'timestamp'> & { timestamp: Date })[],
): Promise<(string | null)[]> {
  if (!fixes.length) return [];
  const { p, values } = sqlParams();
  const columns = fixes.map(storedColumns);
  const user = p(userId);
  const text = insertFixesSql(`SELECT ${user}::int, * FROM unnest(${p(columns.map((c) => c.latitude))}::numeric[],
  ${p(columns.map((c) => c.longitude))}::numeric[], ${p(columns.map((c) => c.accuracy))}::numeric[],
  ${p(fixes.map((f) => f.timestamp))}::timestamptz[], ${p(fixes.map((f) => f.clientId ?? null))}::uuid[])`);
  const rows: { client_id: string | null }[] = await db.query(text, values);
  return rows.map((r) => r.client_id);
}

/** How far from a fix's time its key is looked for among the stored fixes (a fix sent again keeps its time). */
const KEY_TIME_SLACK = `interval '1 day'`;

/**
 * The keys among `fixes` (in time order) the user already stored, at their time or up to KEY_TIME_SLACK from the
 * batch's span (a fix first sent live without its time got the server's): the day tables of that span only.
 */
export async function storedClientIds(
  db: Queryable,
  userId: number,
  fixes: { clientId: string; timestamp: Date }[],
): Promise<Set<string>> {
  if (!fixes.length) return new Set();
  const { p, values } = sqlParams();
  const rows: { client_id: string }[] = await db.query(
    `SELECT client_id FROM user_locations WHERE user_id = ${p(userId)}
       AND client_id = ANY(${p(fixes.map((f) => f.clientId))}::uuid[])
       AND "timestamp" BETWEEN ${p(fixes[0].timestamp)}::timestamptz - ${KEY_TIME_SLACK}
         AND ${p(fixes[fixes.length - 1].timestamp)}::timestamptz + ${KEY_TIME_SLACK}`,
    values,
  );
  return new Set(rows.map((r) => r.client_id));
}

/**
 * Makes the surrounding transaction's commit wait for the WAL flush again (the pass statements turn it off): a
 * batch is one commit for up to hundreds of fixes the device deletes once answered.
 */
export async function durableCommit(db: Queryable): Promise<void> {
  await db.query(`SET LOCAL synchronous_commit TO DEFAULT`);
}
