import crypto from 'node:crypto';
import { signedInUser, type Agent } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { purgeExpired } from '../../jobs/maintenance';

/*
 * Position fixes are kept in one table per UTC day (user_locations, partitioned by the fix time), so that the 30-day
 * purge drops whole days. What a user sees does not change: a fix is stored once per key, walks run across
 * midnight, and the purge keeps exactly the last 30 days.
 */

const gw = useGateway({ startOutbox: false });
const DAY_MS = 864e5;
const MIN_MS = 60_000;

/** A spot of its own in the southern ocean (no listing, no other test's walker). */
const spot = () => ({ latitude: -50 + Math.random() * 5, longitude: 100 + Math.random() * 20 });

const dayTable = (t: Date) => `user_locations_${t.toISOString().slice(0, 10).replaceAll('-', '')}`;

async function fixesOf(userId: number): Promise<{ t: Date; table: string; client_id: string | null }[]> {
  return gw.db.query(
    `SELECT "timestamp" AS t, tableoid::regclass::text AS table, client_id FROM user_locations
     WHERE user_id = $1 ORDER BY "timestamp"`,
    [userId],
  );
}

async function tableExists(name: string): Promise<boolean> {
  const [{ found }] = await gw.db.query(`SELECT to_regclass($1) IS NOT NULL AS found`, [name]);
  return found;
}

async function batch(
  agent: Agent,
  fixes: { at: { latitude: number; longitude: number }; time: Date; clientId?: string }[],
) {
  const res = await agent.post('/api/user-locations/batch').send({
    fixes: fixes.map((f) => ({
      ...f.at,
      accuracy: 10,
      timestamp: f.time.toISOString(),
      clientId: f.clientId ?? crypto.randomUUID(),
    })),
  });
  expect(res.status).toBe(200);
  return res.body as { stored: number };
}

