import { randomUUID } from 'node:crypto';
import { MSG } from '@flaneur/schema';
import { signedInUser } from '../../../test/factories';
import { startGateway, TestGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';

/*
 * Fixes kept offline and replayed in batches, idempotence by clientId, and the passing-alert job written with the
 * discoveries. The gateway's outbox worker does not run: the jobs stay in outbox_jobs for inspection.
 */

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway({}, { startOutbox: false });
});
afterAll(() => gw.close());

const R = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;
function km(lat1: number, lng1: number, lat2: number, lng2: number) {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(a));
}

/** A deterministic PRNG so a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Somewhere no other test puts listings. */
const somewhere = (): [number, number] => [-50 + Math.random() * 100, -170 + Math.random() * 340];

/** Inserts apartments for sale at the given points; answers their ids and stored positions. */
async function insertListings(points: [number, number][]): Promise<{ id: number; lat: number; lng: number }[]> {
  const values: unknown[] = [];
  const tuples = points.map(([lat, lng], i) => {
    values.push(lat.toFixed(7), lng.toFixed(7));
    return `('Annonce test', 'Description', 100000, 40, 1, 1, '1 rue du Test', 'Testville', '75001', $${2 * i + 1},
      $${2 * i + 2}, false, 'apartment', '{}', '{/uploads/listings/x.webp}', 'Test', 'test@example.fr', '0600000000', 2)`;
  });
  const rows = await gw.db.query(
    `INSERT INTO properties (title, description, price, size, bedrooms, bathrooms, address, city, postal_code, latitude,
       longitude, is_rental, type, features, images, owner_name, owner_email, owner_phone, rooms)
     VALUES ${tuples.join(',')} RETURNING id, latitude, longitude`,
    values,
  );
  return rows.map((r: { id: number; latitude: string; longitude: string }) => ({
    id: r.id,
    lat: Number(r.latitude),
    lng: Number(r.longitude),
  }));
}

interface Fix {
  clientId: string;
  latitude: number;
  longitude: number;
  accuracy: number;
  timestamp: string;
}
const fix = (lat: number, lng: number, at: number, accuracy = 10): Fix => ({
  clientId: randomUUID(),
  latitude: lat,
  longitude: lng,
  accuracy,
  timestamp: new Date(at).toISOString(),
});

const REPORT_BATCH = `mutation ($fixes: [LocationFixInput!]!) {
  reportLocations(fixes: $fixes) { stored duplicates discovered }
}`;
const REPORT = `mutation ($lat: Float!, $lng: Float!, $acc: Float, $ts: DateTimeISO, $clientId: String) {
  reportLocation(latitude: $lat, longitude: $lng, accuracy: $acc, timestamp: $ts, clientId: $clientId) {
    matched newDiscoveries { id }
  }
}`;
const SAVE = `mutation ($f: SearchFiltersInput!) { savePreferences(searchFilters: $f) { searchFilters { radius } } }`;

const openGate = (userId: number) => gw.db.query('DELETE FROM discovery_state WHERE user_id = $1', [userId]);

interface Entry {
  propertyId: number;
  lat: number;
  lng: number;
  viewedAt: Date;
}
async function entriesOf(userId: number): Promise<Entry[]> {
  const rows = await gw.db.query(
    `SELECT property_id, latitude, longitude, viewed_at FROM history_entries WHERE user_id = $1 ORDER BY property_id`,
    [userId],
  );
  return rows.map((r: { property_id: number; latitude: string; longitude: string; viewed_at: Date }) => ({
    propertyId: r.property_id,
    lat: Number(r.latitude),
    lng: Number(r.longitude),
    viewedAt: new Date(r.viewed_at),
  }));
}

async function fixCount(userId: number): Promise<number> {
  const [{ n }] = await gw.db.query('SELECT count(*)::int AS n FROM user_locations WHERE user_id = $1', [userId]);
  return n;
}

