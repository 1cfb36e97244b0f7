import { FEED_IMPORT_STATUS_LABELS, FEED_MSG } from '@flaneur/schema';
import type { FeedImport, FeedImportLine } from './feed-import.entity';
import type { FeedSource } from './feed-source.entity';

/** The REST shape of an import: status (and its French label), counts, and the report when given. */
export function feedImportJson(row: FeedImport, report?: FeedImportLine[]) {
  return {
    id: row.id,
    status: row.status,
    statusLabel: FEED_IMPORT_STATUS_LABELS[row.status],
    lines: row.lines,
    counts: {
      created: row.created,
      updated: row.updated,
      unchanged: row.unchanged,
      withdrawn: row.withdrawn,
      refused: row.refused,
      drafts: row.drafts,
    },
    error: row.error,
    origin: row.origin,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    ...(report
      ? { report: report.map((l) => ({ line: l.line, reference: l.reference, field: l.field, message: l.message })) }
      : {}),
  };
}

const cell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The report as CSV for a spreadsheet: UTF-8 with BOM, « ; » separated, French headers. */
export function feedReportCsv(report: FeedImportLine[]): string {
  const head = [FEED_MSG.reportLine, FEED_MSG.reportReference, FEED_MSG.reportField, FEED_MSG.reportReason];
  const rows = report.map((l) => [l.line, l.reference, l.field, l.message].map(cell).join(';'));
  return '\uFEFF' + [head.join(';'), ...rows].join('\r\n') + '\r\n';
}

/** The REST shape of the registered feed address. */
export function feedSourceJson(row: FeedSource) {
  return { url: row.url, nextFetchAt: row.nextFetchAt, lastFetchAt: row.lastFetchAt, lastError: row.lastError };
}
