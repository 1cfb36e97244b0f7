import { GEO_MSG, MSG } from '@flaneur/schema';
import type { QueryCounter } from '../../lib/query-counter';
import { insertProperties, insertUsers } from '../../../test/factories';
import { unique, useGateway } from '../../../test/gateway';
import { gql, GqlResult } from '../../../test/graphql';
import { ZPropertyFilter } from './property-filter';

// The statement counts below must not include the outbox worker's polls.
const gw = useGateway({ startOutbox: false });

/** The reference: great-circle distance (haversine, km), as an integrator would compute it. */
function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

/** The reference point-in-polygon: even-odd ray casting on (longitude, latitude). */
function inside(pt: { lat: number; lng: number }, ring: { latitude: number; longitude: number }[]): boolean {
  let odd = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [a, b] = [ring[i], ring[j]];
    if (a.latitude > pt.lat !== b.latitude > pt.lat) {
      const x = a.longitude + ((pt.lat - a.latitude) / (b.latitude - a.latitude)) * (b.longitude - a.longitude);
      if (pt.lng < x) odd = !odd;
    }
  }
  return odd;
}

interface Listing {
  id: number;
  lat: number;
  lng: number;
  isRental: boolean;
}

const COUNT = 400;
const CENTER = { lat: 48.8566, lng: 2.3522 };
let city: string;
let listings: Listing[] = [];

beforeAll(async () => {
  city = unique('Geo');
  const owners = await insertUsers(gw.db, 4);
  const ids = await insertProperties(gw.db, COUNT, {
    city,
    ownerIds: Array.from({ length: COUNT }, (_, i) => owners[i % owners.length]),
  });
  // Deterministic spread around Paris: ~±55 km north-south, ~±50 km east-west, at the 7 decimals stored.
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  listings = ids.map((id, i) => ({
    id,
    lat: Number((CENTER.lat + rnd() * 0.5).toFixed(7)),
    lng: Number((CENTER.lng + rnd() * 0.7).toFixed(7)),
    isRental: i % 3 === 0,
  }));
  await gw.db.query(
    `UPDATE properties p SET latitude = v.lat, longitude = v.lng, is_rental = v.rental
     FROM unnest($1::int[], $2::numeric[], $3::numeric[], $4::bool[]) AS v(id, lat, lng, rental) WHERE p.id = v.id`,
    [
      listings.map((l) => l.id),
      listings.map((l) => l.lat),
      listings.map((l) => l.lng),
      listings.map((l) => l.isRental),
    ],
  );
});

const SEARCH = `query ($filter: PropertyFilterInput, $first: Int, $after: String) {
  properties(filter: $filter, first: $first, after: $after) {
    nodes { id distanceM latitude longitude }
    pageInfo { endCursor hasNextPage }
  }
}`;

interface Node {
  id: string;
  distanceM: number | null;
}

/** Every page of a search, in order, `first` at a time. */
async function allPages(filter: Record<string, unknown>, first: number): Promise<Node[]> {
  const nodes: Node[] = [];
  let after: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const res: GqlResult = await gql(gw.agent(), SEARCH, { filter: { city, ...filter }, first, after });
    expect(res.errors).toBeUndefined();
    const page = res.data!.properties;
    expect(page.nodes.length).toBeLessThanOrEqual(first);
    nodes.push(...page.nodes);
    if (!page.pageInfo.hasNextPage) return nodes;
    after = page.pageInfo.endCursor;
  }
  throw new Error('too many pages');
}

/** The reference answer of a near search: within the radius, nearest first, ties by id. */
function nearReference(near: { latitude: number; longitude: number; radiusKm: number }, keep = (_l: Listing) => true) {
  return listings
    .filter(keep)
    .map((l) => ({ ...l, km: haversineKm({ lat: near.latitude, lng: near.longitude }, l) }))
    .filter((l) => l.km <= near.radiusKm)
    .sort((a, b) => a.km - b.km || a.id - b.id);
}

