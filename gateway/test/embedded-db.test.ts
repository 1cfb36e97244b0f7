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
