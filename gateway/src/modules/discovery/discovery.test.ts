import { Client } from 'pg';
import { buildUser, signedInUser } from '../../../test/factories';
import { startGateway, TestGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { collect, waitFor } from '../../../test/subscribe';
import { wsClient } from '../../../test/ws';
import { purgeExpired } from '../../jobs/maintenance';
import { reportPass } from './discovery.pass';
import { ZSearchFilters, TSearchFilters, FEATURES, MSG, PROPERTY_TYPES } from '@flaneur/schema';

let gw: TestGateway;
let port: number;
beforeAll(async () => {
  gw = await startGateway();
  port = await gw.listen(0, '127.0.0.1');
});
afterAll(() => gw.close());

/** A deterministic PRNG so a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const R = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;
function km(lat1: number, lng1: number, lat2: number, lng2: number) {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(a));
}
/** A point `d` km from (lat, lng) towards `bearing` degrees (sphere). */
function offset(lat: number, lng: number, d: number, bearing: number): [number, number] {
  const δ = d / R;
  const θ = rad(bearing);
  const φ1 = rad(lat);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
  const λ2 = rad(lng) + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  return [(φ2 * 180) / Math.PI, (λ2 * 180) / Math.PI];
}

interface Row {
  id: number;
  lat: number;
  lng: number;
  isRental: boolean;
  type: string;
  price: number;
  size: number;
  bedrooms: number;
  /** Default: bedrooms + 1. */
  rooms?: number;
  bathrooms: number;
  features: string[];
  ownerId: number | null;
}

/** Inserts listings in one statement (setup only) and returns them as the reference sees them. */
async function insertListings(rows: Omit<Row, 'id'>[]): Promise<Row[]> {
  const values: unknown[] = [];
  const tuples = rows.map((r, i) => {
    const b = i * 11;
    values.push(
      r.lat.toFixed(7),
      r.lng.toFixed(7),
      r.isRental,
      r.type,
      r.price.toFixed(2),
      r.size.toFixed(2),
      r.bedrooms,
      r.bathrooms,
      r.features,
      r.ownerId,
      r.rooms ?? r.bedrooms + 1,
    );
    return `('Annonce test', 'Description', $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8}, '1 rue du Test', 'Testville', '75001',
      $${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}::property_type, $${b + 9}::text[], '{/uploads/listings/x.webp}', 'Test',
      'test@example.fr', '0600000000', $${b + 10}::int, $${b + 11}::int)`;
  });
  const res = await gw.db.query(
    `INSERT INTO properties (title, description, price, size, bedrooms, bathrooms, address, city, postal_code, latitude,
       longitude, is_rental, type, features, images, owner_name, owner_email, owner_phone, owner_id, rooms)
     VALUES ${tuples.join(',')} RETURNING id, latitude, longitude`,
    values,
  );
  return rows.map((r, i) => ({ ...r, id: res[i].id, lat: Number(res[i].latitude), lng: Number(res[i].longitude) }));
}

function randomListings(
  rand: () => number,
  lat: number,
  lng: number,
  n: number,
  ownerId: number | null,
): Omit<Row, 'id'>[] {
  return Array.from({ length: n }, () => {
    const [plat, plng] = offset(lat, lng, Math.sqrt(rand()) * 6, rand() * 360);
    const isRental = rand() < 0.5;
    const bedrooms = 1 + Math.floor(rand() * 6);
    return {
      lat: plat,
      lng: plng,
      isRental,
      type: PROPERTY_TYPES[Math.floor(rand() * 3)],
      price: isRental ? 300 + Math.floor(rand() * 4700) : 50_000 + Math.floor(rand() * 1_450_000),
      size: 10 + Math.floor(rand() * 290),
      bedrooms,
      rooms: bedrooms + 1 + Math.floor(rand() * 3),
      bathrooms: 1 + Math.floor(rand() * 5),
      features: FEATURES.filter(() => rand() < 0.3),
      ownerId: rand() < 0.05 ? ownerId : null,
    };
  });
}

/** The brute-force reference: saved filters, exclusions, radius, 20 nearest first. */
function reference(rows: Row[], lat: number, lng: number, f: TSearchFilters, userId: number, seen: Set<number>) {
  return rows
    .filter((r) => (f.propertyStatus === 'all' ? true : f.propertyStatus === 'rent' ? r.isRental : !r.isRental))
    .filter((r) => f.propertyType === 'all' || r.type === f.propertyType)
    .filter((r) => r.price >= (f.priceMin ?? 0) && r.price <= (f.priceMax ?? Infinity))
    .filter((r) => r.size >= (f.sizeMin ?? 0) && r.size <= (f.sizeMax ?? Infinity))
    .filter((r) => !f.bedrooms.length || f.bedrooms.some((b) => (b === 5 ? r.bedrooms >= 5 : r.bedrooms === b)))
    .filter((r) => (r.rooms ?? r.bedrooms + 1) >= (f.roomsMin ?? 0))
    .filter((r) => !f.bathrooms.length || f.bathrooms.some((b) => (b === 4 ? r.bathrooms >= 4 : r.bathrooms === b)))
    .filter((r) => f.features.every((x) => r.features.includes(x)))
    .filter((r) => r.ownerId !== userId && !seen.has(r.id))
    .map((r) => ({ id: r.id, d: km(lat, lng, r.lat, r.lng) }))
    .filter((r) => r.d <= f.radius)
    .sort((a, b) => a.d - b.d || a.id - b.id)
    .slice(0, 20)
    .map((r) => r.id);
}

const REPORT = `mutation ($lat: Float!, $lng: Float!, $acc: Float) {
  reportLocation(latitude: $lat, longitude: $lng, accuracy: $acc) { matched newDiscoveries { id } }
}`;
const SAVE = `mutation ($f: SearchFiltersInput!) { savePreferences(searchFilters: $f) { searchFilters { radius } } }`;
/** A registered user's agent with its session cookie (for graphql-ws). */
async function withCookie() {
  const agent = gw.agent();
  const res = await agent.post('/api/register').send(buildUser());
  return { agent, user: res.body as { id: number }, cookie: res.headers['set-cookie'][0].split(';')[0] as string };
}
const openGate = (userId: number) => gw.db.query('DELETE FROM discovery_state WHERE user_id = $1', [userId]);

describe('discovery matching', () => {
  it('should match the brute-force haversine reference on random data, filters, exclusions and the cap included', async () => {
    const rand = rng(20261122);
    const [lat, lng] = [-30 + rand() * 60, -150 + rand() * 300];
    const { agent, user } = await signedInUser(gw);
    const rows = await insertListings(randomListings(rand, lat, lng, 500, user.id));
    const seen = new Set<number>();
    for (const id of rows.filter(() => rand() < 0.05).map((r) => r.id)) {
      await gw.db.query('INSERT INTO history_entries (user_id, property_id, is_viewed) VALUES ($1, $2, true)', [
        user.id,
        id,
      ]);
      seen.add(id);
    }
    const filterSets = [
      {},
      { radius: 0.5 },
      { propertyStatus: 'rent', radius: 5 },
      { propertyStatus: 'sale', propertyType: 'house', radius: 4 },
      { priceMin: 200_000, priceMax: 900_000, radius: 3 },
      { sizeMin: 50, sizeMax: 120, radius: 5 },
      { bedrooms: [2, 5], radius: 5 },
      { bathrooms: [1, 4], radius: 3.5 },
      { roomsMin: 4, radius: 5 },
      { roomsMin: 4, bedrooms: [2], propertyStatus: 'rent', radius: 5 },
      { features: ['balcony'], radius: 5 },
      { features: ['parking', 'elevator'], propertyType: 'apartment', radius: 5 },
    ];
    for (const raw of filterSets) {
      const f = ZSearchFilters.parse(raw);
      const [plat, plng] = offset(lat, lng, rand() * 2, rand() * 360);
      expect((await gql(agent, SAVE, { f: raw })).errors).toBeUndefined();
      await openGate(user.id);
      const res = await gql(agent, REPORT, { lat: plat, lng: plng, acc: 10 });
      expect(res.errors).toBeUndefined();
      const got = res.data!.reportLocation.newDiscoveries.map((p: { id: string }) => Number(p.id));
      const expected = reference(rows, Number(plat.toFixed(7)), Number(plng.toFixed(7)), f, user.id, seen);
      expect(got).toEqual(expected);
      got.forEach((id: number) => seen.add(id));
    }
  });

  it('should stay exact far north, where the index plane stretches east-west distances (whole re-scan path)', async () => {
    const [lat, lng] = [69.5, 18 + Math.random()];
    const base = {
      isRental: false,
      type: 'apartment',
      price: 150_000,
      size: 40,
      bedrooms: 1,
      bathrooms: 1,
      features: [],
      ownerId: null,
    };
    // 45 listings north and south at 1.0–1.45 km come first on the plane; 5 due east at 0.9 km are nearer on Earth.
    const northSouth = Array.from({ length: 45 }, (_, i) => offset(lat, lng, 1 + i * 0.01, i % 2 ? 0 : 180));
    const east = Array.from({ length: 5 }, (_, i) => offset(lat, lng, 0.9 + i * 0.001, 90));
    const rows = await insertListings([...northSouth, ...east].map(([a, b]) => ({ ...base, lat: a, lng: b })));
    const { agent, user } = await signedInUser(gw);
    const res = await gql(agent, REPORT, { lat, lng, acc: 5 });
    const got = res.data!.reportLocation.newDiscoveries.map((p: { id: string }) => Number(p.id));
    expect(got.slice(0, 5)).toEqual(rows.slice(45).map((r) => r.id));
    expect(got).toEqual(reference(rows, lat, Number(lng.toFixed(7)), ZSearchFilters.parse({}), user.id, new Set()));
  });

  it('should include a listing 1.99 km away and exclude one 2.01 km away with the default 2 km radius', async () => {
    const [lat, lng] = [12.3456, 45.6789 + Math.random()];
    const base = {
      isRental: false,
      type: 'apartment',
      price: 100_000,
      size: 50,
      bedrooms: 2,
      bathrooms: 1,
      features: [],
      ownerId: null,
    };
    const [inside, outside] = await insertListings([
      { ...base, ...(([a, b]) => ({ lat: a, lng: b }))(offset(lat, lng, 1.99, 90)) },
      { ...base, ...(([a, b]) => ({ lat: a, lng: b }))(offset(lat, lng, 2.01, 270)) },
    ]);
    const { agent } = await signedInUser(gw);
    const res = await gql(agent, REPORT, { lat, lng, acc: 5 });
    const ids = res.data!.reportLocation.newDiscoveries.map((p: { id: string }) => Number(p.id));
    expect(ids).toContain(inside.id);
    expect(ids).not.toContain(outside.id);
  });

  it('should keep the 20 nearest, nearest first, when more match', async () => {
    const rand = rng(7);
    const [lat, lng] = [-40 + rand(), 100 + rand()];
    const rows = await insertListings(
      Array.from({ length: 30 }, (_, i) => {
        const [a, b] = offset(lat, lng, 0.05 * (i + 1), rand() * 360);
        return {
          lat: a,
          lng: b,
          isRental: true,
          type: 'house',
          price: 1000,
          size: 40,
          bedrooms: 1,
          bathrooms: 1,
          features: [],
          ownerId: null,
        };
      }),
    );
    const { agent } = await signedInUser(gw);
    const res = await gql(agent, REPORT, { lat, lng });
    const ids = res.data!.reportLocation.newDiscoveries.map((p: { id: string }) => Number(p.id));
    expect(ids).toEqual(rows.slice(0, 20).map((r) => r.id));
  });

  it('should store but not match a fix less precise than 500 m', async () => {
    const [lat, lng] = [-20 + Math.random(), -60 + Math.random()];
    await insertListings([
      {
        lat,
        lng,
        isRental: false,
        type: 'villa',
        price: 500_000,
        size: 200,
        bedrooms: 4,
        bathrooms: 2,
        features: [],
        ownerId: null,
      },
    ]);
    const { agent, user } = await signedInUser(gw);
    const res = await agent
      .post('/api/user-locations')
      .send({ userId: user.id, latitude: lat, longitude: lng, accuracy: 501, timestamp: Date.now() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ matched: false, newDiscoveries: [] });
    expect(res.body.location.accuracy).toBe('501.00');
    const [{ count }] = await gw.db.query('SELECT count(*)::int AS count FROM user_locations WHERE user_id = $1', [
      user.id,
    ]);
    expect(count).toBe(1);
    const precise = await agent.post('/api/user-locations').send({ latitude: lat, longitude: lng, accuracy: 500 });
    expect(precise.body.newDiscoveries).toHaveLength(1);
  });

  it('should run at most one matching pass per user every 5 s, storing every fix', async () => {
    const [lat, lng] = [-25 + Math.random(), 30 + Math.random()];
    const base = {
      isRental: false,
      type: 'house',
      price: 300_000,
      size: 90,
      bedrooms: 3,
      bathrooms: 1,
      features: [],
      ownerId: null,
    };
    await insertListings([{ ...base, lat, lng }]);
    const { agent, user } = await signedInUser(gw);
    expect((await gql(agent, REPORT, { lat, lng })).data!.reportLocation).toMatchObject({ matched: true });
    await insertListings([{ ...base, lat, lng: lng + 0.001 }]);
    expect((await gql(agent, REPORT, { lat, lng })).data!.reportLocation).toEqual({
      matched: false,
      newDiscoveries: [],
    });
    await gw.db.query(`UPDATE discovery_state SET last_pass_at = now() - interval '5 seconds' WHERE user_id = $1`, [
      user.id,
    ]);
    const third = await gql(agent, REPORT, { lat, lng });
    expect(third.data!.reportLocation.matched).toBe(true);
    expect(third.data!.reportLocation.newDiscoveries).toHaveLength(1);
    const [{ count }] = await gw.db.query('SELECT count(*)::int AS count FROM user_locations WHERE user_id = $1', [
      user.id,
    ]);
    expect(count).toBe(3);
  });

  it('should create no duplicate and lose no entry under 20 concurrent reports, and under 20 concurrent passes of the statement', async () => {
    const rand = rng(99);
    const [lat, lng] = [-45 + rand(), -100 + rand()];
    const { agent, user } = await signedInUser(gw);
    const rows = await insertListings(randomListings(rand, lat, lng, 60, null));
    const reports = await Promise.all(
      Array.from({ length: 20 }, () =>
        agent.post('/api/user-locations').send({ latitude: lat, longitude: lng, accuracy: 10 }),
      ),
    );
    expect(reports.map((r) => [r.status, r.body.message])).toEqual(reports.map(() => [201, undefined]));
    expect(reports.filter((r) => r.body.matched)).toHaveLength(1);

    // Bypassing the gate: the statement itself must stay correct when passes race (one connection each).
    const f = ZSearchFilters.parse({ radius: 5 });
    const pass = async (c: Client) => {
      const db = { query: async (sql: string, params?: unknown[]) => (await c.query(sql, params)).rows };
      const fix = { userId: user.id, latitude: lat, longitude: lng, accuracy: 10, timestamp: new Date() };
      await reportPass(db, fix, f, { limit: 20, intervalS: 5, gate: false });
    };
    const clients = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const c = new Client({ connectionString: process.env.TEST_DB_URL });
        await c.connect();
        return c;
      }),
    );
    try {
      await Promise.all(clients.map(pass));
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    const entries = await gw.db.query('SELECT property_id FROM history_entries WHERE user_id = $1', [user.id]);
    const ids: number[] = entries.map((e: { property_id: number }) => e.property_id);
    expect(new Set(ids).size).toBe(ids.length);
    // No lost entry: whatever the interleaving, the 20 nearest not found by the first pass are all there.
    const first = new Set(reports.find((r) => r.body.matched)!.body.newDiscoveries.map((p: { id: number }) => p.id));
    const nearest = rows
      .filter((r) => !first.has(r.id) && km(lat, lng, r.lat, r.lng) <= 5)
      .sort((x, y) => km(lat, lng, x.lat, x.lng) - km(lat, lng, y.lat, y.lng))
      .slice(0, 20);
    for (const r of nearest) expect(ids).toContain(r.id);
  });

  it("should not discover the user's own listings nor those already in the history", async () => {
    const [lat, lng] = [-10 + Math.random(), 10 + Math.random()];
    const { agent, user } = await signedInUser(gw);
    const base = {
      isRental: false,
      type: 'apartment',
      price: 250_000,
      size: 40,
      bedrooms: 1,
      bathrooms: 1,
      features: [],
    };
    const [own, seen, fresh] = await insertListings([
      { ...base, lat, lng, ownerId: user.id },
      { ...base, lat, lng: lng + 0.0005, ownerId: null },
      { ...base, lat, lng: lng + 0.001, ownerId: null },
    ]);
    await agent.patch('/api/history/view').send({ propertyId: seen.id });
    const res = await gql(agent, REPORT, { lat, lng });
    const ids = res.data!.reportLocation.newDiscoveries.map((p: { id: string }) => Number(p.id));
    expect(ids).toEqual([fresh.id]);
    expect(ids).not.toContain(own.id);
  });
});