/** The same listings in the same order as the reference, each distanceM within a metre of the reference's. */
const expectSameOrder = (nodes: Node[], ref: { id: number; km: number }[]) => {
  expect(nodes.map((n) => Number(n.id))).toEqual(ref.map((r) => r.id));
  nodes.forEach((n, i) => expect(Math.abs(n.distanceM! - ref[i].km * 1000)).toBeLessThanOrEqual(1));
};

describe('properties(filter: { near })', () => {
  it('should answer exactly the listings within the radius, nearest first, with their distanceM', async () => {
    const near = { latitude: CENTER.lat, longitude: CENTER.lng, radiusKm: 15 };
    const ref = nearReference(near);
    expect(ref.length).toBeGreaterThan(15);
    expect(ref.length).toBeLessThan(COUNT / 2);
    const nodes = await allPages({ near }, 100);
    expectSameOrder(nodes, ref);
    for (let i = 1; i < nodes.length; i++) expect(nodes[i].distanceM!).toBeGreaterThanOrEqual(nodes[i - 1].distanceM!);
  });

  it('should page across the distance order without losing or repeating a listing', async () => {
    const near = { latitude: 48.9, longitude: 2.2, radiusKm: 25 };
    const ref = nearReference(near);
    expect(ref.length).toBeGreaterThan(40);
    expectSameOrder(await allPages({ near }, 7), ref);
  });

  it('should keep ties in id order across pages when listings are at the same distance', async () => {
    const tied = await insertProperties(gw.db, 5, { city });
    await gw.db.query(`UPDATE properties SET latitude = 48.95, longitude = 2.5 WHERE id = ANY($1::int[])`, [tied]);
    try {
      const near = { latitude: 48.95, longitude: 2.5, radiusKm: 0.5 };
      const nodes = await allPages({ near }, 2);
      const first5 = nodes.slice(0, 5);
      expect(first5.map((n) => Number(n.id))).toEqual(tied);
      expect(first5.every((n) => n.distanceM === 0)).toBe(true);
    } finally {
      await gw.db.query(`DELETE FROM properties WHERE id = ANY($1::int[])`, [tied]);
    }
  });

  it('should apply the other filters together with the radius', async () => {
    const near = { latitude: CENTER.lat, longitude: CENTER.lng, radiusKm: 50 };
    const ref = nearReference(near, (l) => l.isRental);
    expect(ref.length).toBeGreaterThan(50);
    expectSameOrder(await allPages({ near, isRental: true }, 100), ref);
  });

  it('should answer a null distanceM when the search has no near', async () => {
    const res = await gql(gw.agent(), SEARCH, { filter: { city }, first: 3 });
    expect(res.data!.properties.nodes.map((n: Node) => n.distanceM)).toEqual([null, null, null]);
  });

  it('should load the owners of 50 listings with as many statements as for 5 (no N+1)', async () => {
    const query = `query ($filter: PropertyFilterInput, $first: Int) {
      properties(filter: $filter, first: $first) { nodes { id distanceM owner { username } } }
    }`;
    const counter = gw.db.logger as QueryCounter;
    const filter = { city, near: { latitude: CENTER.lat, longitude: CENTER.lng, radiusKm: 50 } };
    const cost = async (first: number) => {
      const before = counter.count;
      const res = await gql(gw.agent(), query, { filter, first });
      expect(res.data!.properties.nodes).toHaveLength(first);
      return counter.count - before;
    };
    await cost(5);
    const five = await cost(5);
    const fifty = await cost(50);
    expect(fifty).toBe(five);
    expect(fifty).toBeLessThanOrEqual(3);
  });
});

