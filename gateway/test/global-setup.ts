import 'reflect-metadata';
import { createDataSource } from '../src/db/data-source';
import { startEmbeddedDatabase } from '../src/db/embedded';
import { resetSchema } from './reset-schema';

/**
 * One migrated database for the whole run: TEST_DATABASE_URL (its public schema is reset) or an
 * in-memory embedded PostgreSQL served on loopback. Test files reach it through TEST_DB_URL.
 */
export default async function globalSetup() {
  let url = process.env.TEST_DATABASE_URL;
  if (url) {
    await resetSchema(url);
  } else {
    const embedded = await startEmbeddedDatabase();
    (globalThis as { __embedded?: typeof embedded }).__embedded = embedded;
    url = embedded.url;
  }
  const ds = createDataSource({ url, poolSize: 2 });
  await ds.initialize();
  await ds.runMigrations();
  await ds.destroy();
  process.env.TEST_DB_URL = url;
  console.log(
    `\n[tests] database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL at TEST_DATABASE_URL' : 'embedded PGlite'}`,
  );
}
