import type { Readable } from 'node:stream';
import { FEED_LIMITS, FEED_MSG, feedText } from '@flaneur/schema';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { FeedArchiveError } from './poliris-zip';

/** The encodings a feed is read in: UTF-8 when the bytes are valid UTF-8, else Windows-1252 (ISO-8859-1's superset). */
export type FeedEncoding = 'utf8' | 'win1252';

/** One line of Annonces.csv: its number in the file (of its last physical line) and its fields. */
export interface PolirisRecord {
  line: number;
  fields: string[];
}

/**
 * Reads the whole file once, as a stream, to choose its encoding: valid UTF-8 is UTF-8, anything else is read as
 * ISO-8859-1 / Windows-1252. A NUL byte (UTF-16, a binary file) is a wrong encoding: FeedArchiveError.
 */
export async function detectEncoding(stream: Readable): Promise<FeedEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let utf8 = true;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    if (bytes.includes(0)) {
      stream.destroy();
      throw new FeedArchiveError(FEED_MSG.badEncoding);
    }
    if (utf8) {
      try {
        decoder.decode(bytes, { stream: true });
      } catch {
        utf8 = false;
      }
    }
  }
  if (utf8) {
    try {
      decoder.decode();
    } catch {
      utf8 = false;
    }
  }
  return utf8 ? 'utf8' : 'win1252';
}

/**
 * The lines of Annonces.csv, streamed: fields quoted with " and separated by !# (a !# inside quotes is text), any
 * number of fields per line (the caller checks the count), a line over FEED_LIMITS.lineMaxBytes or unbalanced quotes
 * fail the read with a French FeedArchiveError naming the line.
 */
export async function* readPolirisRecords(stream: Readable, encoding: FeedEncoding): AsyncGenerator<PolirisRecord> {
  const parser = stream.pipe(iconv.decodeStream(encoding)).pipe(
    parse({
      delimiter: '!#',
      quote: '"',
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: FEED_LIMITS.lineMaxBytes,
      info: true,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { line: info.lines, fields: record };
    }
  } catch (err) {
    if (err instanceof FeedArchiveError) throw err;
    const reason = (err as { code?: string; lines?: number }).lines
      ? `ligne ${(err as { lines: number }).lines} mal formée (guillemets ou séparateurs)`
      : 'fichier mal formé';
    throw new FeedArchiveError(feedText(FEED_MSG.csvUnreadable, { reason }));
  }
}