describe('properties(filter: { bbox, polygon })', () => {
  const ids = (nodes: Node[]) => nodes.map((n) => Number(n.id));
  const newestFirst = (ls: Listing[]) => ls.map((l) => l.id).sort((a, b) => b - a);

  it('should answer exactly the listings inside the box, newest first', async () => {
    const bbox = { south: 48.7, west: 2.2, north: 48.95, east: 2.55 };
    const ref = listings.filter((l) => l.lat >= 48.7 && l.lat <= 48.95 && l.lng >= 2.2 && l.lng <= 2.55);
    expect(ref.length).toBeGreaterThan(20);
    expect(ids(await allPages({ bbox }, 30))).toEqual(newestFirst(ref));
  });

  // A U open to the north: the notch between its arms is inside the hull but outside the zone.
  const U = [
    { latitude: 48.6, longitude: 2.0 },
    { latitude: 48.6, longitude: 2.7 },
    { latitude: 49.1, longitude: 2.7 },
    { latitude: 49.1, longitude: 2.5 },
    { latitude: 48.8, longitude: 2.5 },
    { latitude: 48.8, longitude: 2.2 },
    { latitude: 49.1, longitude: 2.2 },
    { latitude: 49.1, longitude: 2.0 },
  ];
  const inNotch = (l: Listing) => l.lat > 48.8 && l.lat < 49.1 && l.lng > 2.2 && l.lng < 2.5;

  it('should answer exactly the listings inside a concave drawn zone', async () => {
    const ref = listings.filter((l) => inside(l, U));
    expect(ref.length).toBeGreaterThan(50);
    expect(listings.filter(inNotch).length).toBeGreaterThan(10);
    const nodes = await allPages({ polygon: U }, 40);
    expect(ids(nodes)).toEqual(newestFirst(ref));
    expect(nodes.some((n) => inNotch(listings.find((l) => l.id === Number(n.id))!))).toBe(false);
  });

  it('should accept a closed ring (last point repeating the first) as the same zone', async () => {
    const closed = [...U, U[0]];
    expect(ids(await allPages({ polygon: closed }, 100))).toEqual(ids(await allPages({ polygon: U }, 100)));
  });

  it('should combine near, bbox and polygon with AND, nearest first', async () => {
    const near = { latitude: 48.75, longitude: 2.35, radiusKm: 25 };
    const bbox = { south: 48.6, west: 2.0, north: 49.0, east: 2.6 };
    const ref = nearReference(near, (l) => inside(l, U) && l.lat >= 48.6 && l.lat <= 49 && l.lng >= 2 && l.lng <= 2.6);
    expect(ref.length).toBeGreaterThan(20);
    expectSameOrder(await allPages({ near, bbox, polygon: U }, 9), ref);
  });
});

