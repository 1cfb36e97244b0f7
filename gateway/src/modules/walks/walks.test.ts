import { MSG, type TSearchFiltersInput } from '@flaneur/schema';
import crypto from 'node:crypto';
import { signedInUser, type Agent } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { startPushService, type PushService } from '../../../test/push-service';
import { purgeExpired } from '../../jobs/maintenance';
import { quietHoursAround } from '../../../test/quiet-hours';

/*
 * The walk journal through the public surface: fixes are reported as a device does (REST, live or in a batch), the
 * walks are read over GraphQL and REST. Every test walks in a random spot of the southern Indian Ocean no other test
 * file uses, so that only its own listings are around.
 */

let push: PushService;
beforeAll(async () => {
  push = await startPushService();
});
afterAll(() => push.close());

/** Worker stopped: the digest runs when a test drains the queue, so "nothing was sent" is a fact. */
const gw = useGateway({ startOutbox: false });

/** Runs the end-of-walk sweep until no ended walk is left (the database is shared with other test files). */
async function sweepAll() {
  while ((await gw.services.walks.sweepEnded()).handled > 0);
}

const MIN = 60_000;
const R_M = 6371008.8;

/** Great-circle distance in metres (the reference of the SQL one). */
function haversineM(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * R_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A random spot far from every other test (and from Paris). */
function spot() {
  return { latitude: -45 + Math.random() * 8, longitude: 60 + Math.random() * 30 };
}

/** A point `north` and `east` metres from `at`. */
function offset(at: { latitude: number; longitude: number }, north: number, east: number) {
  const dLat = north / 111_320;
  const dLng = east / (111_320 * Math.cos((at.latitude * Math.PI) / 180));
  return { latitude: at.latitude + dLat, longitude: at.longitude + dLng };
}

async function report(agent: Agent, at: { latitude: number; longitude: number }, time: Date, accuracy = 10) {
  const res = await agent
    .post('/api/user-locations')
    .send({ ...at, accuracy, timestamp: time.toISOString(), clientId: crypto.randomUUID() });
  expect(res.status).toBe(201);
}

async function reportBatch(agent: Agent, fixes: { at: { latitude: number; longitude: number }; time: Date }[]) {
  const res = await agent.post('/api/user-locations/batch').send({
    fixes: fixes.map((f) => ({
      ...f.at,
      accuracy: 10,
      timestamp: f.time.toISOString(),
      clientId: crypto.randomUUID(),
    })),
  });
  expect(res.status).toBe(200);
  return res.body as { stored: number; discovered: number };
}

async function saveCriteria(agent: Agent, searchFilters: TSearchFiltersInput) {
  const res = await agent.post('/api/user/preferences').send({ searchFilters });
  expect(res.status).toBe(200);
}

const WALK = `id startedAt endedAt lastFixAt distanceM discoveryCount`;
const WALKS = `query ($first: Int, $after: String) { walks(first: $first, after: $after) { nodes { ${WALK} } pageInfo { endCursor hasNextPage } } }`;
const ONE = `query ($id: ID!) { walk(id: $id) { ${WALK} path { latitude longitude accuracy timestamp }
  discoveries { entry { id } property { id title } } nearMisses { missed distanceM property { id } } } }`;

interface WalkJson {
  id: string;
  startedAt: string;
  endedAt: string | null;
  lastFixAt: string;
  distanceM: number;
  discoveryCount: number;
  path: { latitude: number; longitude: number; accuracy: number | null; timestamp: string }[];
  discoveries: { entry: { id: string }; property: { id: string; title: string } }[];
  nearMisses: { missed: string; distanceM: number; property: { id: string } }[];
}

async function walksOf(agent: Agent): Promise<WalkJson[]> {
  const res = await gql(agent, WALKS, { first: 100 });
  expect(res.errors).toBeUndefined();
  return res.data!.walks.nodes;
}

async function walkOf(agent: Agent, id: string | number): Promise<WalkJson> {
  const res = await gql(agent, ONE, { id: String(id) });
  expect(res.errors).toBeUndefined();
  return res.data!.walk;
}

/** Inserts a listing for sale at `at` (volume-style insert, every column the criteria read). */
async function listing(
  at: { latitude: number; longitude: number },
  v: {
    price?: number;
    size?: number;
    bedrooms?: number;
    rooms?: number;
    bathrooms?: number;
    features?: string[];
    isRental?: boolean;
    ownerId?: number | null;
    title?: string;
    dpeRating?: string | null;
  } = {},
): Promise<number> {
  const [row]: { id: number }[] = await gw.db.query(
    `INSERT INTO properties (title, description, price, size, rooms, bedrooms, bathrooms, is_rental, features, address,
       city, postal_code, latitude, longitude, images, owner_name, owner_email, owner_phone, owner_id, dpe_rating)
     VALUES ($1, 'Description', $2, $3, $4, $5, $6, $7, $8, '1 rue de la Balade', 'Ville', '75002', $9, $10,
       ARRAY['/uploads/listings/walk.webp'], 'Camille', 'camille@example.fr', '0600000000', $11, $12)
     RETURNING id`,
    [
      v.title ?? 'Annonce',
      v.price ?? 250_000,
      v.size ?? 60,
      v.rooms ?? 4,
      v.bedrooms ?? 3,
      v.bathrooms ?? 1,
      v.isRental ?? false,
      v.features ?? ['balcony'],
      at.latitude.toFixed(7),
      at.longitude.toFixed(7),
      v.ownerId ?? null,
      v.dpeRating ?? null,
    ],
  );
  return row.id;
}

describe('segmentation', () => {
  it('should cut walks at gaps over 15 minutes: 14 and exactly 15 minutes join, 16 and 15 min 1 s start a new one; the last is in progress', async () => {
    const { agent } = await signedInUser(gw);
    const at = spot();
    const t0 = Date.now() - 3 * 60 * MIN;
    const a = at;
    const b = offset(at, 100, 0);
    const c = offset(at, 100, 150);
    const c2 = offset(at, 200, 150);
    const e = offset(at, 200, 300);
    const d = offset(at, 400, 150);
    await report(agent, a, new Date(t0));
    await report(agent, b, new Date(t0 + 14 * MIN));
    await report(agent, c, new Date(t0 + 30 * MIN)); // 16 minutes later: a new walk
    await report(agent, c2, new Date(t0 + 45 * MIN)); // exactly 15 minutes later: the same walk
    await report(agent, e, new Date(t0 + 60 * MIN + 1000)); // 15 min 1 s later: a new walk
    await report(agent, d, new Date(Date.now() - MIN)); // a walk in progress
    const walks = await walksOf(agent);
    expect(walks).toHaveLength(4);
    const [now, third, second, first] = walks;
    // Newest first.
    expect(now.endedAt).toBeNull();
    expect(now.distanceM).toBe(0);
    expect(third).toMatchObject({
      startedAt: new Date(t0 + 60 * MIN + 1000).toISOString(),
      endedAt: new Date(t0 + 75 * MIN + 1000).toISOString(),
      distanceM: 0,
    });
    expect(second).toMatchObject({
      startedAt: new Date(t0 + 30 * MIN).toISOString(),
      lastFixAt: new Date(t0 + 45 * MIN).toISOString(),
      endedAt: new Date(t0 + 60 * MIN).toISOString(),
      distanceM: Math.round(haversineM(c, c2)),
    });
    expect(first).toMatchObject({
      startedAt: new Date(t0).toISOString(),
      lastFixAt: new Date(t0 + 14 * MIN).toISOString(),
      endedAt: new Date(t0 + 29 * MIN).toISOString(),
      distanceM: Math.round(haversineM(a, b)),
      discoveryCount: 0,
    });
    expect((await walkOf(agent, first.id)).path.map((f) => [f.latitude, f.longitude, f.accuracy])).toEqual([
      [Number(a.latitude.toFixed(7)), Number(a.longitude.toFixed(7)), 10],
      [Number(b.latitude.toFixed(7)), Number(b.longitude.toFixed(7)), 10],
    ]);
  });

  it('should apply the same 15-minute boundary to fixes stored together (a batch replayed over 24 h late)', async () => {
    const { agent } = await signedInUser(gw);
    const at = spot();
    const t0 = Date.now() - 2 * 24 * 60 * MIN;
    const p = [0, 1, 2, 3].map((i) => offset(at, i * 100, 0));
    // Stored in one statement (too late to be matched): the walks are cut again from the fixes, not extended one by one.
    await reportBatch(agent, [
      { at: p[0], time: new Date(t0) },
      { at: p[1], time: new Date(t0 + 15 * MIN) }, // exactly 15 minutes: the same walk
      { at: p[2], time: new Date(t0 + 30 * MIN + 1000) }, // 15 min 1 s: a new walk
      { at: p[3], time: new Date(t0 + 45 * MIN + 1000) }, // exactly 15 minutes: the same walk
    ]);
    const walks = await walksOf(agent);
    expect(walks.map((w) => [w.startedAt, w.lastFixAt, w.distanceM])).toEqual([
      [
        new Date(t0 + 30 * MIN + 1000).toISOString(),
        new Date(t0 + 45 * MIN + 1000).toISOString(),
        Math.round(haversineM(p[2], p[3])),
      ],
      [new Date(t0).toISOString(), new Date(t0 + 15 * MIN).toISOString(), Math.round(haversineM(p[0], p[1]))],
    ]);
  });

  it('should add up the distance fix after fix, and merge two walks when a late fix fills the gap', async () => {
    const { agent } = await signedInUser(gw);
    const at = spot();
    const t0 = Date.now() - 5 * 60 * MIN;
    const points = [0, 1, 2, 3].map((i) => offset(at, i * 80, i * 30));
    for (const [i, p] of points.entries()) await report(agent, p, new Date(t0 + i * 2 * MIN));
    const far = offset(at, 500, 0);
    await report(agent, far, new Date(t0 + 6 * MIN + 20 * MIN)); // a second walk, 20 minutes later
    let walks = await walksOf(agent);
    expect(walks).toHaveLength(2);
    const expected = points.slice(1).reduce((sum, p, i) => sum + haversineM(points[i], p), 0);
    expect(walks[1].distanceM).toBe(Math.round(expected));
    const firstId = walks[1].id;
    // A fix kept offline, dated between the two walks within 15 minutes of each: one walk, the older id kept.
    const bridge = offset(at, 400, 0);
    await reportBatch(agent, [{ at: bridge, time: new Date(t0 + 6 * MIN + 10 * MIN) }]);
    walks = await walksOf(agent);
    expect(walks).toHaveLength(1);
    expect(walks[0].id).toBe(firstId);
    expect(walks[0].distanceM).toBe(Math.round(expected + haversineM(points[3], bridge) + haversineM(bridge, far)));
    expect((await walkOf(agent, firstId)).path).toHaveLength(6);
  });

  it('should keep the figures and drop the trace once the fixes are purged (30 days)', async () => {
    const { agent } = await signedInUser(gw);
    const at = spot();
    const t0 = Date.now() - 31 * 24 * 60 * MIN;
    const b = offset(at, 250, 0);
    await reportBatch(agent, [
      { at, time: new Date(t0) },
      { at: b, time: new Date(t0 + 5 * MIN) },
    ]);
    const [before] = await walksOf(agent);
    // (Another test file's gateway, purging as it starts on the shared database, may have taken the trace already.)
    expect([0, 2]).toContain((await walkOf(agent, before.id)).path.length);
    await purgeExpired(gw.db);
    const after = await walkOf(agent, before.id);
    expect(after.path).toEqual([]);
    expect(after.nearMisses).toEqual([]);
    expect(after).toMatchObject({
      startedAt: before.startedAt,
      endedAt: before.endedAt,
      distanceM: Math.round(haversineM(at, b)),
    });
  });
});

describe('only the walker', () => {
  it('should answer NOT_FOUND / 404 to anyone else, 401 signed out, and list only their own walks', async () => {
    const walker = await signedInUser(gw);
    const other = await signedInUser(gw);
    await report(walker.agent, spot(), new Date(Date.now() - 2 * MIN));
    const [walk] = await walksOf(walker.agent);
    const res = await gql(other.agent, ONE, { id: walk.id });
    expect(res.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(res.errors?.[0].message).toBe(MSG.walkNotFound);
    // The same answer as a walk that does not exist: nothing tells them apart.
    const none = await gql(other.agent, ONE, { id: '2147483000' });
    expect(none.errors?.[0].message).toBe(res.errors?.[0].message);
    expect((await other.agent.get(`/api/walks/${walk.id}`)).status).toBe(404);
    expect((await other.agent.get(`/api/walks/abc`)).status).toBe(404);
    expect(await walksOf(other.agent)).toEqual([]);
    expect((await gw.agent().get('/api/walks')).status).toBe(401);
    expect((await gql(gw.agent(), WALKS, {})).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('REST and pages', () => {
  it('should page newest first (GraphQL cursor, REST X-Next-Cursor) and answer a walk with its trace', async () => {
    const { agent } = await signedInUser(gw);
    const at = spot();
    const t0 = Date.now() - 10 * 60 * MIN;
    for (let i = 0; i < 3; i++) await report(agent, offset(at, i * 10, 0), new Date(t0 + i * 60 * MIN));
    const page1 = await gql(agent, WALKS, { first: 2 });
    expect(page1.data!.walks.nodes).toHaveLength(2);
    expect(page1.data!.walks.pageInfo.hasNextPage).toBe(true);
    const page2 = await gql(agent, WALKS, { first: 2, after: page1.data!.walks.pageInfo.endCursor });
    expect(page2.data!.walks.nodes).toHaveLength(1);
    expect(page2.data!.walks.pageInfo.hasNextPage).toBe(false);
    const starts = [...page1.data!.walks.nodes, ...page2.data!.walks.nodes].map((w: WalkJson) => w.startedAt);
    expect(starts).toEqual([2, 1, 0].map((i) => new Date(t0 + i * 60 * MIN).toISOString()));
    expect((await gql(agent, WALKS, { after: 'pas-un-curseur' })).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    const list = await agent.get('/api/walks?limit=2');
    expect(list.status).toBe(200);
    expect(list.headers['x-next-cursor']).toBeTruthy();
    expect(list.body).toHaveLength(2);
    expect(list.body[0]).toEqual({
      id: expect.any(Number),
      startedAt: new Date(t0 + 120 * MIN).toISOString(),
      endedAt: new Date(t0 + 135 * MIN).toISOString(),
      lastFixAt: new Date(t0 + 120 * MIN).toISOString(),
      distanceM: 0,
      discoveryCount: 0,
    });
    const rest = await agent.get(`/api/walks?limit=2&after=${list.headers['x-next-cursor']}`);
    expect(rest.body.map((w: { startedAt: string }) => w.startedAt)).toEqual([new Date(t0).toISOString()]);
    expect((await agent.get('/api/walks?limit=0')).status).toBe(400);

    const one = await agent.get(`/api/walks/${list.body[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ ...list.body[0], discoveries: [], nearMisses: [] });
    expect(one.body.path).toEqual(
      [{ ...offset(at, 20, 0), accuracy: 10, timestamp: new Date(t0 + 120 * MIN).toISOString() }].map((f) => ({
        ...f,
        latitude: Number(f.latitude.toFixed(7)),
        longitude: Number(f.longitude.toFixed(7)),
      })),
    );
  });
});

describe('discoveries', () => {
  it("should list the walk's discoveries (a replayed walk, dated at the fixes) and count them", async () => {
    const { agent } = await signedInUser(gw);
    const at = spot();
    const id = await listing(offset(at, 30, 0), { title: 'Maison du bord de mer' });
    const t0 = Date.now() - 3 * 60 * MIN;
    const result = await reportBatch(agent, [
      { at, time: new Date(t0) },
      { at: offset(at, 50, 0), time: new Date(t0 + 5 * MIN) },
    ]);
    expect(result.discovered).toBe(1);
    // Another walk, an hour later and 3 km away, discovers nothing: its count is its own.
    await reportBatch(agent, [{ at: offset(at, 3000, 0), time: new Date(t0 + 60 * MIN) }]);
    const walks = await walksOf(agent);
    expect(walks.map((w) => w.discoveryCount)).toEqual([0, 1]);
    const walk = await walkOf(agent, walks[1].id);
    expect(walk.discoveries.map((d) => d.property)).toEqual([{ id: String(id), title: 'Maison du bord de mer' }]);
    // Opening the listing later (a view moves viewed_at) keeps it in the walk.
    expect((await agent.patch('/api/history/view').send({ propertyId: id })).status).toBe(200);
    expect((await walkOf(agent, walks[1].id)).discoveryCount).toBe(1);
    const rest = await agent.get(`/api/walks/${walks[1].id}`);
    expect(rest.body.discoveries).toEqual([
      {
        entry: { id: expect.any(Number), isViewed: true, viewedAt: expect.any(String), source: 'walk' },
        property: expect.objectContaining({ id }),
      },
    ]);
  });
});

describe('discoveries: only those made walking', () => {
  it('should leave out a simulated discovery and a panel scan made during the walk', async () => {
    const { agent, user } = await signedInUser(gw);
    await saveCriteria(agent, { radius: 0.5 } as TSearchFiltersInput);
    const at = spot();
    const walked = await listing(offset(at, 30, 0), { title: 'Maison du bord de mer' });
    const simulatedOne = await listing(offset(at, 3000, 0)); // beyond the radius: the nearest left to the simulation
    const scanned = await listing(offset(at, 6000, 0));
    const t0 = Date.now() - 5 * MIN;
    await report(agent, at, new Date(t0));
    await report(agent, offset(at, 40, 0), new Date(t0 + 2 * MIN));
    const [walk] = await walksOf(agent);
    expect(walk).toMatchObject({ endedAt: null, discoveryCount: 1 });
    const before = await agent.get(`/api/walks/${walk.id}`);
    expect(before.body.discoveries.map((d: { property: { id: number } }) => d.property.id)).toEqual([walked]);

    // The simulation, placed at the last fix, and a panel scanned while signed in, both during the walk.
    const simulated = await gql(agent, 'mutation { simulateDiscovery { entry { source } property { id } } }');
    expect(simulated.errors).toBeUndefined();
    expect(simulated.data!.simulateDiscovery).toEqual({
      entry: { source: 'simulation' },
      property: { id: String(simulatedOne) },
    });
    const [{ ref }] = await gw.db.query('SELECT ref FROM properties WHERE id = $1', [scanned]);
    const scan = await agent.get(`/p/${ref}`).redirects(0);
    expect(scan.status).toBe(302);
    expect(
      await gw.db.query(
        `SELECT property_id, source, latitude IS NOT NULL AS placed, discovered_at >= $2 AS during
         FROM history_entries WHERE user_id = $1 ORDER BY id`,
        [user.id, walk.startedAt],
      ),
    ).toEqual([
      { property_id: walked, source: 'walk', placed: true, during: true },
      { property_id: simulatedOne, source: 'simulation', placed: true, during: true },
      { property_id: scanned, source: 'panel', placed: false, during: true },
    ]);

    // The walk is unchanged: its count and its discoveries, in GraphQL and REST.
    const [after] = await walksOf(agent);
    expect(after).toMatchObject({ id: walk.id, endedAt: null, discoveryCount: 1 });
    expect((await walkOf(agent, walk.id)).discoveries.map((d) => Number(d.property.id))).toEqual([walked]);
    const rest = await agent.get(`/api/walks/${walk.id}`);
    expect(rest.body.discoveryCount).toBe(1);
    expect(rest.body.discoveries).toEqual(before.body.discoveries);
  });
});

// ─── Near misses ──────────────────────────────────────────────────────────────────────────────────────────────────

interface RefListing {
  id: number;
  latitude: number;
  longitude: number;
  price: number;
  size: number;
  bedrooms: number;
  rooms: number;
  bathrooms: number;
  features: string[];
  isRental: boolean;
  ownerId: number | null;
}

interface RefCriteria {
  propertyStatus: 'all' | 'sale' | 'rent';
  radius: number;
  priceMin: number | null;
  priceMax: number | null;
  sizeMin: number | null;
  sizeMax: number | null;
  bedrooms: number[];
  roomsMin: number | null;
  bathrooms: number[];
  features: string[];
}

/** The rule, written again plainly: the reference the statement is checked against. */
function referenceNearMisses(
  listings: RefListing[],
  fixes: { latitude: number; longitude: number }[],
  f: RefCriteria,
  me: number,
  history: Set<number>,
): { id: number; missed: string }[] {
  const inSet = (set: number[], n: number, top: number) =>
    !set.length || set.includes(n) || (set.includes(top) && n >= top);
  const found: { id: number; missed: string; m: number }[] = [];
  for (const l of listings) {
    const m = Math.min(...fixes.map((x) => haversineM(x, l)));
    if (m > f.radius * 1000) continue;
    const hard =
      (f.propertyStatus === 'all' || l.isRental === (f.propertyStatus === 'rent')) &&
      (f.priceMin === null || l.price >= f.priceMin) &&
      (f.sizeMax === null || l.size <= f.sizeMax) &&
      (f.roomsMin === null || l.rooms >= f.roomsMin) &&
      inSet(f.bathrooms, l.bathrooms, 4) &&
      f.features.every((x) => l.features.includes(x)) &&
      l.ownerId !== me &&
      !history.has(l.id);
    if (!hard) continue;
    const priceOk = f.priceMax === null || l.price <= f.priceMax;
    const priceNear = f.priceMax !== null && l.price * 10 <= f.priceMax * 11;
    const sizeOk = f.sizeMin === null || l.size >= f.sizeMin;
    const sizeNear = f.sizeMin !== null && l.size * 10 >= f.sizeMin * 9;
    const bedOk = inSet(f.bedrooms, l.bedrooms, 5);
    const bedNear = inSet(f.bedrooms, l.bedrooms + 1, 5);
    const fails = [!priceOk, !sizeOk, !bedOk].filter(Boolean).length;
    if (fails !== 1) continue;
    const missed = !priceOk
      ? priceNear
        ? 'price'
        : null
      : !sizeOk
        ? sizeNear
          ? 'size'
          : null
        : bedNear
          ? 'bedrooms'
          : null;
    if (missed) found.push({ id: l.id, missed, m });
  }
  return found
    .sort((a, b) => a.m - b.m || a.id - b.id)
    .slice(0, 5)
    .map(({ id, missed }) => ({ id, missed }));
}

describe('near misses (« Presque pour vous »)', () => {
  const criteria: RefCriteria = {
    propertyStatus: 'sale',
    radius: 0.5,
    priceMin: 100_000,
    priceMax: 300_000,
    sizeMin: 50,
    sizeMax: 120,
    bedrooms: [3],
    roomsMin: 2,
    bathrooms: [],
    features: ['balcony'],
  };

  it('should name the one criterion missed by a small margin, at the boundaries, every other criterion matching', async () => {
    const { agent, user } = await signedInUser(gw);
    await saveCriteria(agent, criteria as TSearchFiltersInput);
    const at = spot();
    const east = (m: number) => offset(at, 0, m);
    const ids = {
      price: await listing(east(100), { price: 330_000 }), // exactly 10 % over
      priceOut: await listing(east(110), { price: 330_010 }),
      size: await listing(east(120), { size: 45 }), // exactly 10 % under
      sizeOut: await listing(east(130), { size: 44.99 }),
      bedrooms: await listing(east(140), { bedrooms: 2 }), // one short
      bedroomsOut: await listing(east(150), { bedrooms: 1 }),
      twoMissed: await listing(east(160), { price: 310_000, size: 48 }),
      noBalcony: await listing(east(170), { price: 310_000, features: [] }),
      rental: await listing(east(180), { price: 310_000, isRental: true }),
      own: await listing(east(190), { price: 310_000, ownerId: user.id }),
      outside: await listing(east(800), { price: 310_000 }),
    };
    // Replayed more than 24 h late: stored, not matched, so that the full match stays out of the history too.
    const t0 = Date.now() - 25 * 60 * MIN;
    await reportBatch(agent, [
      { at, time: new Date(t0 - 5 * MIN) },
      { at: offset(at, 10, 0), time: new Date(t0) },
    ]);
    const [walk] = await walksOf(agent);
    const got = (await walkOf(agent, walk.id)).nearMisses.map((n) => [Number(n.property.id), n.missed]);
    expect(got).toEqual([
      [ids.price, 'price'],
      [ids.size, 'size'],
      [ids.bedrooms, 'bedrooms'],
    ]);
    // REST: the same, with the listing.
    const rest = await agent.get(`/api/walks/${walk.id}`);
    expect(
      rest.body.nearMisses.map((n: { missed: string; property: { id: number } }) => [n.property.id, n.missed]),
    ).toEqual(got);
    expect(rest.body.nearMisses[0].distanceM).toBe(Math.round(haversineM(at, east(100))));
  });

  it('should keep at most 5 near misses per walk, the nearest first, each with its criterion', async () => {
    const { agent } = await signedInUser(gw);
    await saveCriteria(agent, criteria as TSearchFiltersInput);
    const at = spot();
    // 8 listings east of the walk at increasing distances, each over the maximum price by at most 10 % and matching
    // every other criterion; inserted farthest first, so that the ids run opposite to the distances.
    const places = [60, 100, 140, 180, 220, 260, 300, 340].map((m) => offset(at, 0, m));
    const ids: number[] = [];
    for (let i = places.length - 1; i >= 0; i--) ids[i] = await listing(places[i], { price: 301_000 + i * 4_000 });
    // Replayed more than 24 h late, as the other near-miss walks.
    await reportBatch(agent, [{ at, time: new Date(Date.now() - 25 * 60 * MIN) }]);
    const [walk] = await walksOf(agent);
    const stored = (p: { latitude: number; longitude: number }) => ({
      latitude: Number(p.latitude.toFixed(7)),
      longitude: Number(p.longitude.toFixed(7)),
    });
    const expected = places.slice(0, 5).map((p, i) => ({
      id: ids[i],
      missed: 'price',
      distanceM: Math.round(haversineM(stored(at), stored(p))),
    }));
    const got = (await walkOf(agent, walk.id)).nearMisses;
    expect(got.map((n) => ({ id: Number(n.property.id), missed: n.missed, distanceM: n.distanceM }))).toEqual(expected);
    const rest = await agent.get(`/api/walks/${walk.id}`);
    expect(
      rest.body.nearMisses.map((n: { missed: string; distanceM: number; property: { id: number } }) => ({
        id: n.property.id,
        missed: n.missed,
        distanceM: n.distanceM,
      })),
    ).toEqual(expected);
  });

  it('should honour the saved zone and worst energy class too', async () => {
    const { agent } = await signedInUser(gw);
    const at = spot();
    const east = (m: number) => offset(at, 0, m);
    // A zone around the walk and the listings east of it up to 200 m; energy class D at worst.
    const corner = (n: number, e: number) => offset(at, n, e);
    const zone = [corner(-100, -100), corner(-100, 200), corner(100, 200), corner(100, -100)];
    await saveCriteria(agent, { ...criteria, zone, energyMax: 'D' } as TSearchFiltersInput);
    const inZone = await listing(east(100), { price: 320_000, dpeRating: 'C' });
    await listing(east(150), { price: 320_000, dpeRating: 'F' }); // energy class worse than D
    const noClass = await listing(east(180), { price: 320_000 }); // no class (new build): kept
    await listing(east(300), { price: 320_000, dpeRating: 'B' }); // outside the zone, inside the radius
    const t0 = Date.now() - 25 * 60 * MIN;
    await reportBatch(agent, [{ at, time: new Date(t0) }]);
    const [walk] = await walksOf(agent);
    expect((await walkOf(agent, walk.id)).nearMisses.map((n) => [Number(n.property.id), n.missed])).toEqual([
      [inZone, 'price'],
      [noClass, 'price'],
    ]);
  });

  it('should agree with the reference on random listings, at most 5 per walk, nearest first, in one batched read', async () => {
    const { agent, user } = await signedInUser(gw);
    await saveCriteria(agent, criteria as TSearchFiltersInput);
    const at = spot();
    const fixes = [0, 1, 2, 3].map((i) => offset(at, i * 150, i * 40));
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)];
    const listings: RefListing[] = [];
    for (let i = 0; i < 40; i++) {
      const pos = offset(at, Math.random() * 900 - 200, Math.random() * 1200 - 600);
      const v = {
        price: pick([90_000, 250_000, 300_000, 315_000, 330_000, 330_010, 360_000]),
        size: pick([44.99, 45, 49.5, 50, 80, 121]),
        bedrooms: pick([1, 2, 3, 4]),
        rooms: pick([1, 3, 5]),
        bathrooms: pick([1, 2]),
        features: pick([['balcony'], [], ['balcony', 'elevator']]),
        isRental: Math.random() < 0.15,
        ownerId: Math.random() < 0.05 ? user.id : null,
      };
      const id = await listing(pos, v);
      listings.push({
        id,
        latitude: Number(pos.latitude.toFixed(7)),
        longitude: Number(pos.longitude.toFixed(7)),
        ...v,
      });
    }
    // Replayed more than 24 h late: stored, not matched, so the history stays empty.
    const t0 = Date.now() - 26 * 60 * MIN;
    await reportBatch(
      agent,
      fixes.map((p, i) => ({ at: p, time: new Date(t0 + i * MIN) })),
    );
    // A second walk an hour later, in the same spot: both read in one request.
    await reportBatch(agent, [{ at: fixes[0], time: new Date(t0 + 60 * MIN) }]);
    const history = new Set<number>(
      (await gw.db.query(`SELECT property_id FROM history_entries WHERE user_id = $1`, [user.id])).map(
        (r: { property_id: number }) => r.property_id,
      ),
    );
    const stored = fixes.map((p) => ({
      latitude: Number(p.latitude.toFixed(7)),
      longitude: Number(p.longitude.toFixed(7)),
    }));
    const res = await gql(agent, `{ walks(first: 10) { nodes { id nearMisses { missed property { id } } } } }`);
    expect(res.errors).toBeUndefined();
    const [second, first] = res.data!.walks.nodes;
    const actual = (w: { nearMisses: { missed: string; property: { id: string } }[] }) =>
      w.nearMisses.map((n) => ({ id: Number(n.property.id), missed: n.missed }));
    expect(actual(first)).toEqual(referenceNearMisses(listings, stored, criteria, user.id, history));
    expect(actual(second)).toEqual(referenceNearMisses(listings, stored.slice(0, 1), criteria, user.id, history));
    expect(actual(first).length).toBeLessThanOrEqual(5);
  });
});

// ─── End-of-walk digest ───────────────────────────────────────────────────────────────────────────────────────────

describe('what a walk passed', () => {
  const PASSED = `query ($id: ID!) { walk(id: $id) { passed { positions passed matching excluded { criterion count } } } }`;

  it('should count the fixes, the listings within the radius, the matches, and what each criterion left out', async () => {
    const { agent, user } = await signedInUser(gw);
    await saveCriteria(agent, {
      propertyStatus: 'rent',
      radius: 0.5,
      priceMax: 1_400,
      sizeMin: 25,
      bedrooms: [],
      bathrooms: [],
      features: [],
    } as unknown as TSearchFiltersInput);
    const at = spot();
    const east = (m: number) => offset(at, 0, m);
    const rent = { isRental: true, features: [] };
    for (let i = 0; i < 3; i += 1) await listing(east(50 + i * 10), { ...rent, price: 1_800 }); // over budget
    await listing(east(100), { ...rent, price: 1_900, size: 20 }); // over budget and too small
    await listing(east(110), { ...rent, price: 1_200, size: 18 }); // too small
    await listing(east(120), { isRental: false, price: 300_000, features: [] }); // for sale
    await listing(east(130), { ...rent, price: 1_000, ownerId: user.id }); // own: not counted
    await listing(east(900), { ...rent, price: 1_800 }); // beyond the radius
    // Replayed over 24 h late: stored, never matched, so nothing is discovered either way.
    const t0 = Date.now() - 25 * 60 * MIN;
    await reportBatch(agent, [
      { at, time: new Date(t0 - 5 * MIN) },
      { at: offset(at, 10, 0), time: new Date(t0 - 2 * MIN) },
      { at: offset(at, 20, 0), time: new Date(t0) },
    ]);
    const [walk] = await walksOf(agent);
    const res = await gql(agent, PASSED, { id: walk.id });
    expect(res.errors).toBeUndefined();
    expect(res.data!.walk.passed).toEqual({
      positions: 3,
      passed: 6,
      matching: 0,
      excluded: [
        { criterion: 'priceOver', count: 4 },
        { criterion: 'sizeUnder', count: 2 },
        { criterion: 'status', count: 1 },
      ],
    });

    // A match passed counts as one, and the criteria follow the saved ones.
    await listing(east(140), { ...rent, price: 1_300, size: 30 });
    await saveCriteria(agent, {
      propertyStatus: 'all',
      radius: 0.5,
      bedrooms: [],
      bathrooms: [],
      features: [],
    } as unknown as TSearchFiltersInput);
    const relaxed = await gql(agent, PASSED, { id: walk.id });
    expect(relaxed.data!.walk.passed).toEqual({ positions: 3, passed: 7, matching: 7, excluded: [] });
  });
});

describe('what lies around a place (passedAround)', () => {
  const AROUND = `query ($lat: Float!, $lng: Float!, $f: SearchFiltersInput) {
    passedAround(latitude: $lat, longitude: $lng, searchFilters: $f) { positions passed matching excluded { criterion count } } }`;

  it('should tally the listings within the radius against the criteria given, for a visitor too, and refuse a bad place', async () => {
    const at = spot();
    const east = (m: number) => offset(at, 0, m);
    await listing(east(50), { isRental: true, price: 1_800, features: [] });
    await listing(east(60), { isRental: true, price: 900, size: 20, features: [] });
    await listing(east(70), { isRental: true, price: 900, size: 40, features: [] });
    await listing(east(2_000), { isRental: true, price: 1_800, features: [] });
    const f = { propertyStatus: 'rent', radius: 0.5, priceMax: 1_400, sizeMin: 25 };
    const res = await gql(gw.agent(), AROUND, { lat: at.latitude, lng: at.longitude, f });
    expect(res.errors).toBeUndefined();
    expect(res.data!.passedAround).toEqual({
      positions: 0,
      passed: 3,
      matching: 1,
      excluded: [
        { criterion: 'priceOver', count: 1 },
        { criterion: 'sizeUnder', count: 1 },
      ],
    });
    const none = await gql(gw.agent(), AROUND, { lat: spot().latitude, lng: 0, f });
    expect(none.data!.passedAround).toEqual({ positions: 0, passed: 0, matching: 0, excluded: [] });
    const bad = await gql(gw.agent(), AROUND, { lat: 91, lng: 0, f });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0].message).toBe(MSG.latitudeInvalid);
  });
});

describe('end-of-walk digest', () => {
  async function walkerWithDevice(settings: Record<string, unknown> = { quietHours: null }) {
    const { agent, user } = await signedInUser(gw);
    const device = push.device();
    expect((await agent.post('/api/push/subscriptions').send(device.subscription)).status).toBe(201);
    expect((await agent.patch('/api/notification-settings').send(settings)).status).toBe(200);
    return { agent, user, device };
  }

  /** A walk of 20 minutes that ended 20 minutes ago, past `count` listings (replayed: dated at the fixes). */
  async function endedWalk(agent: Agent, count: number) {
    const at = spot();
    for (let i = 0; i < count; i++) await listing(offset(at, 20 + i * 5, 0), { title: `Bien ${i}` });
    const t0 = Date.now() - 40 * MIN;
    await reportBatch(agent, [
      { at, time: new Date(t0) },
      { at: offset(at, 200, 0), time: new Date(t0 + 10 * MIN) },
      { at: offset(at, 300, 0), time: new Date(t0 + 20 * MIN) },
    ]);
    const [walk] = await walksOf(agent);
    expect(walk.endedAt).not.toBeNull();
    return walk;
  }

  it('should push « Balade terminée » once per walk, decrypted as a browser would, opening the walk', async () => {
    const { agent, device } = await walkerWithDevice();
    const walk = await endedWalk(agent, 3);
    expect(walk.discoveryCount).toBe(3);
    await sweepAll();
    await gw.outbox.drain();
    expect(device.received().map((r) => r.data)).toEqual([
      {
        type: 'walk_digest',
        title: 'Balade terminée : 3 biens découverts en 20 min',
        body: 'Revoyez votre parcours et les biens trouvés en chemin.',
        url: `/walks/${walk.id}`,
        walkId: Number(walk.id),
        count: 3,
      },
    ]);
    // Again: the sweep does not take the walk twice, and a repeated job (a retry, another instance) sends nothing.
    await sweepAll();
    await gw.outbox.add('walk.digest', { walkId: Number(walk.id) });
    await gw.outbox.add('walk.digest', { walkId: Number(walk.id) });
    await gw.outbox.drain();
    expect(device.received()).toHaveLength(1);
  });

  it('should send nothing for a walk without discoveries, nor for one still in progress', async () => {
    const { agent, user, device } = await walkerWithDevice();
    await endedWalk(agent, 0);
    await report(agent, spot(), new Date());
    await sweepAll();
    await gw.outbox.drain();
    expect(device.received()).toEqual([]);
    const rows = await gw.db.query(
      `SELECT digest_queued_at IS NOT NULL AS handled FROM walks WHERE user_id = $1 ORDER BY started_at`,
      [user.id],
    );
    expect(rows).toEqual([{ handled: true }, { handled: false }]);
  });

  it('should drop the digest during quiet hours (as passing alerts), and not send it once they are over', async () => {
    const quietHours = quietHoursAround().covering;
    const { agent, device } = await walkerWithDevice({ quietHours });
    const walk = await endedWalk(agent, 1);
    await sweepAll();
    await gw.outbox.drain();
    expect(device.received()).toEqual([]);
    expect((await agent.patch('/api/notification-settings').send({ quietHours: null })).status).toBe(200);
    await sweepAll();
    await gw.outbox.drain();
    expect(device.received()).toEqual([]);
    // With passing alerts on and no quiet hours, the same kind of walk is announced (1 bien).
    const other = await walkerWithDevice();
    const w2 = await endedWalk(other.agent, 1);
    await sweepAll();
    await gw.outbox.drain();
    expect(other.device.received().map((r) => r.data.title)).toEqual(['Balade terminée : 1 bien découvert en 20 min']);
    expect(w2.id).not.toBe(walk.id);
  });

  it('should send nothing when passing alerts are off', async () => {
    const { agent, device } = await walkerWithDevice({ quietHours: null, passingAlerts: false });
    await endedWalk(agent, 1);
    await sweepAll();
    await gw.outbox.drain();
    expect(device.received()).toEqual([]);
  });
});
