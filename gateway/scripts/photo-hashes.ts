/**
 * Operator command: computes the perceptual hash of every stored listing photo that has none (photos stored before
 * the pipeline computed it), then queues the comparison of the listings concerned (photos_autre_compte).
 *   npm run photos:hash
 * On DATABASE_URL, or on the embedded database of DATA_DIR (the gateway stopped: it holds it while running); the
 * photos are read from the configured storage (S3_* or DATA_DIR/uploads). Exit 1 only on a fatal error (database
 * unreachable); a missing or unreadable file is counted and named in the summary.
 */
import 'reflect-metadata';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { loadConfig } from '../src/config';
import { createDataSource } from '../src/db/data-source';
import { startEmbeddedDatabase } from '../src/db/embedded';
import { createLogger } from '../src/lib/logger';
import {
  hashMissingPhotos,
  photoHashReport,
  type PhotoHashProgress,
} from '../src/modules/moderation/photo-hashes-backfill';
import { createStorage } from '../src/storage/create-storage';

const n = (v: number) => v.toLocaleString('fr-FR');

/** A bar over the listings' photos on a terminal; nothing when the output is not a TTY (a cron job, a CI log). */
function progressBar(stream: NodeJS.WriteStream = process.stderr): PhotoHashProgress & { stop(): void } {
  if (!stream.isTTY) return { start() {}, advance() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: 'Photos [{bar}] {percentage} % | {value}/{total} | {computed} empreintes | reste {eta_formatted}',
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  let done = 0;
  return {
    start: (total) => bar.start(total, 0, { computed: '0' }),
    advance(count, summary) {
      done += count;
      bar.update(done, { computed: n(summary.computed) });
    },
    stop: () => bar.stop(),
  };
}

async function main(): Promise<number> {
  const cwd = process.env.INIT_CWD ?? process.cwd();
  // Only the database, the storage and the outbox queue are read: the server's own secrets (required to serve in
  // production) are not asked for. DATA_DIR is read from where npm was run, as the gateway's start does.
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: path.resolve(cwd, process.env.DATA_DIR ?? './var'),
  });
  const logger = createLogger('warn');
  const embedded = config.databaseUrl ? undefined : await startEmbeddedDatabase(path.join(config.dataDir, 'db'));
  const db = createDataSource({ url: config.databaseUrl ?? embedded!.url, poolSize: 1 });
  const storage = createStorage(config, logger);
  const bar = progressBar();
  try {
    try {
      await db.initialize();
    } catch (err) {
      console.error(`Base de données injoignable : ${(err as Error).message}`);
      return 1;
    }
    const started = Date.now();
    const summary = await hashMissingPhotos({ db, storage, outbox: { queue: config.outboxQueue } }, { progress: bar });
    bar.stop();
    console.log(photoHashReport(summary));
    console.log(`Terminé en ${n(Math.round((Date.now() - started) / 1000))} s.`);
    return 0;
  } finally {
    bar.stop();
    storage.close();
    if (db.isInitialized) await db.destroy();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`Empreintes des photos interrompues : ${(err as Error).message}`);
    process.exit(1);
  },
);
