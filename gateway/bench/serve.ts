/** The gateway as the benchmark runs it: production mode on BENCH's DATABASE_URL; reports its port to the parent. */
import 'reflect-metadata';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';

(async () => {
  const gw = await createApp(loadConfig(), { runMigrations: false });
  const port = await gw.listen(0, '127.0.0.1');
  process.send?.({ port });
  process.on('SIGTERM', () => void gw.close().then(() => process.exit(0)));
})();