describe('location reports: access and input', () => {
  it('should answer 401 when signed out and 403 when userId is another user', async () => {
    expect((await gw.agent().post('/api/user-locations').send({ latitude: 1, longitude: 1 })).status).toBe(401);
    const { agent, user } = await signedInUser(gw);
    const res = await agent.post('/api/user-locations').send({ userId: user.id + 1, latitude: 1, longitude: 1 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Accès refusé');
    const gqlRes = await gql(gw.agent(), REPORT, { lat: 1, lng: 1 });
    expect(gqlRes.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('should answer 400 in French for coordinates out of range', async () => {
    const { agent } = await signedInUser(gw);
    const res = await agent.post('/api/user-locations').send({ latitude: 91, longitude: 0 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('La latitude doit être comprise entre -90 et 90');
    const bad = await agent.post('/api/user-locations').send({ latitude: 'abc', longitude: 0 });
    expect(bad.status).toBe(400);
  });

  it('should answer 400 in French for a timestamp PostgreSQL cannot store, and keep the earlier fixes', async () => {
    const { agent } = await signedInUser(gw);
    expect((await agent.post('/api/user-locations').send({ latitude: 1, longitude: 1, accuracy: 600 })).status).toBe(
      201,
    );
    for (const timestamp of ['-100000-01-01T00:00:00Z', '+275000-01-01T00:00:00Z', -8.64e15]) {
      const res = await agent.post('/api/user-locations').send({ latitude: 1, longitude: 1, timestamp });
      expect([res.status, res.body.message]).toEqual([400, MSG.timestampInvalid]);
    }
    const me = (await agent.get('/api/user')).body as { id: number };
    const [{ n }] = await gw.db.query('SELECT count(*)::int AS n FROM user_locations WHERE user_id = $1', [me.id]);
    expect(n).toBe(1);
  });
});

describe('discoveryAdded', () => {
  it('should deliver each discovery exactly once, to its user only', async () => {
    const [lat, lng] = [35 + Math.random(), -120 + Math.random()];
    const base = {
      isRental: true,
      type: 'apartment',
      price: 1200,
      size: 30,
      bedrooms: 1,
      bathrooms: 1,
      features: [],
      ownerId: null,
    };
    await insertListings([0, 1, 2].map((i) => ({ ...base, lat, lng: lng + i * 0.001 })));
    const a = await withCookie();
    const b = await withCookie();
    const wsA = wsClient(port, { cookie: a.cookie, lazy: false });
    const wsB = wsClient(port, { cookie: b.cookie, lazy: false });
    const sub = 'subscription { discoveryAdded { entry { id isViewed } property { id title } } }';
    const evA = collect(wsA, sub);
    const evB = collect(wsB, sub);
    await Promise.all([evA.ready, evB.ready]);
    await new Promise((r) => setTimeout(r, 100));
    const res = await gql(a.agent, REPORT, { lat, lng });
    const found = res.data!.reportLocation.newDiscoveries.length;
    expect(found).toBe(3);
    expect(await waitFor(() => evA.events.length >= 3, 1000)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(evA.events).toHaveLength(3);
    expect(new Set(evA.events.map((e: any) => e.discoveryAdded.property.id)).size).toBe(3);
    expect(evA.events.every((e: any) => e.discoveryAdded.entry.isViewed === false)).toBe(true);
    expect(evB.events).toHaveLength(0);
    await wsA.dispose();
    await wsB.dispose();
  });

  it('should refuse the subscription without a session', async () => {
    const ws = wsClient(port, { lazy: false });
    const ev = collect(ws, 'subscription { discoveryAdded { entry { id } } }');
    expect(await waitFor(() => ev.errors.length > 0, 1000)).toBe(true);
    await ws.dispose();
  });
});

describe('simulated discovery', () => {
  it('should add the nearest not-yet-discovered listing to the last position, answer { entry, property }, and never repeat it', async () => {
    const [lat, lng] = [50 + Math.random(), 60 + Math.random()];
    const base = {
      isRental: false,
      type: 'apartment',
      price: 200_000,
      size: 30,
      bedrooms: 1,
      bathrooms: 1,
      features: [],
      ownerId: null,
    };
    const [near, far] = await insertListings([
      { ...base, lat: lat + 0.001, lng },
      { ...base, lat: lat + 0.002, lng },
    ]);
    const { agent } = await signedInUser(gw);
    await agent.post('/api/user-locations').send({ latitude: lat, longitude: lng, accuracy: 900 });
    const first = await agent.get('/api/test/add-history');
    expect(first.status).toBe(201);
    expect(first.body.property.id).toBe(near.id);
    expect(first.body.entry).toMatchObject({ isViewed: false });
    const second = await gql(agent, 'mutation { simulateDiscovery { entry { id } property { id } } }');
    expect(second.data!.simulateDiscovery.property.id).toBe(String(far.id));
  });

  it('should answer 401 signed out and 403 in production unless ENABLE_SIMULATION is true', async () => {
    expect((await gw.agent().get('/api/test/add-history')).status).toBe(401);
    const prod = await startGateway({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
    try {
      // Secure cookies do not travel over the test's plain HTTP: the switch is checked before the session anyway.
      const res = await prod.agent().get('/api/test/add-history');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('La simulation de découverte est désactivée.');
    } finally {
      await prod.close();
    }
  });
});

describe('location privacy', () => {
  it("should erase the user's fixes and only theirs", async () => {
    const a = await signedInUser(gw);
    const b = await signedInUser(gw);
    for (const u of [a, b])
      await u.agent.post('/api/user-locations').send({ latitude: 1, longitude: 1, accuracy: 900 });
    const res = await gql(a.agent, 'mutation { eraseMyLocations }');
    expect(res.data).toEqual({ eraseMyLocations: 1 });
    const count = async (id: number) =>
      (await gw.db.query('SELECT count(*)::int AS c FROM user_locations WHERE user_id = $1', [id]))[0].c;
    expect(await count(a.user.id)).toBe(0);
    expect(await count(b.user.id)).toBe(1);
    // The walks cut from them go too (the other user's stay).
    const walks = async (id: number) =>
      (await gw.db.query('SELECT count(*)::int AS c FROM walks WHERE user_id = $1', [id]))[0].c;
    expect(await walks(a.user.id)).toBe(0);
    expect(await walks(b.user.id)).toBe(1);
  });

  it('should purge fixes older than 30 days', async () => {
    const { agent, user } = await signedInUser(gw);
    await agent
      .post('/api/user-locations')
      .send({ latitude: 1, longitude: 1, accuracy: 900, timestamp: new Date(Date.now() - 31 * 864e5).toISOString() });
    await agent
      .post('/api/user-locations')
      .send({ latitude: 1, longitude: 1, accuracy: 900, timestamp: new Date(Date.now() - 29 * 864e5).toISOString() });
    await purgeExpired(gw.db);
    const rows = await gw.db.query('SELECT timestamp FROM user_locations WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
  });
});
