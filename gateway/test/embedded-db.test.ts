import { Client } from 'pg';
import { embeddedDbProcess } from './embedded-db-process';

describe('the embedded database on its loopback port', () => {
  let db: { url: string; stop(): Promise<void> };
  // A child process compiling TypeScript and starting PGlite: slow on a loaded machine.
  beforeAll(async () => {
    db = await embeddedDbProcess({ port: 0 });
  }, 90_000);
  afterAll(() => db?.stop());

  const connect = async (url: string) => {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      return (await client.query('SELECT 1 AS one')).rows[0].one as number;
    } finally {
      await client.end().catch(() => {});
    }
  };

  it("should accept the app's own connection (the password of this start)", async () => {
    expect(await connect(db.url)).toBe(1);
  });

  it('should refuse a connection with another password, or none', async () => {
    const url = new URL(db.url);
    url.password = 'postgres';
    await expect(connect(url.toString())).rejects.toThrow();
    url.password = '';
    await expect(connect(url.toString())).rejects.toThrow();
    // The app's connection still works afterwards.
    expect(await connect(db.url)).toBe(1);
  });
});

describe("the embedded database's planner statistics", () => {
  let db: { url: string; stop(): Promise<void> };
  beforeAll(async () => {
    db = await embeddedDbProcess({ port: 0, analyzeAfterMs: 300 });
  }, 90_000);
  afterAll(() => db?.stop());

  it("should be kept by a periodic ANALYZE, run between two connections' turns, as autovacuum would", async () => {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    const reltuples = async () =>
      Number((await client.query(`SELECT reltuples FROM pg_class WHERE relname = 'grown'`)).rows[0].reltuples);
    try {
      await client.query(`CREATE TABLE grown (id serial PRIMARY KEY, v int)`);
      // A transaction left open owns the session: no ANALYZE runs inside it.
      await client.query('BEGIN');
      await client.query(`INSERT INTO grown (v) SELECT g FROM generate_series(1, 5000) g`);
      await new Promise((r) => setTimeout(r, 1000));
      expect(await reltuples()).toBeLessThan(5000);
      await client.query('COMMIT');
      let counted = 0;
      for (let i = 0; i < 50 && counted < 5000; i++) {
        await new Promise((r) => setTimeout(r, 200));
        counted = await reltuples();
      }
      // Without it PGlite never analyzes: the table stays « never analyzed » (-1) and every search plans a full scan.
      expect(counted).toBe(5000);
      const plan = await client.query(`EXPLAIN SELECT * FROM grown ORDER BY id DESC LIMIT 20`);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Scan Backward/);
    } finally {
      await client.end();
    }
  }, 60_000);
});
