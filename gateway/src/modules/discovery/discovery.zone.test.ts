import { DEFAULT_SEARCH_FILTERS, DPE_RATINGS, GEO_MSG, MSG, ZZone, type DpeRating } from '@flaneur/schema';
import { signedInUser } from '../../../test/factories';
import { unique, useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { planeBoxSql, planePointSql, zoneContainsSql, zoneEdges, zonePlaneBox } from '../../db/geo-sql';
import { reportStatement } from './discovery.pass';

/*
 * The drawn zone and the energy filter of the saved criteria: the SQL point-in-polygon against a brute-force
 * reference (concave zones, vertices, edges, points just off an edge, random points), discovery and the listing search
 * through GraphQL and REST, and the saved criteria's round trip and refusals.
 */

const gw = useGateway({ startOutbox: false });

/** A deterministic PRNG: the seed is in every failure. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const SEED = Date.now() % 1_000_000_007;

interface Pt {
  latitude: number;
  longitude: number;
}

/*
 * The reference, written apart from the SQL: on the boundary when within 1e-9° of an edge (distance to the segment),
 * else inside when the winding number is not zero.
 */
function distToSegment(p: Pt, a: Pt, b: Pt): number {
  const [dx, dy] = [b.longitude - a.longitude, b.latitude - a.latitude];
  const len2 = dx * dx + dy * dy;
  const t = Math.max(0, Math.min(1, ((p.longitude - a.longitude) * dx + (p.latitude - a.latitude) * dy) / len2));
  return Math.hypot(p.longitude - (a.longitude + t * dx), p.latitude - (a.latitude + t * dy));
}
const edgesOf = (ring: Pt[]) => ring.map((a, i) => [a, ring[(i + 1) % ring.length]] as const);
const nearestEdge = (p: Pt, ring: Pt[]) => Math.min(...edgesOf(ring).map(([a, b]) => distToSegment(p, a, b)));
function winding(p: Pt, ring: Pt[]): number {
  const left = (a: Pt, b: Pt) =>
    (b.longitude - a.longitude) * (p.latitude - a.latitude) - (p.longitude - a.longitude) * (b.latitude - a.latitude);
  let wn = 0;
  for (const [a, b] of edgesOf(ring)) {
    if (a.latitude <= p.latitude) {
      if (b.latitude > p.latitude && left(a, b) > 0) wn++;
    } else if (b.latitude <= p.latitude && left(a, b) < 0) wn--;
  }
  return wn;
}
const insideRef = (p: Pt, ring: Pt[]) => nearestEdge(p, ring) <= 1e-9 || winding(p, ring) !== 0;

const R = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;
function km(a: Pt, b: Pt) {
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

const at7 = (v: number) => Number(v.toFixed(7));
/** A vertex on a 1e-6° grid: the midpoint of an edge is then exact at the 7 decimals a listing stores. */
const at6 = (p: Pt): Pt => ({ latitude: Number(p.latitude.toFixed(6)), longitude: Number(p.longitude.toFixed(6)) });

/** A remote spot of our own (the test database is shared): latitudes −45..60, any longitude. */
function remoteCenter(rand: () => number): Pt {
  return { latitude: -45 + rand() * 105, longitude: -175 + rand() * 350 };
}

/** A U open to the north, `s` degrees per unit (3 × 3 units): the notch is inside the hull, outside the zone. */
const uShape = (c: Pt, s: number): Pt[] =>
  [
    [0, 0],
    [3, 0],
    [3, 3],
    [2, 3],
    [2, 1],
    [1, 1],
    [1, 3],
    [0, 3],
  ].map(([x, y]) => at6({ latitude: c.latitude + (y - 1.5) * s, longitude: c.longitude + (x - 1.5) * s }));

/** A random star-shaped (so simple, usually concave) zone of n points around c, radii up to `s` degrees. */
function starShape(rand: () => number, c: Pt, n: number, s: number): Pt[] {
  for (;;) {
    const angles = Array.from({ length: n }, () => rand() * 2 * Math.PI).sort((a, b) => a - b);
    const ring = angles.map((a) => {
      const r = s * (0.25 + 0.75 * rand());
      return at6({ latitude: c.latitude + r * Math.sin(a), longitude: c.longitude + r * Math.cos(a) });
    });
    if (ZZone.safeParse(ring).success) return ring;
  }
}

/**
 * The probes of a zone: every vertex, every edge's midpoint (on the boundary), a point 3e-6° either side of each
 * midpoint (about 30 cm: just in, just out), and random points around it, none of those within 1e-6° of an edge.
 */
function probes(rand: () => number, ring: Pt[], randomCount: number): Pt[] {
  const out: Pt[] = ring.map((p) => ({ ...p }));
  const clearOfEdges = (p: Pt) => nearestEdge(p, ring) > 1e-6;
  for (const [a, b] of edgesOf(ring)) {
    const mid = { latitude: at7((a.latitude + b.latitude) / 2), longitude: at7((a.longitude + b.longitude) / 2) };
    out.push(mid);
    const [dx, dy] = [b.longitude - a.longitude, b.latitude - a.latitude];
    const len = Math.hypot(dx, dy);
    for (const side of [1, -1]) {
      const p = {
        latitude: at7(mid.latitude + (side * 3e-6 * dx) / len),
        longitude: at7(mid.longitude - (side * 3e-6 * dy) / len),
      };
      if (clearOfEdges(p)) out.push(p);
    }
  }
  const box = zonePlaneBox(ring);
  const [minLng, maxLng] = [box.minX / 0.688, box.maxX / 0.688];
  const [padY, padX] = [(box.maxY - box.minY) * 0.1, (maxLng - minLng) * 0.1];
  while (out.length < ring.length * 4 + randomCount) {
    const p = {
      latitude: at7(box.minY - padY + rand() * (box.maxY - box.minY + 2 * padY)),
      longitude: at7(minLng - padX + rand() * (maxLng - minLng + 2 * padX)),
    };
    if (clearOfEdges(p)) out.push(p);
  }
  return out;
}

interface Listing extends Pt {
  id: number;
  dpe: DpeRating | null;
}

/** Inserts sale apartments at the given points (one statement), each with its energy class. */
async function insertListings(points: (Pt & { dpe?: DpeRating | null })[], city = 'Testville'): Promise<Listing[]> {
  const rows: { id: number; latitude: string; longitude: string; dpe_rating: DpeRating | null }[] = await gw.db.query(
    `INSERT INTO properties (title, description, price, size, rooms, bedrooms, bathrooms, address, city, postal_code,
       latitude, longitude, images, owner_name, owner_email, owner_phone, dpe_rating)
     SELECT 'Annonce zone', 'Description', 200000, 50, 3, 2, 1, '1 rue du Test', $1, '75001', lat, lng,
       '{/uploads/listings/x.webp}', 'Test', 'test@example.fr', '0600000000', dpe
     FROM unnest($2::numeric[], $3::numeric[], $4::dpe_rating[]) WITH ORDINALITY AS t(lat, lng, dpe, n)
     ORDER BY n
     RETURNING id, latitude, longitude, dpe_rating`,
    [
      city,
      points.map((p) => p.latitude.toFixed(7)),
      points.map((p) => p.longitude.toFixed(7)),
      points.map((p) => p.dpe ?? null),
    ],
  );
  return rows.map((r) => ({
    id: r.id,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    dpe: r.dpe_rating,
  }));
}

/** The ids among `ids` whose position the SQL predicate puts in the zone (after the zone's box, as in the search). */
async function sqlInside(ring: Pt[], ids: number[]): Promise<number[]> {
  const e = zoneEdges(ring);
  const b = zonePlaneBox(ring);
  const rows: { id: number }[] = await gw.db.query(
    `SELECT p.id FROM properties p
     WHERE p.id = ANY($1::int[]) AND ${planePointSql('p')} <@ ${planeBoxSql({ minX: '$6', minY: '$7', maxX: '$8', maxY: '$9' })}
       AND ${zoneContainsSql('p', { lat1: '$2', lng1: '$3', lat2: '$4', lng2: '$5' })}
     ORDER BY p.id`,
    [ids, e.lat1, e.lng1, e.lat2, e.lng2, b.minX, b.minY, b.maxX, b.maxY],
  );
  return rows.map((r) => r.id);
}

describe('the drawn zone predicate (SQL) against a brute-force point-in-polygon', () => {
  it('should agree on concave zones: vertices and edges inside, 30 cm off an edge decided by side, random points', async () => {
    const rand = rng(SEED);
    const c = remoteCenter(rand);
    const zones = [
      uShape(c, 0.01),
      starShape(rand, { latitude: c.latitude + 0.2, longitude: c.longitude }, 12, 0.02),
      starShape(rand, { latitude: c.latitude - 0.2, longitude: c.longitude }, 100, 0.03),
      // A thin sliver: short edges, where a tolerance relative to the edge length would swallow neighbours.
      [
        { latitude: c.latitude + 0.4, longitude: c.longitude },
        { latitude: c.latitude + 0.4, longitude: c.longitude + 0.002 },
        { latitude: c.latitude + 0.4005, longitude: c.longitude + 0.001 },
      ].map(at6),
    ];
    for (const ring of zones) {
      const points = probes(rand, ring, 300);
      const listings = await insertListings(points);
      const expected = listings
        .filter((l) => insideRef(l, ring))
        .map((l) => l.id)
        .sort((a, b) => a - b);
      const got = await sqlInside(
        ring,
        listings.map((l) => l.id),
      );
      expect({ seed: SEED, ring, got }).toEqual({ seed: SEED, ring, got: expected });
      // Every vertex and every edge midpoint is on the boundary, hence inside; points lie on both sides.
      const boundary = listings.filter((l) => nearestEdge(l, ring) <= 1e-9).map((l) => l.id);
      expect(boundary).toHaveLength(ring.length * 2);
      expect(boundary.every((id) => got.includes(id))).toBe(true);
      expect(got.length).toBeLessThan(listings.length);
    }
  });

  it('should leave the notch of the U out though it lies inside the hull and the zone’s box', async () => {
    const c = remoteCenter(rng(SEED + 1));
    const ring = uShape(c, 0.01);
    const [notch, arm, base] = await insertListings([
      { latitude: c.latitude + 0.01, longitude: c.longitude },
      { latitude: c.latitude + 0.01, longitude: c.longitude - 0.01 },
      { latitude: c.latitude - 0.01, longitude: c.longitude },
    ]);
    expect(await sqlInside(ring, [notch.id, arm.id, base.id])).toEqual([arm.id, base.id]);
  });
});

const REPORT = `mutation ($lat: Float!, $lng: Float!) {
  reportLocation(latitude: $lat, longitude: $lng, accuracy: 10) { matched newDiscoveries { id } }
}`;
const FIELDS = `propertyStatus propertyType radius priceMin priceMax sizeMin sizeMax bedrooms roomsMin bathrooms features
  zone { latitude longitude } energyMax`;
const SAVE = `mutation ($f: SearchFiltersInput!) { savePreferences(searchFilters: $f) { searchFilters { ${FIELDS} } } }`;
const GET = `{ preferences { searchFilters { ${FIELDS} } } }`;
const openGate = (userId: number) => gw.db.query('DELETE FROM discovery_state WHERE user_id = $1', [userId]);

/** Reports at `at` until nothing new is found; answers each report's discoveries in order. */
async function walkUntilDry(agent: Parameters<typeof gql>[0], userId: number, at: Pt): Promise<number[][]> {
  const reports: number[][] = [];
  for (let i = 0; i < 40; i++) {
    await openGate(userId);
    const res = await gql(agent, REPORT, { lat: at.latitude, lng: at.longitude });
    expect(res.errors).toBeUndefined();
    const ids = res.data!.reportLocation.newDiscoveries.map((d: { id: string }) => Number(d.id));
    if (!ids.length) return reports;
    reports.push(ids);
  }
  throw new Error('discovery never ran dry');
}

/** What discovery should find, report after report: in the zone, within the radius, energy allowed, 20 nearest. */
function expectedReports(listings: Listing[], at: Pt, radius: number, zone: Pt[] | null, energyMax: DpeRating | null) {
  const max = energyMax ? DPE_RATINGS.indexOf(energyMax) : DPE_RATINGS.length;
  const found = listings
    .filter((l) => !zone || insideRef(l, zone))
    .filter((l) => l.dpe === null || DPE_RATINGS.indexOf(l.dpe) <= max)
    .map((l) => ({ id: l.id, d: km(at, l) }))
    .filter((l) => l.d <= radius)
    .sort((a, b) => a.d - b.d || a.id - b.id)
    .map((l) => l.id);
  const reports: number[][] = [];
  for (let i = 0; i < found.length; i += 20) reports.push(found.slice(i, i + 20));
  return reports;
}

describe('discovery with a drawn zone and an energy maximum', () => {
  it('should discover only inside the zone, edges included, still within the radius, as the reference', async () => {
    const rand = rng(SEED + 2);
    const c = remoteCenter(rand);
    const ring = starShape(rand, c, 30, 0.025);
    const listings = await insertListings(probes(rand, ring, 250));
    const { agent, user } = await signedInUser(gw);
    // 2 km: part of the zone (up to ~2.8 km from its centre) lies beyond the radius.
    const saved = await gql(agent, SAVE, { f: { radius: 2, zone: ring } });
    expect(saved.errors).toBeUndefined();
    const at = { latitude: at7(c.latitude), longitude: at7(c.longitude) };
    const got = await walkUntilDry(agent, user.id, at);
    const expected = expectedReports(listings, at, 2, ring, null);
    expect({ seed: SEED + 2, got }).toEqual({ seed: SEED + 2, got: expected });
    expect(expected.flat().length).toBeGreaterThan(20);
    // Without the zone, the same walk finds the rest of the circle.
    await gql(agent, SAVE, { f: { radius: 2, zone: null } });
    const rest = (await walkUntilDry(agent, user.id, at)).flat();
    const outside = expectedReports(listings, at, 2, null, null)
      .flat()
      .filter((id) => !expected.flat().includes(id));
    expect(rest.sort((a, b) => a - b)).toEqual(outside.sort((a, b) => a - b));
    expect(outside.length).toBeGreaterThan(0);
  });

  it('should hide classes above energyMax and keep listings without a class, with and without a zone', async () => {
    const rand = rng(SEED + 3);
    const c = remoteCenter(rand);
    const ring = uShape(c, 0.005);
    const classes = [...DPE_RATINGS, null];
    const points = probes(rand, ring, 150).map((p, i) => ({ ...p, dpe: classes[i % classes.length] }));
    const listings = await insertListings(points);
    const at = { latitude: at7(c.latitude), longitude: at7(c.longitude) };
    for (const [energyMax, zone] of [
      ['E', ring],
      ['C', null],
    ] as const) {
      const { agent, user } = await signedInUser(gw);
      expect((await gql(agent, SAVE, { f: { radius: 3, zone, energyMax } })).errors).toBeUndefined();
      const got = await walkUntilDry(agent, user.id, at);
      const expected = expectedReports(listings, at, 3, zone, energyMax);
      expect({ energyMax, got }).toEqual({ energyMax, got: expected });
      const found = new Set(got.flat());
      const byClass = (d: DpeRating | null) => listings.filter((l) => l.dpe === d && found.has(l.id)).length;
      expect(byClass(null)).toBeGreaterThan(0);
      expect(byClass(energyMax)).toBeGreaterThan(0);
      expect(byClass('F') + byClass('G')).toBe(0);
    }
  });

  it('should scan a GiST index of the positions when the criteria carry a zone', async () => {
    const c = { latitude: 48.85, longitude: 2.35 };
    const filters = { ...DEFAULT_SEARCH_FILTERS, energyMax: 'E' as const, zone: uShape(c, 0.005) };
    const st = reportStatement(
      { userId: 1, latitude: c.latitude, longitude: c.longitude, accuracy: 10, timestamp: new Date() },
      filters,
      { queue: 'default', fixAt: new Date() },
    );
    // With statistics, as autovacuum (or the embedded database's own ANALYZE) gives them.
    await gw.db.query('ANALYZE properties');
    const plan = await gw.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const rows: { 'QUERY PLAN': string }[] = await tx.query(`EXPLAIN ${st.text}`, st.values);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/IDX_properties_geo_\w+/);
    expect(plan).not.toMatch(/Seq Scan on properties/);
  });
});

const SEARCH = `query ($filter: PropertyFilterInput, $after: String) {
  properties(filter: $filter, first: 100, after: $after) { nodes { id } pageInfo { endCursor hasNextPage } }
}`;
async function searchIds(filter: Record<string, unknown>): Promise<number[]> {
  const ids: number[] = [];
  let after: string | null = null;
  do {
    type Page = { nodes: { id: string }[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
    const res = await gql<{ properties: Page }>(gw.agent(), SEARCH, { filter, after });
    expect(res.errors).toBeUndefined();
    const page: Page = res.data!.properties;
    ids.push(...page.nodes.map((n) => Number(n.id)));
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  return ids.sort((a, b) => a - b);
}

describe('listing search with energyMax and a drawn zone', () => {
  it('should hide classes above energyMax in properties(filter) and GET /api/properties, keeping unknown classes', async () => {
    const city = unique('Dpe');
    const c = remoteCenter(rng(SEED + 4));
    const listings = await insertListings(
      [...DPE_RATINGS, null].map((dpe) => ({ ...c, dpe })),
      city,
    );
    const id = (d: DpeRating | null) => listings.find((l) => l.dpe === d)!.id;
    const upToE = [id('A'), id('B'), id('C'), id('D'), id('E'), id(null)].sort((a, b) => a - b);
    expect(await searchIds({ city, energyMax: 'E' })).toEqual(upToE);
    expect(await searchIds({ city, energyMax: 'A' })).toEqual([id('A'), id(null)].sort((a, b) => a - b));
    expect(await searchIds({ city })).toHaveLength(8);
    const rest = await gw.agent().get('/api/properties').query({ city, energyMax: 'E' });
    expect(rest.status).toBe(200);
    expect(rest.body.map((p: { id: number }) => Number(p.id)).sort((a: number, b: number) => a - b)).toEqual(upToE);
    const bad = await gw.agent().get('/api/properties').query({ city, energyMax: 'H' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.invalidInput);
  });

  it('should answer the same zone as discovery (edges included, 30 cm off decided by side)', async () => {
    const rand = rng(SEED + 5);
    const city = unique('Zone');
    const ring = starShape(rand, remoteCenter(rand), 20, 0.02);
    const listings = await insertListings(probes(rand, ring, 150), city);
    const expected = listings
      .filter((l) => insideRef(l, ring))
      .map((l) => l.id)
      .sort((a, b) => a - b);
    expect({ seed: SEED + 5, got: await searchIds({ city, polygon: ring }) }).toEqual({
      seed: SEED + 5,
      got: expected,
    });
  });
});

describe('saved criteria: zone and energyMax', () => {
  const zone = [
    { latitude: 48.85, longitude: 2.33 },
    { latitude: 48.86, longitude: 2.35 },
    { latitude: 48.84, longitude: 2.36 },
  ];

  it('should round-trip the zone and energyMax through REST and GraphQL, and clear them with null', async () => {
    const { agent } = await signedInUser(gw);
    const defaults = (await agent.get('/api/user/preferences')).body.searchFilters;
    expect(defaults).toMatchObject({ zone: null, energyMax: null });
    const post = await agent.post('/api/user/preferences').send({ searchFilters: { zone, energyMax: 'E' } });
    expect(post.status).toBe(200);
    expect(post.body.searchFilters).toEqual({ ...DEFAULT_SEARCH_FILTERS, zone, energyMax: 'E' });
    expect((await agent.get('/api/user/preferences')).body.searchFilters).toMatchObject({ zone, energyMax: 'E' });
    expect((await gql(agent, GET)).data!.preferences.searchFilters).toMatchObject({ zone, energyMax: 'E' });

    // A closed ring is stored without its repeated last point.
    const closed = await gql(agent, SAVE, { f: { zone: [...zone, zone[0]], energyMax: 'C', radius: 3 } });
    expect(closed.errors).toBeUndefined();
    expect(closed.data!.savePreferences.searchFilters).toMatchObject({ zone, energyMax: 'C', radius: 3 });
    expect((await agent.get('/api/user/preferences')).body.searchFilters).toMatchObject({ zone, energyMax: 'C' });

    const cleared = await gql(agent, SAVE, { f: { zone: null, energyMax: null, radius: 3 } });
    expect(cleared.data!.savePreferences.searchFilters).toMatchObject({ zone: null, energyMax: null });
    expect((await gql(agent, GET)).data!.preferences.searchFilters).toMatchObject({ zone: null, energyMax: null });
  });

  const circle = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      latitude: 48.85 + 0.01 * Math.sin((2 * Math.PI * i) / n),
      longitude: 2.35 + 0.01 * Math.cos((2 * Math.PI * i) / n),
    }));
  it('should accept a zone of exactly 100 points through REST and GraphQL', async () => {
    const { agent } = await signedInUser(gw);
    const hundred = circle(100);
    const post = await agent.post('/api/user/preferences').send({ searchFilters: { zone: hundred } });
    expect(post.status).toBe(200);
    expect(post.body.searchFilters.zone).toEqual(hundred);
    expect((await agent.get('/api/user/preferences')).body.searchFilters.zone).toEqual(hundred);

    await agent.post('/api/user/preferences').send({ searchFilters: { zone: null } });
    const saved = await gql(agent, SAVE, { f: { zone: hundred } });
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.savePreferences.searchFilters.zone).toEqual(hundred);
    expect((await gql(agent, GET)).data!.preferences.searchFilters.zone).toEqual(hundred);
  });

  // The last column: whether GraphQL reaches the rule (its own type checks refuse a text or an unknown class first).
  it.each([
    ['2 points', { zone: zone.slice(0, 2) }, GEO_MSG.zoneTooFew, true],
    ['101 points', { zone: circle(101) }, GEO_MSG.zoneTooMany, true],
    ['a latitude of 91', { zone: [{ latitude: 91, longitude: 2.3 }, ...zone.slice(1)] }, MSG.latitudeInvalid, true],
    [
      'a longitude of -181',
      { zone: [{ latitude: 48.8, longitude: -181 }, ...zone.slice(1)] },
      MSG.longitudeInvalid,
      true,
    ],
    [
      'crossing edges (a bow tie)',
      { zone: [zone[0], zone[1], { latitude: 48.85, longitude: 2.36 }, { latitude: 48.86, longitude: 2.33 }] },
      GEO_MSG.zoneSelfIntersecting,
      true,
    ],
    ['a zone that is not a list of points', { zone: 'tout Paris' }, GEO_MSG.zoneInvalid, false],
    ['an energy class H', { energyMax: 'H' }, MSG.invalidInput, false],
  ])(
    'should refuse %s in French (400 / BAD_USER_INPUT) and keep the saved criteria',
    async (_n, change, message, viaGql) => {
      const { agent } = await signedInUser(gw);
      await agent.post('/api/user/preferences').send({ searchFilters: { zone, energyMax: 'D' } });
      const res = await agent.post('/api/user/preferences').send({ searchFilters: { zone, ...change } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      if (viaGql) {
        const gres = await gql(agent, SAVE, { f: change });
        expect(gres.errors![0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      }
      expect((await agent.get('/api/user/preferences')).body.searchFilters).toMatchObject({ zone, energyMax: 'D' });
    },
  );
});
