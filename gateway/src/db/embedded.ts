import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** A PostgreSQL embedded in this process (PGlite), served to `pg` on a loopback port. */
export interface EmbeddedDatabase {
  url: string;
  /** True when the data folder was created by this start (first start). */
  created: boolean;
  stop(): Promise<void>;
}

/**
 * Starts PGlite persisted in `dataDir` (or in memory when undefined) behind pglite-socket.
 * Every connection is multiplexed onto one PostgreSQL session: keep transactions short.
 */
export async function startEmbeddedDatabase(dataDir?: string, port = 0): Promise<EmbeddedDatabase> {
  const created = !dataDir || !fs.existsSync(`${dataDir}/PG_VERSION`);
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 100 });
  await server.start();
  const conn = server.getServerConn();
  const url = `postgres://postgres:postgres@${conn}/postgres?sslmode=disable`;
  return {
    url,
    created,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