describe('geo search validation', () => {
  const refused = async (filter: Record<string, unknown>, message: string, extra: Record<string, unknown> = {}) => {
    const res = await gql(gw.agent(), SEARCH, { filter, ...extra });
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(res.errors![0].message).toBe(message);
    expect(res.data?.properties ?? null).toBeNull();
  };
  const near = (radiusKm: number, latitude = 48.85, longitude = 2.35) => ({ near: { latitude, longitude, radiusKm } });
  const triangle = [
    { latitude: 48.8, longitude: 2.3 },
    { latitude: 48.9, longitude: 2.3 },
    { latitude: 48.85, longitude: 2.4 },
  ];

  it('should refuse a radius beyond 50 km, zero or negative', async () => {
    for (const r of [50.001, 51, 0, -1]) await refused(near(r), GEO_MSG.radiusInvalid);
    const ok = await gql(gw.agent(), SEARCH, { filter: { city, ...near(50) }, first: 1 });
    expect(ok.errors).toBeUndefined();
  });

  it('should refuse out-of-range coordinates in near, bbox and polygon', async () => {
    await refused(near(5, 91), MSG.latitudeInvalid);
    await refused(near(5, 48, -180.5), MSG.longitudeInvalid);
    await refused({ bbox: { south: 48, west: 2, north: 90.1, east: 3 } }, MSG.latitudeInvalid);
    await refused({ bbox: { south: 48, west: -181, north: 49, east: 3 } }, MSG.longitudeInvalid);
    await refused({ polygon: [...triangle, { latitude: 48.8, longitude: 200 }] }, MSG.longitudeInvalid);
  });

  it('should refuse a box whose south is north of its north, or whose west is east of its east', async () => {
    await refused({ bbox: { south: 49, west: 2, north: 48, east: 3 } }, GEO_MSG.bboxSouthNorth);
    await refused({ bbox: { south: 48, west: 3, north: 49, east: 2 } }, GEO_MSG.bboxWestEast);
  });

  it('should refuse a zone of fewer than 3 or more than 100 points', async () => {
    await refused({ polygon: triangle.slice(0, 2) }, GEO_MSG.zoneTooFew);
    // Three points of which the last closes the ring: two distinct points.
    await refused({ polygon: [...triangle.slice(0, 2), triangle[0]] }, GEO_MSG.zoneTooFew);
    const circle = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        latitude: 48.85 + 0.1 * Math.sin((2 * Math.PI * i) / n),
        longitude: 2.35 + 0.1 * Math.cos((2 * Math.PI * i) / n),
      }));
    await refused({ polygon: circle(101) }, GEO_MSG.zoneTooMany);
    const ok = await gql(gw.agent(), SEARCH, { filter: { city, polygon: circle(100) }, first: 1 });
    expect(ok.errors).toBeUndefined();
  });

  it('should refuse a self-intersecting zone and a zone without surface', async () => {
    const bowtie = [
      { latitude: 48.8, longitude: 2.3 },
      { latitude: 48.9, longitude: 2.4 },
      { latitude: 48.9, longitude: 2.3 },
      { latitude: 48.8, longitude: 2.4 },
    ];
    await refused({ polygon: bowtie }, GEO_MSG.zoneSelfIntersecting);
    // A spike folding back over its own edge.
    const spike = [...triangle, { latitude: 48.85, longitude: 2.5 }, { latitude: 48.85, longitude: 2.4 }];
    await refused({ polygon: spike }, GEO_MSG.zoneSelfIntersecting);
    // Points on one line: the ring comes back over itself.
    const line = [
      { latitude: 48.8, longitude: 2.3 },
      { latitude: 48.85, longitude: 2.35 },
      { latitude: 48.9, longitude: 2.4 },
    ];
    await refused({ polygon: line }, GEO_MSG.zoneSelfIntersecting);
    // A triangle of a few square centimetres.
    const speck = [
      { latitude: 48.8, longitude: 2.3 },
      { latitude: 48.8000001, longitude: 2.3 },
      { latitude: 48.8, longitude: 2.3000001 },
    ];
    await refused({ polygon: speck }, GEO_MSG.zoneFlat);
  });

  it('should refuse a cursor of another order (id cursor with near, distance cursor without)', async () => {
    const plain = await gql(gw.agent(), SEARCH, { filter: { city }, first: 1 });
    const idCursor = plain.data!.properties.pageInfo.endCursor;
    await refused({ city, ...near(50) }, MSG.invalidInput, { after: idCursor });
    const byDistance = await gql(gw.agent(), SEARCH, { filter: { city, ...near(50) }, first: 1 });
    await refused({ city }, MSG.invalidInput, { after: byDistance.data!.properties.pageInfo.endCursor });
  });
});

