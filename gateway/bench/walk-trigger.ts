/**
 * npm run bench:walks — what the walk journal's trigger (migration WalkJournal) adds to the live report's statement:
 * the very statement of discovery.pass.ts reportStatement, run sequentially by walkers who keep walking (one fix
 * every 10 s of fix time, so each fix extends the walker's current walk: the trigger's common path), in rounds that
 * alternate the trigger enabled and disabled (ALTER TABLE … DISABLE TRIGGER). Prints each mode's mean, p50 and p99.
 *
 * BENCH_DATABASE_URL: a migrated database (e.g. a test database after its tests ran); BENCH_REPORTS per round
 * (default 400), BENCH_ROUNDS (default 6), BENCH_WALKERS (default 20).
 */
import 'reflect-metadata';
import crypto from 'node:crypto';
import { Client } from 'pg';
import { DEFAULT_SEARCH_FILTERS } from '@flaneur/schema';
import { reportStatement } from '../src/modules/discovery/discovery.pass';

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL is required (a migrated database)');
  const perRound = Number(process.env.BENCH_REPORTS ?? 400);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
  const walkers = Number(process.env.BENCH_WALKERS ?? 20);
  const db = new Client({ connectionString: url });
  await db.connect();
  const prefix = `bench-walk-${crypto.randomUUID().slice(0, 8)}`;
  const users: { id: number }[] = await db
    .query(
      `INSERT INTO users (username, password, email)
       SELECT $1 || g, 'not-a-hash', $1 || g || '@example.fr' FROM generate_series(1, $2::int) g RETURNING id`,
      [prefix, walkers],
    )
    .then((r) => r.rows);
  const start = Date.now() - 6 * 3600_000;
  const times: Record<'on' | 'off', number[]> = { on: [], off: [] };
  const inside = { trigger: [] as number[], statement: [] as number[] };
  let n = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      const mode = round % 2 === 0 ? 'on' : 'off';
      await db.query(
        `ALTER TABLE user_locations ${mode === 'on' ? 'ENABLE' : 'DISABLE'} TRIGGER "TRG_user_locations_walks"`,
      );
      for (let i = 0; i < perRound; i++, n++) {
        const user = users[n % walkers];
        const step = Math.floor(n / walkers);
        const st = reportStatement(
          {
            userId: user.id,
            latitude: -40 + (user.id % 100) * 0.01 + step * 0.0001,
            longitude: 70,
            accuracy: 10,
            timestamp: new Date(start + step * 10_000),
            clientId: crypto.randomUUID(),
          },
          DEFAULT_SEARCH_FILTERS,
          { queue: 'bench-walks', fixAt: new Date() },
        );
        const t = process.hrtime.bigint();
        await db.query({ name: 'report', text: st.text, values: st.values });
        times[mode].push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }
    // Inside PostgreSQL, without the client's noise: the trigger's own time against the whole statement's.
    await db.query(`ALTER TABLE user_locations ENABLE TRIGGER "TRG_user_locations_walks"`);
    for (let i = 0; i < perRound; i++, n++) {
      const user = users[n % walkers];
      const step = Math.floor(n / walkers);
      const st = reportStatement(
        {
          userId: user.id,
          latitude: -40 + (user.id % 100) * 0.01 + step * 0.0001,
          longitude: 70,
          accuracy: 10,
          timestamp: new Date(start + step * 10_000),
          clientId: crypto.randomUUID(),
        },
        DEFAULT_SEARCH_FILTERS,
        { queue: 'bench-walks', fixAt: new Date() },
      );
      const plan: string = (await db.query(`EXPLAIN (ANALYZE, FORMAT TEXT) ${st.text}`, st.values)).rows
        .map((r: Record<string, string>) => r['QUERY PLAN'])
        .join('\n');
      const trig = /Trigger TRG_user_locations_walks on user_locations: time=([\d.]+)/.exec(plan);
      const exec = /Execution Time: ([\d.]+)/.exec(plan);
      if (trig && exec) {
        inside.trigger.push(Number(trig[1]));
        inside.statement.push(Number(exec[1]));
      }
    }
  } finally {
    await db.query(`ALTER TABLE user_locations ENABLE TRIGGER "TRG_user_locations_walks"`);
    await db.query(`DELETE FROM users WHERE username LIKE $1 || '%'`, [prefix]);
    await db.query(`DELETE FROM outbox_jobs WHERE queue = 'bench-walks'`);
    await db.end();
  }
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
    return {
      reports: s.length,
      meanMs: +(s.reduce((a, b) => a + b, 0) / s.length).toFixed(3),
      p50Ms: +q(0.5).toFixed(3),
      p99Ms: +q(0.99).toFixed(3),
    };
  };
  console.log({
    trigger: stats(times.on),
    withoutTrigger: stats(times.off),
    explainAnalyze: { triggerOnly: stats(inside.trigger), wholeStatement: stats(inside.statement) },
  });
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