interface AlertJob {
  kind: string;
  payload: { userId: number; fixAt: string; items: { propertyId: number; distanceM: number }[] };
}
async function alertJobs(userId: number): Promise<AlertJob[]> {
  return gw.db.query(
    `SELECT kind, payload FROM outbox_jobs WHERE queue = $1 AND kind = 'discovery.alert'
       AND (payload->>'userId')::int = $2 ORDER BY id`,
    [gw.outbox.queue, userId],
  );
}

describe('batches: idempotence', () => {
  it('should store each fix once when the same batch is sent twice, and discover nothing the second time', async () => {
    const [lat, lng] = somewhere();
    await insertListings([0, 1, 2, 3].map((i) => [lat + i * 0.0005, lng] as [number, number]));
    const { agent, user } = await signedInUser(gw);
    const t0 = Date.now() - 60 * 60_000;
    const fixes = [0, 1, 2, 3].map((i) => fix(lat + i * 0.0005, lng, t0 + i * 10_000));
    // The same fix twice in one batch counts once.
    const batch = { fixes: [...fixes, fixes[2]] };
    const first = await agent.post('/api/user-locations/batch').send(batch);
    expect([first.status, first.body]).toEqual([200, { stored: 4, duplicates: 1, discovered: 4 }]);
    const again = await agent.post('/api/user-locations/batch').send(batch);
    expect([again.status, again.body]).toEqual([200, { stored: 0, duplicates: 5, discovered: 0 }]);
    const viaGraphql = await gql(agent, REPORT_BATCH, { fixes });
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data!.reportLocations).toEqual({ stored: 0, duplicates: 4, discovered: 0 });
    expect(await fixCount(user.id)).toBe(4);
    expect(await entriesOf(user.id)).toHaveLength(4);
  });

  it('should not store nor match again a single report repeated with the same clientId', async () => {
    const [lat, lng] = somewhere();
    await insertListings([[lat, lng]]);
    const { agent, user } = await signedInUser(gw);
    const clientId = randomUUID();
    const body = { latitude: lat, longitude: lng, accuracy: 5, clientId };
    const first = await agent.post('/api/user-locations').send(body);
    expect(first.status).toBe(201);
    expect(first.body.newDiscoveries).toHaveLength(1);
    await insertListings([[lat + 0.0003, lng]]);
    await openGate(user.id);
    const again = await agent.post('/api/user-locations').send(body);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ matched: false, newDiscoveries: [] });
    expect(again.body.location.id).toBe(first.body.location.id);
    await openGate(user.id);
    const viaGraphql = await gql(agent, REPORT, { lat, lng, acc: 5, clientId: clientId.toUpperCase() });
    expect(viaGraphql.data!.reportLocation).toEqual({ matched: false, newDiscoveries: [] });
    expect(await fixCount(user.id)).toBe(1);
    expect(await entriesOf(user.id)).toHaveLength(1);
    // The same fix replayed in a batch is a duplicate too.
    const replay = await agent
      .post('/api/user-locations/batch')
      .send({ fixes: [{ ...body, timestamp: first.body.location.timestamp }] });
    expect(replay.body).toEqual({ stored: 0, duplicates: 1, discovered: 0 });
  });
});

