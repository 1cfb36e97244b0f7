import type { DataSource, QueryRunner } from 'typeorm';
import { bulkLoad, inImportTransaction, type BulkColumn } from './bulk-load';
import { columnIndex, readCsv, readHeader, type CsvLayout } from './csv-source';
import {
  decideSale,
  DVF_COLUMNS,
  parseDvfLine,
  type DvfLine,
  type DvfRejection,
  type DvfSale,
  type LineIssue,
} from './dvf-rules';
import { mergeStaged, type ImportProgress, type MergeCounts } from './import-common';

/** Etalab's « DVF géolocalisées »: comma-separated, UTF-8. */
const DVF_LAYOUT: CsvLayout = { delimiter: ',', encoding: 'utf8' };
/** The first lot's number, when the file has it (the layout spells it lot1_numero; an older README lot_1_numero). */
const LOT_COLUMNS = ['lot1_numero', 'lot_1_numero'];
/** Sales held before a bulk load. */
const FLUSH_EVERY = 5000;

const COLUMNS: BulkColumn[] = [
  { name: 'id_mutation', type: 'text' },
  { name: 'date_mutation', type: 'date' },
  { name: 'type', type: 'text' },
  { name: 'off_plan', type: 'boolean' },
  { name: 'rooms', type: 'integer' },
  { name: 'surface', type: 'numeric' },
  { name: 'price', type: 'numeric' },
  { name: 'price_per_m2', type: 'numeric' },
  { name: 'street', type: 'text' },
  { name: 'postal_code', type: 'text' },
  { name: 'code_commune', type: 'text' },
  { name: 'commune', type: 'text' },
  { name: 'code_departement', type: 'text' },
  { name: 'latitude', type: 'numeric' },
  { name: 'longitude', type: 'numeric' },
];
const row = (s: DvfSale) => [
  s.idMutation,
  s.date,
  s.type,
  s.offPlan,
  s.rooms,
  s.surface,
  s.price,
  s.pricePerM2,
  s.street,
  s.postalCode,
  s.codeCommune,
  s.commune,
  s.codeDepartement,
  s.latitude,
  s.longitude,
];

/** A skipped line, with its file. */
export type FileIssue = LineIssue & { file: string };

/** What an import of DVF files did. */
export interface DvfSummary extends MergeCounts {
  files: number;
  lines: number;
  mutations: number;
  kept: number;
  rejected: Record<DvfRejection, number>;
  /** Lines that could not be read (their mutation is left out), and sales with an implausible price, in order. */
  issues: FileIssue[];
  brokenLines: number;
}

/** At most this many issues are kept in the summary (all are counted). */
const MAX_ISSUES = 1000;

/**
 * Imports DVF géolocalisées files (plain or gzip) in one transaction: every header is checked before anything is
 * written; each mutation (its consecutive lines) goes through decideSale; the kept sales are bulk-loaded into a
 * staging table, then merged by id_mutation (re-importing the same file changes nothing), and the stored sales of
 * each département within the days the files cover, absent from them, are removed (a new period replaces the old).
 */
