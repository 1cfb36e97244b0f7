import cliProgress from 'cli-progress';
import fs from 'node:fs';
import type { DvfSummary, FileIssue } from './dvf-import';
import { REJECTION_LABELS, type DvfRejection } from './dvf-rules';
import type { ImportProgress } from './import-common';
import type { RentsSummary } from './rents-import';

const n = (v: number) => v.toLocaleString('fr-FR');

/**
 * The operator's progress bar (file, bytes as the bar, lines, lines/s, eta) on a terminal; nothing when the output
 * is not a TTY (a cron job, a CI log).
 */
export function progressBar(stream: NodeJS.WriteStream = process.stderr): ImportProgress & { stop(): void } {
  if (!stream.isTTY) return { startFile() {}, bytes() {}, line() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: '{file} [{bar}] {percentage} % | {lines} lignes | {rate} lignes/s | reste {eta_formatted}',
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  let [lines, started, done, last] = [0, Date.now(), 0, 0];
  const payload = (file?: string) => ({
    ...(file ? { file } : {}),
    lines: n(lines),
    rate: n(Math.round(lines / Math.max(0.001, (Date.now() - started) / 1000))),
  });
  return {
    startFile(file) {
      if (done > 0) bar.stop();
      [lines, started, done] = [0, Date.now(), 0];
      bar.start(fs.statSync(file).size, 0, payload(file));
    },
    bytes(b) {
      done += b;
      bar.update(done, payload());
    },
    line() {
      lines += 1;
      // A redraw every 1,000 lines is enough; the bytes move the bar in between.
      if (lines - last >= 1000) {
        last = lines;
        bar.update(done, payload());
      }
    },
    stop() {
      bar.stop();
    },
  };
}

const issueLines = (issues: FileIssue[], total: number) => [
  ...issues.slice(0, 20).map((i) => `  ${i.file}, ligne ${i.line}, colonne ${i.column} : ${i.message}`),
  ...(total > 20 ? [`  … et ${n(total - 20)} autres`] : []),
];

/** The French summary of a DVF import. */
export function dvfReport(s: DvfSummary, seconds: number): string {
  const rejected = (Object.keys(s.rejected) as DvfRejection[])
    .filter((k) => s.rejected[k] > 0)
    .map((k) => `  ${n(s.rejected[k])} écartées : ${REJECTION_LABELS[k]}`);
  return [
    `Import DVF terminé en ${n(Math.round(seconds))} s : ${n(s.files)} fichier(s), ${n(s.lines)} lignes, ${n(s.mutations)} mutations.`,
    `${n(s.inserted + s.updated + s.unchanged)} ventes retenues : ${n(s.inserted)} ajoutées, ${n(s.updated)} mises à jour, ${n(s.unchanged)} inchangées ; ${n(s.removed)} retirées (période remplacée).`,
    ...rejected,
    ...(s.brokenLines > 0 ? [`${n(s.brokenLines)} lignes illisibles ignorées (leur mutation est écartée).`] : []),
    ...(s.issues.length > 0 ? ['Lignes signalées :', ...issueLines(s.issues, s.issues.length)] : []),
  ].join('\n');
}

/** The French summary of a carte des loyers import. */
export function rentsReport(s: RentsSummary, seconds: number): string {
  return [
    `Import de la carte des loyers terminé en ${n(Math.round(seconds))} s : ${s.file} (${s.type === 'apartment' ? 'appartements' : 'maisons'}, ${s.year}, ${s.encoding === 'latin1' ? 'ISO-8859-1' : 'UTF-8'}), ${n(s.lines)} lignes.`,
    `${n(s.kept)} communes retenues : ${n(s.inserted)} ajoutées, ${n(s.updated)} mises à jour, ${n(s.unchanged)} inchangées.`,
    ...(s.issues.length > 0
      ? [`${n(s.issues.length)} lignes ignorées :`, ...issueLines(s.issues, s.issues.length)]
      : []),
  ].join('\n');
}