describe('batches: matching replayed fixes', () => {
  it('should discover from a 30-fix walk replayed offline, in any order, exactly what the same walk found live', async () => {
    const rand = rng(4242);
    const [lat, lng] = somewhere();
    // A walk north-east, 70 m a step; listings in a 1 km wide corridor, more than a fix may take near its start.
    const walk = Array.from({ length: 30 }, (_, i) => [lat + i * 0.0006, lng + i * 0.00017] as [number, number]);
    const listings = await insertListings(
      Array.from({ length: 160 }, (_, i) => {
        const [a, b] = walk[i < 40 ? 0 : Math.floor(rand() * 30)];
        return [a + (rand() - 0.5) * 0.0083, b + (rand() - 0.5) * 0.0117];
      }),
    );
    expect(listings).toHaveLength(160);
    const t0 = Date.now() - 3 * 60 * 60_000;
    const fixes = walk.map(([a, b], i) => fix(a, b, t0 + i * 5_000 + Math.floor(i / 3) * 1_000));

    const live = await signedInUser(gw);
    const replay = await signedInUser(gw);
    for (const u of [live, replay]) expect((await gql(u.agent, SAVE, { f: { radius: 0.5 } })).errors).toBeUndefined();
    let liveFound = 0;
    for (const f of fixes) {
      await openGate(live.user.id);
      const res = await live.agent.post('/api/user-locations').send({ ...f, clientId: undefined });
      expect(res.body.matched).toBe(true);
      liveFound += res.body.newDiscoveries.length;
    }
    const shuffled = [...fixes].sort(() => rand() - 0.5);
    const res = await gql(replay.agent, REPORT_BATCH, { fixes: shuffled });
    expect(res.errors).toBeUndefined();
    expect(res.data!.reportLocations).toEqual({ stored: 30, duplicates: 0, discovered: liveFound });

    const liveEntries = await entriesOf(live.user.id);
    const replayed = await entriesOf(replay.user.id);
    // Some fix found its 20 (the cap), later fixes found others: the order of the walk matters.
    expect(liveEntries.length).toBeGreaterThan(40);
    expect(replayed.map(({ propertyId, lat: a, lng: b }) => [propertyId, a, b])).toEqual(
      liveEntries.map(({ propertyId, lat: a, lng: b }) => [propertyId, a, b]),
    );
    // Each replayed entry carries the time of the fix at its position.
    const timeAt = new Map(fixes.map((f) => [`${f.latitude.toFixed(7)},${f.longitude.toFixed(7)}`, f.timestamp]));
    for (const e of replayed) {
      expect(e.viewedAt.toISOString()).toBe(timeAt.get(`${e.lat.toFixed(7)},${e.lng.toFixed(7)}`));
    }
  });

  it('should gate replayed fixes on fix time (5 s), within a batch and across batches', async () => {
    const [lat, lng] = somewhere();
    const spots = Array.from({ length: 5 }, (_, i) => [lat + i * 0.03, lng] as [number, number]);
    const listings = await insertListings(spots);
    const { agent, user } = await signedInUser(gw);
    const t0 = Date.now() - 30 * 60_000;
    const at = (i: number, s: number) => fix(spots[i][0], spots[i][1], t0 + s * 1000);
    // 0 s matched, 2 s gated, 5 s matched.
    const first = await agent.post('/api/user-locations/batch').send({ fixes: [at(0, 0), at(1, 2), at(2, 5)] });
    expect(first.body).toEqual({ stored: 3, duplicates: 0, discovered: 2 });
    // The next batch goes on from the last replayed pass (5 s): 9 s gated, 10 s matched.
    const second = await agent.post('/api/user-locations/batch').send({ fixes: [at(3, 9), at(4, 10)] });
    expect(second.body).toEqual({ stored: 2, duplicates: 0, discovered: 1 });
    expect((await entriesOf(user.id)).map((e) => e.propertyId)).toEqual(
      [listings[0], listings[2], listings[4]].map((l) => l.id),
    );
  });

  it('should store fixes older than 24 h without matching them', async () => {
    const [lat, lng] = somewhere();
    const [listing] = await insertListings([[lat, lng]]);
    const { agent, user } = await signedInUser(gw);
    const old = fix(lat, lng, Date.now() - 24 * 60 * 60_000 - 60_000);
    const res = await agent.post('/api/user-locations/batch').send({ fixes: [old] });
    expect(res.body).toEqual({ stored: 1, duplicates: 0, discovered: 0 });
    expect(await fixCount(user.id)).toBe(1);
    expect(await entriesOf(user.id)).toEqual([]);
    const recent = fix(lat, lng, Date.now() - 23 * 60 * 60_000);
    const next = await agent.post('/api/user-locations/batch').send({ fixes: [recent] });
    expect(next.body).toEqual({ stored: 1, duplicates: 0, discovered: 1 });
    expect((await entriesOf(user.id)).map((e) => e.propertyId)).toEqual([listing.id]);
  });
});

