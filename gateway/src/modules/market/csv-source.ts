import fs from 'node:fs';
import zlib from 'node:zlib';
import { parse, type CsvError } from 'csv-parse';
import iconv from 'iconv-lite';
import { MarketImportError } from './market-import-error';

/** How a market file is written. */
export interface CsvLayout {
  delimiter: string;
  encoding: 'utf8' | 'latin1';
}

/** A file's bytes, gunzipped when it is gzip (by its magic bytes, whatever its name). */
function openBytes(file: string, counted?: (bytes: number) => void): NodeJS.ReadableStream {
  let raw: fs.ReadStream;
  try {
    fs.accessSync(file, fs.constants.R_OK);
    raw = fs.createReadStream(file);
  } catch {
    throw new MarketImportError(`Fichier ${file} : introuvable ou illisible`);
  }
  if (counted) raw.on('data', (chunk) => counted(chunk.length));
  const fd = fs.openSync(file, 'r');
  const magic = Buffer.alloc(2);
  fs.readSync(fd, magic, 0, 2, 0);
  fs.closeSync(fd);
  if (magic[0] !== 0x1f || magic[1] !== 0x8b) return raw;
  const gunzip = zlib.createGunzip();
  raw.on('error', (e) => gunzip.destroy(e));
  return raw.pipe(gunzip);
}

/** UTF-8 unless the first 64 KiB are not valid UTF-8 (then ISO-8859-1, the carte des loyers' other encoding). */
export async function detectEncoding(file: string): Promise<'utf8' | 'latin1'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of openBytes(file) as AsyncIterable<Buffer>) {
    chunks.push(c);
    size += c.length;
    if (size >= 65536) break;
  }
  let head = Buffer.concat(chunks).subarray(0, 65536);
  // A character cut by the 64 KiB boundary is not an error: stop at the last line break.
  const nl = head.lastIndexOf(0x0a);
  if (size >= 65536 && nl > 0) head = head.subarray(0, nl);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head);
    return 'utf8';
  } catch {
    return 'latin1';
  }
}

/** One record of a file: its fields and the number of its line in the file (the header is line 1). */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/** A line csv-parse could not read (a quote left open…): its number and why. */
export interface CsvSkip {
  line: number;
  message: string;
}

/**
 * Streams a file's records, the header first, decoded and parsed: gzip, encoding, separator. A line
 * csv-parse cannot read is given to `onSkip` and the stream goes on. `counted` gets the bytes read from disk.
 */
export function readCsv(
  file: string,
  layout: CsvLayout,
  opts: { onSkip?: (s: CsvSkip) => void; counted?: (bytes: number) => void } = {},
): AsyncIterable<CsvRecord> {
  const parser = parse({
    delimiter: layout.delimiter,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
    on_skip: (err: CsvError | undefined) => {
      opts.onSkip?.({ line: Number(err?.lines ?? 0), message: `ligne illisible (${err?.code ?? 'CSV'})` });
      return undefined;
    },
  });
  const bytes = openBytes(file, opts.counted);
  const decode = iconv.decodeStream(layout.encoding);
  bytes.on('error', (e) => parser.destroy(e));
  bytes.pipe(decode).pipe(parser);
  return (async function* () {
    for await (const r of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { fields: r.record, line: r.info.lines };
    }
  })();
}

/** The header of a file (its first record), or a French error naming the file. */
export async function readHeader(file: string, layout: CsvLayout): Promise<string[]> {
  for await (const r of readCsv(file, layout)) return r.fields.map((f) => f.trim());
  throw new MarketImportError(`Fichier ${file} : vide (aucun en-tête)`);
}

/** The index of each needed column in a header, or a French error naming the file and the first missing column. */
export function columnIndex<C extends string>(file: string, header: string[], needed: readonly C[]): Record<C, number> {
  const at = {} as Record<C, number>;
  for (const c of needed) {
    const i = header.indexOf(c);
    if (i < 0) {
      const hint = header.length === 1 ? ' (mauvais séparateur ?)' : '';
      throw new MarketImportError(`Fichier ${file} : colonne « ${c} » absente de l'en-tête${hint}`);
    }
    at[c] = i;
  }
  return at;
}
