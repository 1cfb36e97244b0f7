import type { HistorySource } from '@flaneur/schema';
import type { Queryable } from '../../db/prepared';
import { sqlParams } from '../../db/sql-params';
import { jobInsertSql } from '../../outbox/outbox';
import { DISCOVERY_JOB } from './discovery-job';
import { indent } from './discovery.match';

/*
 * The statements that write discoveries (history_entries, also written by panels) and the passing-alert job that
 * commits with them.
 */

/**
 * The one INSERT of discoveries into history_entries: not viewed, discovered at `at` (now when null) at the given
 * position, one per property id of `from` (a query of `id`s, in id order so concurrent passes lock in the same
 * order); a listing already in the user's history is left as is. Answers each new entry's id and property id.
 */
export const insertDiscoveriesSql = (
  v: { user: string; latitude: string; longitude: string; at: string; source?: string },
  from: string,
) =>
  `INSERT INTO history_entries (user_id, property_id, latitude, longitude, is_viewed, viewed_at${v.source ? ', source' : ''})
SELECT ${v.user}, id, ${v.latitude}, ${v.longitude}, false, coalesce(${v.at}::timestamptz, now())${v.source ? `, ${v.source}::history_source` : ''} FROM ${from}
ON CONFLICT (user_id, property_id) DO NOTHING
RETURNING id, property_id`;

/** Where a discovery alert goes: this instance's outbox queue and the fix time it reports. */
export interface AlertTarget {
  queue: string;
  fixAt: Date;
}

/**
 * The INSERT of one DISCOVERY_JOB into the outbox, as a data-modifying CTE: its items are the rows of `from`
 * (`property_id`, `km`), nearest first; no row when `from` is empty. The job commits with the discoveries or not at
 * all.
 */
export const alertJobSql = (v: { queue: string; user: string; fixAt: string }, from: string) =>
  jobInsertSql(
    DISCOVERY_JOB,
    {
      queue: v.queue,
      payload: `jsonb_build_object('userId', ${v.user}::int, 'fixAt', ${v.fixAt}::text,
  'items', jsonb_agg(jsonb_build_object('propertyId', d.property_id, 'distanceM', round((d.km * 1000)::numeric)::int)
    ORDER BY d.km, d.property_id))`,
    },
    `FROM ${from} d
HAVING count(*) > 0`,
  );

/**
 * Inserts the listings as discoveries of the user (one statement, by property id; repeats are no-ops) and answers
 * the new entries, `{ id, property_id }`, in no particular order. With `alert`, the new entries also enqueue one
 * DISCOVERY_JOB in the same statement, `kms` giving each listing's distance (same order as `propertyIds`).
 * The entries' source is `at.source`, a walk when not given.
 */
export async function insertDiscoveries(
  db: Queryable,
  userId: number,
  propertyIds: number[],
  at: { latitude: string | null; longitude: string | null; discoveredAt?: Date | null; source?: HistorySource },
  alert: (AlertTarget & { kms: number[] }) | null = null,
): Promise<{ id: number; property_id: number }[]> {
  const { p, values } = sqlParams();
  const user = p(userId);
  const ids = p(propertyIds);
  const insert = insertDiscoveriesSql(
    {
      user,
      latitude: p(at.latitude),
      longitude: p(at.longitude),
      at: p(at.discoveredAt ?? null),
      ...(at.source ? { source: p(at.source) } : {}),
    },
    `unnest(${ids}::int[]) AS id ORDER BY id`,
  );
  if (!alert) return db.query(insert, values);
  const job = alertJobSql(
    { queue: p(alert.queue), user, fixAt: p(alert.fixAt.toISOString()) },
    `(SELECT i.property_id, n.km FROM ins i JOIN unnest(${ids}::int[], ${p(alert.kms)}::float8[]) AS n(id, km) ON n.id = i.property_id)`,
  );
  const text = `WITH ins AS (
  ${indent(insert, '  ')}
), alert AS (
  ${indent(job, '  ')}
)
SELECT id, property_id, (SELECT count(*) FROM alert)::int AS alerted FROM ins`;
  return db.query(text, values);
}