export async function importDvf(db: DataSource, files: string[], progress?: ImportProgress): Promise<DvfSummary> {
  const layouts: { file: string; at: ReturnType<typeof columnIndex>; lot: number[] }[] = [];
  for (const file of files) {
    const header = await readHeader(file, DVF_LAYOUT);
    layouts.push({ file, at: columnIndex(file, header, DVF_COLUMNS), lot: LOT_COLUMNS.map((c) => header.indexOf(c)) });
  }
  const summary: DvfSummary = {
    files: files.length,
    lines: 0,
    mutations: 0,
    kept: 0,
    rejected: { nature: 0, dwellings: 0, coordinates: 0, surface: 0, band: 0 },
    issues: [],
    brokenLines: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    removed: 0,
  };
  const issue = (i: FileIssue) => {
    if (summary.issues.length < MAX_ISSUES) summary.issues.push(i);
  };
  // The days each département's files cover (every line read, kept or not).
  const periods = new Map<string, { from: string; to: string }>();
  await inImportTransaction(db, async (runner, copy) => {
    await runner.query(`CREATE TEMP TABLE market_sales_staging (LIKE market_sales INCLUDING DEFAULTS) ON COMMIT DROP`);
    let pending: unknown[][] = [];
    const flush = async () => {
      await bulkLoad(runner, 'market_sales_staging', COLUMNS, pending, copy);
      pending = [];
    };
    for (const { file, at, lot } of layouts) {
      progress?.startFile(file);
      // The mutation being read: its lines are consecutive in Etalab's files.
      let id: string | null = null;
      let group: DvfLine[] = [];
      let broken = false;
      const close = () => {
        if (id === null) return;
        summary.mutations += 1;
        // The mutation of a broken line is left out: its other lines alone could misstate it.
        if (!broken && group.length > 0) {
          const decided = decideSale(group);
          if ('sale' in decided) {
            summary.kept += 1;
            pending.push(row(decided.sale));
          } else {
            summary.rejected[decided.rejected] += 1;
            if (decided.issue) issue({ file, ...decided.issue });
          }
        }
        [id, group, broken] = [null, [], false];
      };
      const lotAt = lot.find((i) => i >= 0);
      let first = true;
      const records = readCsv(file, DVF_LAYOUT, {
        counted: (b) => progress?.bytes(b),
        onSkip: (s) => {
          summary.brokenLines += 1;
          issue({ file, line: s.line, column: '—', message: s.message });
        },
      });
      for await (const { fields, line } of records) {
        if (first) {
          first = false;
          continue;
        }
        summary.lines += 1;
        progress?.line();
        const parsed = parseDvfLine((c) => fields[at[c]] ?? '', line, lotAt === undefined ? '' : fields[lotAt]);
        const lineId = 'message' in parsed ? (fields[at.id_mutation] ?? '').trim() : parsed.idMutation;
        if (lineId !== id) {
          close();
          if (pending.length >= FLUSH_EVERY) await flush();
          id = lineId;
        }
        if ('message' in parsed) {
          summary.brokenLines += 1;
          issue({ file, ...parsed });
          broken = true;
          continue;
        }
        const known = periods.get(parsed.codeDepartement);
        if (!known) periods.set(parsed.codeDepartement, { from: parsed.date, to: parsed.date });
        else {
          if (parsed.date < known.from) known.from = parsed.date;
          if (parsed.date > known.to) known.to = parsed.date;
        }
        group.push(parsed);
      }
      close();
    }
    await flush();
    Object.assign(summary, await mergeSales(runner, periods));
  });
  return summary;
}

/** Merges the staged sales (the last line of a mutation wins) and removes the replaced ones of each period. */
async function mergeSales(runner: QueryRunner, periods: Map<string, { from: string; to: string }>) {
  const counts = await mergeStaged(runner, {
    table: 'market_sales',
    staging: 'market_sales_staging',
    key: ['id_mutation'],
    columns: COLUMNS.map((c) => c.name),
  });
  const deps = [...periods.keys()];
  const [{ removed }] = (await runner.query(
    `WITH gone AS (
       DELETE FROM market_sales s
       USING unnest($1::text[], $2::date[], $3::date[]) AS p(dep, d_from, d_to)
       WHERE s.code_departement = p.dep AND s.date_mutation BETWEEN p.d_from AND p.d_to
         AND NOT EXISTS (SELECT 1 FROM market_sales_staging st WHERE st.id_mutation = s.id_mutation)
       RETURNING 1)
     SELECT count(*)::int AS removed FROM gone`,
    [deps, deps.map((d) => periods.get(d)!.from), deps.map((d) => periods.get(d)!.to)],
  )) as { removed: number }[];
  return { ...counts, removed };
}
