/**
 * Operator imports of the market data (no web upload):
 *   dvf FILE…                                   DVF géolocalisées CSV files, plain or .gz
 *   rents FILE [--type appartement|maison] [--annee AAAA]   a carte des loyers file
 * On DATABASE_URL, or on the embedded database of DATA_DIR (the gateway stopped: it holds it while running).
 * Paths are read from where npm was run. Exit 1 with a French message when a file cannot be imported.
 */
import 'reflect-metadata';
import path from 'node:path';
import { createDataSource } from '../src/db/data-source';
import { startEmbeddedDatabase } from '../src/db/embedded';
import { importDvf } from '../src/modules/market/dvf-import';
import { dvfReport, progressBar, rentsReport } from '../src/modules/market/import-report';
import { MarketImportError } from '../src/modules/market/market-import-error';
import { importRents } from '../src/modules/market/rents-import';

function options(args: string[]) {
  const files: string[] = [];
  const given: { type?: string; year?: string } = {};
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--type') given.type = args[++i];
    else if (args[i] === '--annee' || args[i] === '--year') given.year = args[++i];
    else files.push(path.resolve(process.env.INIT_CWD ?? process.cwd(), args[i]));
  }
  return { files, given };
}

async function main() {
  const [kind, ...args] = process.argv.slice(2);
  const { files, given } = options(args);
  if ((kind !== 'dvf' && kind !== 'rents') || files.length === 0 || (kind === 'rents' && files.length !== 1)) {
    console.error(
      'Usage : npm run import:dvf -- FICHIER… | npm run import:rents -- FICHIER [--type maison] [--annee 2024]',
    );
    process.exit(2);
  }
  // Only the database is needed: the gateway's other settings (secrets, keys) are not asked for.
  const url = process.env.DATABASE_URL;
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './var');
  const embedded = url ? undefined : await startEmbeddedDatabase(path.join(dataDir, 'db'));
  const ds = createDataSource({ url: url ?? embedded!.url, poolSize: 2 });
  await ds.initialize();
  const bar = progressBar();
  const started = Date.now();
  try {
    await ds.runMigrations();
    const seconds = () => (Date.now() - started) / 1000;
    if (kind === 'dvf') {
      const summary = await importDvf(ds, files, bar);
      bar.stop();
      console.log(dvfReport(summary, seconds()));
    } else {
      const summary = await importRents(ds, files[0], given, bar);
      bar.stop();
      console.log(rentsReport(summary, seconds()));
    }
    console.log(
      `Mémoire : ${Math.round(process.memoryUsage().rss / 1048576)} Mo (pic ${Math.round(process.resourceUsage().maxRSS / 1024)} Mo).`,
    );
  } catch (e) {
    bar.stop();
    if (!(e instanceof MarketImportError)) throw e;
    console.error(`Import refusé, rien n'a été écrit. ${e.message}`);
    process.exitCode = 1;
  } finally {
    await ds.destroy();
    await embedded?.stop();
  }
}

void main();