describe('position fixes by day', () => {
  it('should file each fix in the table of its UTC day, a fix of a day not prepared in the default one', async () => {
    const { agent, user } = await signedInUser(gw);
    const now = new Date();
    const far = new Date(Date.UTC(2090, 0, 1, 12));
    for (const time of [now, far])
      expect(
        (await agent.post('/api/user-locations').send({ ...spot(), accuracy: 900, timestamp: time.toISOString() }))
          .status,
      ).toBe(201);
    const rows = await fixesOf(user.id);
    expect(rows.map((r) => r.table)).toEqual([dayTable(now), 'user_locations_default']);
  });

  it('should drop the days wholly older than 30 days and delete the older fixes of the day the cutoff falls in', async () => {
    const { agent, user } = await signedInUser(gw);
    const now = Date.now();
    // A gateway that has run for a month has the tables of these days (prepared ahead at the time).
    await gw.db.query(
      `SELECT user_locations_add_days((now() AT TIME ZONE 'UTC')::date - 34, (now() AT TIME ZONE 'UTC')::date - 28)`,
    );
    const times = [
      now - 400 * DAY_MS, // default partition
      now - 33 * DAY_MS,
      now - 30 * DAY_MS - 60 * MIN_MS,
      now - 30 * DAY_MS + 60 * MIN_MS,
      now - 29 * DAY_MS,
    ].map((t) => new Date(t));
    for (const time of times) {
      const res = await agent
        .post('/api/user-locations')
        .send({ ...spot(), accuracy: 900, timestamp: time.toISOString() });
      expect(res.status).toBe(201);
    }
    // The database is shared by every test file, and each of their gateways purges when it starts: the fixes older
    // than 30 days may already be gone, and the oldest day's table with them (a fix of it is then in the default
    // table). Those still here are in their day's table or the default one; the recent ones in their day's.
    const tableOf = new Map((await fixesOf(user.id)).map((r) => [r.t.toISOString(), r.table]));
    const tableAt = (i: number) => tableOf.get(times[i].toISOString());
    expect([undefined, 'user_locations_default']).toContain(tableAt(0));
    expect([undefined, dayTable(times[1]), 'user_locations_default']).toContain(tableAt(1));
    expect([undefined, dayTable(times[2]), 'user_locations_default']).toContain(tableAt(2));
    expect([tableAt(3), tableAt(4)]).toEqual([dayTable(times[3]), dayTable(times[4])]);

    // Read before the purge: its day is at most the purge's (which may run past midnight UTC), so the days compared
    // below are those the purge kept and prepared.
    const beforePurge = Date.now();
    const purged = await purgeExpired(gw.db);

    expect(purged.locationDays).toEqual(expect.any(Number));
    expect(await tableExists(dayTable(times[1]))).toBe(false);
    // Every day table left has fixes younger than 30 days in its span.
    const days: { relname: string }[] = await gw.db.query(
      `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'user_locations'::regclass AND c.relname <> 'user_locations_default'`,
    );
    const cutoffDay = dayTable(new Date(beforePurge - 30 * DAY_MS));
    expect(days.every((d) => d.relname >= cutoffDay)).toBe(true);
    // Exactly the last 30 days are kept, whatever table they were in.
    expect((await fixesOf(user.id)).map((r) => r.t.toISOString())).toEqual(times.slice(3).map((t) => t.toISOString()));
    // The walks keep their figures; the last position of those whose fixes are gone goes with them.
    const walks: { old: boolean; positioned: boolean }[] = await gw.db.query(
      `SELECT last_fix_at < now() - interval '30 days' AS old, last_latitude IS NOT NULL AS positioned
       FROM walks WHERE user_id = $1 ORDER BY started_at`,
      [user.id],
    );
    expect(walks).toEqual([
      ...times.slice(0, 3).map(() => ({ old: true, positioned: false })),
      ...times.slice(3).map(() => ({ old: false, positioned: true })),
    ]);
    // The next week is prepared.
    expect(await tableExists(dayTable(new Date(beforePurge + 7 * DAY_MS)))).toBe(true);
  });

  it('should prepare a missing day with the fixes already filed in the default table', async () => {
    const { agent, user } = await signedInUser(gw);
    const day = new Date(Date.UTC(2091, 5, 15, 10));
    await agent.post('/api/user-locations').send({ ...spot(), accuracy: 900, timestamp: day.toISOString() });
    expect((await fixesOf(user.id)).map((r) => r.table)).toEqual(['user_locations_default']);
    const [{ added }] = await gw.db.query(`SELECT user_locations_add_days('2091-06-15', '2091-06-15') AS added`);
    expect(added).toBe(1);
    expect((await fixesOf(user.id)).map((r) => r.table)).toEqual(['user_locations_20910615']);
    await gw.db.query(`DROP TABLE user_locations_20910615`);
  });

  it('should run a walk across midnight over two day tables', async () => {
    const { agent, user } = await signedInUser(gw);
    const midnight = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z').getTime();
    const a = spot();
    const b = { latitude: a.latitude + 0.002, longitude: a.longitude };
    await batch(agent, [
      { at: a, time: new Date(midnight - 5 * MIN_MS) },
      { at: b, time: new Date(midnight + 5 * MIN_MS) },
    ]);
    expect(new Set((await fixesOf(user.id)).map((r) => r.table)).size).toBe(2);
    const res = await agent.get('/api/walks');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ startedAt: new Date(midnight - 5 * MIN_MS).toISOString() });
    expect(res.body[0].distanceM).toBeGreaterThan(200);
    // A live fix 2 minutes later extends it by the distance from the last fix, read in today's table.
    const live = await agent
      .post('/api/user-locations')
      .send({ ...a, accuracy: 10, timestamp: new Date(midnight + 7 * MIN_MS).toISOString() });
    expect(live.status).toBe(201);
    const [walk] = (await agent.get('/api/walks')).body;
    expect(walk.distanceM).toBeGreaterThan(2 * res.body[0].distanceM - 2);
  });
});

describe('a fix stored once per key', () => {
  it('should store a live fix repeated without its time once, and answer the stored one', async () => {
    const { agent, user } = await signedInUser(gw);
    const fix = { ...spot(), accuracy: 900, clientId: crypto.randomUUID() };
    const first = await agent.post('/api/user-locations').send(fix);
    const again = await agent.post('/api/user-locations').send(fix);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.location.id).toBe(first.body.location.id);
    expect(await fixesOf(user.id)).toHaveLength(1);
  });

  it('should store a batch fix sent again, at its time or another time of the day, once', async () => {
    const { agent, user } = await signedInUser(gw);
    const clientId = crypto.randomUUID();
    const at = spot();
    const time = new Date(Date.now() - 3 * DAY_MS);
    expect(await batch(agent, [{ at, time, clientId }])).toMatchObject({ stored: 1 });
    expect(await batch(agent, [{ at, time, clientId }])).toMatchObject({ stored: 0 });
    const later = new Date(time.getTime() + 20 * 3600_000);
    expect(await batch(agent, [{ at, time: later, clientId }])).toMatchObject({ stored: 0 });
    expect(await fixesOf(user.id)).toHaveLength(1);
  });

  it('should store a fix sent live without its time once when the app sends it again in a batch', async () => {
    const { agent, user } = await signedInUser(gw);
    const clientId = crypto.randomUUID();
    const at = spot();
    expect((await agent.post('/api/user-locations').send({ ...at, accuracy: 900, clientId })).status).toBe(201);
    expect(await batch(agent, [{ at, time: new Date(Date.now() - 30_000), clientId }])).toMatchObject({ stored: 0 });
    expect(await fixesOf(user.id)).toHaveLength(1);
  });
});