describe('GET /api/properties?near=lat,lng,km', () => {
  it('should answer the listings nearest first with distanceM and page with X-Next-Cursor', async () => {
    const near = { latitude: CENTER.lat, longitude: CENTER.lng, radiusKm: 15 };
    const ref = nearReference(near);
    const got: { id: number; distanceM: number; price: string }[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 50; guard++) {
      const res = await gw
        .agent()
        .get('/api/properties')
        .query({ city, near: `${near.latitude},${near.longitude},${near.radiusKm}`, limit: 25, after });
      expect(res.status).toBe(200);
      got.push(...res.body);
      after = res.headers['x-next-cursor'];
      if (!after) break;
    }
    expect(got.map((p) => p.id)).toEqual(ref.map((r) => r.id));
    got.forEach((p, i) => expect(Math.abs(p.distanceM - ref[i].km * 1000)).toBeLessThanOrEqual(1));
    // The legacy shape stays: numeric columns as decimal strings.
    expect(typeof got[0].price).toBe('string');
  });

  it('should keep the legacy parameters working with near and without it', async () => {
    const near = { latitude: CENTER.lat, longitude: CENTER.lng, radiusKm: 30 };
    const ref = nearReference(near, (l) => l.isRental);
    const res = await gw
      .agent()
      .get('/api/properties')
      .query({ city, near: '48.8566, 2.3522, 30', isRental: 'true', limit: 100 });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { id: number }) => p.id)).toEqual(ref.map((r) => r.id));
    const legacy = await gw.agent().get('/api/properties').query({ city, isRental: 'false', limit: 5 });
    expect(legacy.status).toBe(200);
    expect(legacy.body).toHaveLength(5);
    expect(legacy.body.every((p: Record<string, unknown>) => !('distanceM' in p) && p.isRental === false)).toBe(true);
  });

  it('should answer 400 with the French message when near is malformed or out of range', async () => {
    const cases: [string, string][] = [
      ['48.85,2.35,60', GEO_MSG.radiusInvalid],
      ['48.85,2.35,0', GEO_MSG.radiusInvalid],
      ['91,2.35,5', MSG.latitudeInvalid],
      ['48.85,abc,5', MSG.longitudeInvalid],
      ['48.85,,5', MSG.longitudeInvalid],
      ['48.85,2.35', GEO_MSG.nearInvalid],
      ['paris', GEO_MSG.nearInvalid],
    ];
    for (const [value, message] of cases) {
      const res = await gw.agent().get('/api/properties').query({ near: value });
      expect({ value, status: res.status, message: res.body.message }).toEqual({ value, status: 400, message });
    }
    const twice = await gw.agent().get('/api/properties?near=48.85,2.35,5&near=48.85,2.35,5');
    expect(twice.status).toBe(400);
  });

  it('should accept bbox=south,west,north,east and refuse a reversed one', async () => {
    const ok = await gw.agent().get('/api/properties').query({ city, bbox: '48.7,2.2,48.95,2.55', limit: 100 });
    expect(ok.status).toBe(200);
    const ref = listings.filter((l) => l.lat >= 48.7 && l.lat <= 48.95 && l.lng >= 2.2 && l.lng <= 2.55);
    expect(ok.body.length).toBe(Math.min(100, ref.length));
    const bad = await gw.agent().get('/api/properties').query({ bbox: '49,2.2,48,2.55' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(GEO_MSG.bboxSouthNorth);
  });
});

describe('geo search plans', () => {
  /** The plan of the search statement, sequential scans discouraged: an index scan proves the index applies. */
  async function plan(filter: Record<string, unknown>): Promise<string> {
    const f = ZPropertyFilter.parse(filter);
    const [sql, params] = gw.services.properties.searchQuery(f, 20, undefined).getQueryAndParameters();
    return gw.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const rows: { 'QUERY PLAN': string }[] = await tx.query(`EXPLAIN ${sql}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it('should scan a GiST index of the listing positions for near, bbox and polygon', async () => {
    // With statistics, as autovacuum (or the embedded database's own ANALYZE) gives them; away from central Paris,
    // where the other test files' listings stand (the factories' default position): a box holding most of the table
    // is rightly read another way.
    await gw.db.query('ANALYZE properties');
    const zone = [
      { latitude: 48.55, longitude: 1.95 },
      { latitude: 48.65, longitude: 1.95 },
      { latitude: 48.6, longitude: 2.05 },
    ];
    for (const filter of [
      { near: { latitude: 48.6, longitude: 2.0, radiusKm: 5 } },
      { near: { latitude: 48.6, longitude: 2.0, radiusKm: 5 }, isRental: true },
      { bbox: { south: 48.55, west: 1.95, north: 48.65, east: 2.05 } },
      { polygon: zone },
    ]) {
      const text = await plan(filter);
      expect({ filter, uses: /IDX_properties_geo_\w+/.test(text) }).toEqual({ filter, uses: true });
      expect(text).not.toMatch(/Seq Scan on properties/);
    }
  });
});
