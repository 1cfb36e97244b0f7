import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DataSource, QueryRunner } from 'typeorm';

/** A column of a bulk load: its name and the PostgreSQL type of its array (unnest). */
export interface BulkColumn {
  name: string;
  type: 'text' | 'numeric' | 'integer' | 'date' | 'boolean';
}

/** Rows a statement: the batched INSERT … unnest of the embedded database. */
export const BULK_BATCH = 5000;

/**
 * Whether the database is the embedded PGlite: COPY breaks its socket protocol, so loads there go through batched
 * `INSERT … SELECT FROM unnest(…)` (as fast on it); the real PostgreSQL gets COPY.
 */
export async function usesCopy(runner: QueryRunner): Promise<boolean> {
  const [{ version }] = (await runner.query('SELECT version() AS version')) as { version: string }[];
  return !version.includes('PGlite');
}

/**
 * An import's one transaction on its own connection (what COPY needs): `work` gets the runner and whether COPY is
 * usable; committed when it returns, rolled back when it throws (nothing written), the connection released either way.
 */
export async function inImportTransaction<T>(
  db: DataSource,
  work: (runner: QueryRunner, copy: boolean) => Promise<T>,
): Promise<T> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    const copy = await usesCopy(runner);
    await runner.startTransaction();
    const result = await work(runner, copy);
    await runner.commitTransaction();
    return result;
  } catch (e) {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    throw e;
  } finally {
    await runner.release();
  }
}

/** A value in COPY's text format. */
function copyField(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  return String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/**
 * Loads rows (values in `columns` order) into `table` on the runner's connection (its transaction): COPY FROM STDIN
 * where the database is real, batched unnest otherwise. The one bulk load of the market imports.
 */
export async function bulkLoad(
  runner: QueryRunner,
  table: string,
  columns: BulkColumn[],
  rows: unknown[][],
  copy: boolean,
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  if (copy) {
    const client = (runner as unknown as { databaseConnection: PoolClient }).databaseConnection;
    const sink = client.query(copyFrom(`COPY ${table} (${names}) FROM STDIN`));
    const text = function* () {
      for (const r of rows) yield `${r.map(copyField).join('\t')}\n`;
    };
    await pipeline(Readable.from(text()), sink);
    return;
  }
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  for (let at = 0; at < rows.length; at += BULK_BATCH) {
    const batch = rows.slice(at, at + BULK_BATCH);
    await runner.query(
      `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays})`,
      columns.map((_, i) => batch.map((r) => (r[i] === undefined ? null : r[i]))),
    );
  }
}