describe('batches: access and input', () => {
  it('should accept 500 fixes and refuse 501 with 400 in French', async () => {
    const { agent, user } = await signedInUser(gw);
    const t0 = Date.now() - 2 * 60 * 60_000;
    // Imprecise fixes (stored only), written long: the body exceeds the default 100 KB limit of JSON bodies.
    const many = Array.from({ length: 501 }, (_, i) => ({
      ...fix(1, 1, t0 + i * 1000, 900),
      latitude: '1.000000000000000000000000000000000001',
      longitude: '1.000000000000000000000000000000000001',
    }));
    const tooMany = await agent.post('/api/user-locations/batch').send({ fixes: many });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, MSG.locationBatchTooLarge]);
    const viaGraphql = await gql(agent, REPORT_BATCH, {
      fixes: many.map((f) => ({ ...f, latitude: 1, longitude: 1 })),
    });
    expect(viaGraphql.errors![0].message).toBe(MSG.locationBatchTooLarge);
    expect(viaGraphql.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    const body = JSON.stringify({ fixes: many.slice(0, 500) });
    expect(body.length).toBeGreaterThan(100 * 1024);
    const ok = await agent.post('/api/user-locations/batch').set('Content-Type', 'application/json').send(body);
    expect([ok.status, ok.body]).toEqual([200, { stored: 500, duplicates: 0, discovered: 0 }]);
    expect(await fixCount(user.id)).toBe(500);
  });

  it('should answer 401 when signed out', async () => {
    const res = await gw
      .agent()
      .post('/api/user-locations/batch')
      .send({ fixes: [fix(1, 1, Date.now())] });
    expect(res.status).toBe(401);
    const viaGraphql = await gql(gw.agent(), REPORT_BATCH, { fixes: [fix(1, 1, Date.now())] });
    expect(viaGraphql.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('should answer 400 in French for a clientId that is not a UUID, a missing timestamp or no list', async () => {
    const { agent, user } = await signedInUser(gw);
    const bad = await agent
      .post('/api/user-locations/batch')
      .send({ fixes: [fix(1, 1, Date.now()), { ...fix(1, 1, Date.now()), clientId: 'abc' }] });
    expect([bad.status, bad.body.message]).toEqual([400, MSG.locationClientIdInvalid]);
    const viaGraphql = await gql(agent, REPORT_BATCH, { fixes: [{ ...fix(1, 1, Date.now()), clientId: '12' }] });
    expect(viaGraphql.errors![0].message).toBe(MSG.locationClientIdInvalid);
    const single = await agent.post('/api/user-locations').send({ latitude: 1, longitude: 1, clientId: 'abc' });
    expect([single.status, single.body.message]).toEqual([400, MSG.locationClientIdInvalid]);
    const { timestamp: _t, ...untimed } = fix(1, 1, Date.now());
    const noTime = await agent.post('/api/user-locations/batch').send({ fixes: [untimed] });
    expect([noTime.status, noTime.body.message]).toEqual([400, MSG.timestampInvalid]);
    for (const body of [{}, { fixes: 'x' }, [1]]) {
      const res = await agent.post('/api/user-locations/batch').send(body);
      expect([res.status, res.body.message]).toEqual([400, MSG.locationBatchInvalid]);
    }
    expect(await fixCount(user.id)).toBe(0);
  });
});

describe('passing alerts', () => {
  it('should enqueue one discovery.alert job with a discovering live report, none when nothing is found', async () => {
    const [lat, lng] = somewhere();
    const listings = await insertListings([2, 1, 3].map((i) => [lat + i * 0.001, lng] as [number, number]));
    const { agent, user } = await signedInUser(gw);
    const timestamp = new Date(Date.now() - 3000).toISOString();
    const res = await agent.post('/api/user-locations').send({ latitude: lat, longitude: lng, accuracy: 8, timestamp });
    const ids = res.body.newDiscoveries.map((p: { id: number }) => p.id);
    expect(ids).toHaveLength(3);
    const jobs = await alertJobs(user.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].payload).toMatchObject({ userId: user.id, fixAt: timestamp });
    expect(jobs[0].payload.items.map((i) => i.propertyId)).toEqual(ids);
    for (const item of jobs[0].payload.items) {
      const l = listings.find((x) => x.id === item.propertyId)!;
      expect(Number.isInteger(item.distanceM)).toBe(true);
      expect(Math.abs(item.distanceM - km(lat, lng, l.lat, l.lng) * 1000)).toBeLessThanOrEqual(0.5 + 1e-6);
    }
    // A pass that finds nothing new, and a gated report: no job.
    await openGate(user.id);
    expect((await agent.post('/api/user-locations').send({ latitude: lat, longitude: lng })).body.matched).toBe(true);
    expect((await agent.post('/api/user-locations').send({ latitude: lat, longitude: lng })).body.matched).toBe(false);
    expect(await alertJobs(user.id)).toHaveLength(1);
  });

  it('should enqueue the alert in the exact re-scan path too', async () => {
    // Far north the index plane stretches east-west distances: the bounded scans cannot prove their cut.
    const [lat, lng] = [69.5 + Math.random() * 0.1, 18 + Math.random()];
    const r = 6371.0088;
    const at = (d: number, bearing: number): [number, number] => [
      lat + ((d / r) * Math.cos(rad(bearing)) * 180) / Math.PI,
      lng + ((d / r) * Math.sin(rad(bearing)) * 180) / Math.PI / Math.cos(rad(lat)),
    ];
    const northSouth = Array.from({ length: 45 }, (_, i) => at(1 + i * 0.01, i % 2 ? 0 : 180));
    const east = Array.from({ length: 5 }, (_, i) => at(0.9 + i * 0.001, 90));
    await insertListings([...northSouth, ...east]);
    const { agent, user } = await signedInUser(gw);
    const res = await gql(agent, REPORT, { lat, lng, acc: 5 });
    const ids = res.data!.reportLocation.newDiscoveries.map((p: { id: string }) => Number(p.id));
    expect(ids).toHaveLength(20);
    const jobs = await alertJobs(user.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].payload.items.map((i) => i.propertyId)).toEqual(ids);
  });

  it('should enqueue at most one job per batch, for its fixes of the last 10 minutes only', async () => {
    const [lat, lng] = somewhere();
    const spots = Array.from({ length: 4 }, (_, i) => [lat + i * 0.03, lng] as [number, number]);
    const listings = await insertListings(spots);
    const { agent, user } = await signedInUser(gw);
    const now = Date.now();
    const old = [fix(...spots[0], now - 60 * 60_000), fix(...spots[1], now - 11 * 60_000)];
    const onlyOld = await agent.post('/api/user-locations/batch').send({ fixes: old });
    expect(onlyOld.body).toEqual({ stored: 2, duplicates: 0, discovered: 2 });
    expect(await alertJobs(user.id)).toEqual([]);
    const recent = [fix(...spots[2], now - 9 * 60_000), fix(...spots[3], now - 60_000)];
    const mixed = await agent
      .post('/api/user-locations/batch')
      .send({ fixes: [fix(lat, lng + 0.01, now - 50 * 60_000), ...recent] });
    expect(mixed.body).toEqual({ stored: 3, duplicates: 0, discovered: 2 });
    const jobs = await alertJobs(user.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].payload.fixAt).toBe(recent[1].timestamp);
    expect(jobs[0].payload.items.map((i) => i.propertyId).sort()).toEqual([listings[2].id, listings[3].id].sort());
    expect(jobs[0].payload.items.every((i) => i.distanceM === 0)).toBe(true);
  });

  it('should enqueue nothing for a simulated discovery', async () => {
    const [lat, lng] = somewhere();
    await insertListings([[lat, lng]]);
    const { agent, user } = await signedInUser(gw);
    await agent.post('/api/user-locations').send({ latitude: lat, longitude: lng, accuracy: 900 });
    const res = await gql(agent, 'mutation { simulateDiscovery { property { id } } }');
    expect(res.errors).toBeUndefined();
    expect(await alertJobs(user.id)).toEqual([]);
  });
});
