/** Child process of embeddedDbProcess: serves an embedded PostgreSQL until SIGTERM. */
import { startEmbeddedDatabase } from '../src/db/embedded';

(async () => {
  const db = await startEmbeddedDatabase(
    process.env.EMBEDDED_DIR || undefined,
    Number(process.env.EMBEDDED_PORT),
    process.env.EMBEDDED_PASSWORD || undefined,
    { analyzeAfterMs: Number(process.env.EMBEDDED_ANALYZE_MS) || undefined },
  );
  process.stdout.write(`ready ${db.url}\n`);
  process.on('SIGTERM', () => void db.stop().then(() => process.exit(0)));
})();
