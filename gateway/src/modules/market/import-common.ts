import type { QueryRunner } from 'typeorm';

/** What an import tells its progress bar: a file started, bytes read from disk, a line read. */
export interface ImportProgress {
  startFile(file: string): void;
  bytes(n: number): void;
  line(): void;
}

/** Rows of a merge: new, changed, identical (nothing written). */
export interface MergeCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
}

/**
 * Merges a staging table into its table by key, in one statement: new rows inserted, changed rows updated, identical
 * rows untouched (a re-import writes nothing); of rows staged twice, the last staged wins.
 */
export async function mergeStaged(
  runner: QueryRunner,
  m: { table: string; staging: string; key: string[]; columns: string[] },
): Promise<Omit<MergeCounts, 'removed'>> {
  const q = (c: string) => `"${c}"`;
  const cols = m.columns.map(q).join(', ');
  const keys = m.key.map(q).join(', ');
  const values = m.columns.filter((c) => !m.key.includes(c));
  const [counts] = (await runner.query(
    `WITH src AS (SELECT DISTINCT ON (${keys}) ${cols} FROM ${m.staging} ORDER BY ${keys}, ctid DESC),
     up AS (
       INSERT INTO ${m.table} (${cols}) SELECT ${cols} FROM src
       ON CONFLICT (${keys}) DO UPDATE SET ${values.map((c) => `${q(c)} = EXCLUDED.${q(c)}`).join(', ')}
       WHERE (${values.map((c) => `${m.table}.${q(c)}`).join(', ')}) IS DISTINCT FROM (${values.map((c) => `EXCLUDED.${q(c)}`).join(', ')})
       RETURNING (xmax = 0) AS inserted)
     SELECT (SELECT count(*)::int FROM up WHERE inserted) AS inserted,
            (SELECT count(*)::int FROM up WHERE NOT inserted) AS updated,
            (SELECT count(*)::int FROM src) AS total`,
  )) as { inserted: number; updated: number; total: number }[];
  return {
    inserted: counts.inserted,
    updated: counts.updated,
    unchanged: counts.total - counts.inserted - counts.updated,
  };
}
