import path from 'node:path';
import { MARKET_TYPES, type MarketType } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { bulkLoad, inImportTransaction, type BulkColumn } from './bulk-load';
import { columnIndex, detectEncoding, readCsv, readHeader, type CsvLayout } from './csv-source';
import type { FileIssue } from './dvf-import';
import { mergeStaged, type ImportProgress, type MergeCounts } from './import-common';
import { MarketImportError } from './market-import-error';

/** The columns of ANIL's carte des loyers an import needs (nbobs_com is read when present). */
export const RENT_COLUMNS = ['INSEE_C', 'LIBGEO', 'loypredm2', 'lwr.IPm2', 'upr.IPm2'] as const;
/** A predicted rent per m² (monthly, charges included) outside this band is a broken line. */
const RENT_BAND = { min: 1, max: 100 };

const COLUMNS: BulkColumn[] = [
  { name: 'code_commune', type: 'text' },
  { name: 'type', type: 'text' },
  { name: 'year', type: 'integer' },
  { name: 'commune', type: 'text' },
  { name: 'predicted', type: 'numeric' },
  { name: 'lower', type: 'numeric' },
  { name: 'upper', type: 'numeric' },
  { name: 'observations', type: 'integer' },
];

/** What an import of the carte des loyers did. */
export interface RentsSummary extends MergeCounts {
  file: string;
  type: MarketType;
  year: number;
  encoding: 'utf8' | 'latin1';
  lines: number;
  kept: number;
  issues: FileIssue[];
}

/**
 * The type and year of a file: given, or read from ANIL's file name (« pred-app-… » flats, « pred-mai-… » houses,
 * a year such as 2023 in the name); a French error when neither tells.
 */
export function rentsFileFacts(file: string, given: { type?: string; year?: string }) {
  const name = path.basename(file).toLowerCase();
  const typeWord = given.type?.toLowerCase();
  const type: MarketType | undefined =
    typeWord === 'appartement' || typeWord === 'apartment'
      ? 'apartment'
      : typeWord === 'maison' || typeWord === 'house'
        ? 'house'
        : typeWord
          ? undefined
          : /(^|[^a-z])app/.test(name)
            ? 'apartment'
            : /(^|[^a-z])mai/.test(name)
              ? 'house'
              : undefined;
  if (!type || !MARKET_TYPES.includes(type))
    throw new MarketImportError(
      `Fichier ${file} : type de bien inconnu (donnez --type appartement ou --type maison, ou un nom « pred-app-… » / « pred-mai-… »)`,
    );
  const yearText = given.year ?? name.match(/(?:^|\D)(20\d{2})(?:\D|$)/)?.[1];
  const year = Number(yearText);
  if (!yearText || !Number.isInteger(year) || year < 2000 || year > 2100)
    throw new MarketImportError(`Fichier ${file} : année inconnue (donnez --annee AAAA ou une année dans le nom)`);
  return { type, year };
}

/** A French decimal (comma) or a dotted one; null when empty, undefined when not a number. */
function decimal(raw: string | undefined): number | null | undefined {
  const s = (raw ?? '').trim().replace(/\s/g, '').replace(',', '.');
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Imports one carte des loyers file (semicolon-separated, decimal comma, ISO-8859-1 or UTF-8) for its type and
 * year: the header is checked before anything is written; a line that cannot be read is skipped with its column;
 * the rows are merged by (commune, type, year), so a re-import changes nothing.
 */
export async function importRents(
  db: DataSource,
  file: string,
  given: { type?: string; year?: string } = {},
  progress?: ImportProgress,
): Promise<RentsSummary> {
  const { type, year } = rentsFileFacts(file, given);
  const encoding = await detectEncoding(file);
  const layout: CsvLayout = { delimiter: ';', encoding };
  const header = await readHeader(file, layout);
  const at = columnIndex(file, header, RENT_COLUMNS);
  const obsAt = header.indexOf('nbobs_com');
  const summary: RentsSummary = {
    file,
    type,
    year,
    encoding,
    lines: 0,
    kept: 0,
    issues: [],
    inserted: 0,
    updated: 0,
    unchanged: 0,
    removed: 0,
  };
  const rows: unknown[][] = [];
  let first = true;
  progress?.startFile(file);
  const records = readCsv(file, layout, {
    counted: (b) => progress?.bytes(b),
    onSkip: (s) => summary.issues.push({ file, line: s.line, column: '—', message: s.message }),
  });
  for await (const { fields, line } of records) {
    if (first) {
      first = false;
      continue;
    }
    summary.lines += 1;
    progress?.line();
    const bad = (column: string, message: string) => summary.issues.push({ file, line, column, message });
    const code = (fields[at.INSEE_C] ?? '').trim().padStart(5, '0');
    if (!/^[0-9][0-9AB][0-9]{3}$/.test(code)) {
      bad('INSEE_C', `code commune « ${fields[at.INSEE_C]} » illisible`);
      continue;
    }
    const [predicted, lower, upper] = [at['loypredm2'], at['lwr.IPm2'], at['upr.IPm2']].map((i) => decimal(fields[i]));
    const names = ['loypredm2', 'lwr.IPm2', 'upr.IPm2'];
    const wrong = [predicted, lower, upper].findIndex(
      (v) => v === null || v === undefined || v < RENT_BAND.min || v > RENT_BAND.max,
    );
    if (wrong >= 0) {
      bad(
        names[wrong],
        `loyer au m² « ${fields[[at['loypredm2'], at['lwr.IPm2'], at['upr.IPm2']][wrong]]} » illisible ou hors plage`,
      );
      continue;
    }
    if (lower! > predicted! || predicted! > upper!) {
      bad('lwr.IPm2', 'bornes incohérentes (la borne basse doit être sous la prédiction, la haute au-dessus)');
      continue;
    }
    const obs = obsAt >= 0 ? decimal(fields[obsAt]) : null;
    rows.push([
      code,
      type,
      year,
      (fields[at.LIBGEO] ?? '').trim().slice(0, 100),
      predicted,
      lower,
      upper,
      obs === undefined || obs === null ? null : Math.round(obs),
    ]);
    summary.kept += 1;
  }
  await inImportTransaction(db, async (runner, copy) => {
    await runner.query(`CREATE TEMP TABLE market_rents_staging (LIKE market_rents) ON COMMIT DROP`);
    await bulkLoad(runner, 'market_rents_staging', COLUMNS, rows, copy);
    Object.assign(
      summary,
      await mergeStaged(runner, {
        table: 'market_rents',
        staging: 'market_rents_staging',
        key: ['code_commune', 'type', 'year'],
        columns: COLUMNS.map((c) => c.name),
      }),
    );
  });
  return summary;
}
