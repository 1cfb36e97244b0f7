import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MARKET_MSG, MSG } from '@flaneur/schema';
import type { QueryCounter } from '../../lib/query-counter';
import { parisToday } from '../../lib/paris-time';
import { createAccessToken, gqlWithToken, restWithToken } from '../../../test/access-tokens';
import { insertProperties, signedInUser } from '../../../test/factories';
import { startGateway, TestGateway, unique } from '../../../test/gateway';
import { gql, type GqlResult } from '../../../test/graphql';
import { importDvf } from './dvf-import';
import { dvfCsv, flatLine, type DvfSampleLine } from './dvf-writer';

let gw: TestGateway;
let dir: string;

/** Metres of latitude per degree on the great circle the queries measure with. */
const M_PER_DEGREE = 111195.08;
/** The day `n` days before today (Europe/Paris). */
function daysAgo(n: number): string {
  const [y, m, d] = parisToday().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}

/*
 * Five sites in the open Atlantic, about 8 km apart (no other test stores sales there), each a scene of the
 * comparables; the sales are imported through the DVF importer.
 */
const SITE = {
  dense: { lat: 45, lng: -30 },
  widened: { lat: 45, lng: -29.9 },
  commune: { lat: 45, lng: -29.8 },
  few: { lat: 45, lng: -29.7 },
  rental: { lat: 45, lng: -29.6 },
};
const DEP = 'Q9';

/** A sale `north` metres north of a site (negative: south). */
function sale(
  site: { lat: number; lng: number },
  north: number,
  o: { ppm2: number; surface?: number; rooms?: number; type?: string; date?: string; commune?: string },
): DvfSampleLine {
  const surface = o.surface ?? 60;
  return flatLine(unique('Q'), {
    code_departement: DEP,
    code_commune: o.commune ?? 'Q0001',
    nom_commune: `Commune ${o.commune ?? 'Q0001'}`,
    latitude: (site.lat + north / M_PER_DEGREE).toFixed(7),
    longitude: site.lng,
    surface_reelle_bati: surface,
    valeur_fonciere: o.ppm2 * surface,
    nombre_pieces_principales: o.rooms ?? 3,
    type_local: o.type ?? 'Appartement',
    date_mutation: o.date ?? daysAgo(100),
  });
}

/** Listings (published, of nobody) at a site: for sale unless `rent`. */
async function listing(site: { lat: number; lng: number }, o: { price: number; size?: number; rent?: boolean }) {
  const [id] = await insertProperties(gw.db, 1);
  await gw.db.query(
    `UPDATE properties SET latitude = $2, longitude = $3, price = $4, size = $5, rooms = 3, bedrooms = 2,
       is_rental = $6, type = 'apartment' WHERE id = $1`,
    [id, site.lat, site.lng, o.price, o.size ?? 60, o.rent ?? false],
  );
  return id;
}

const L = { dense: 0, widened: 0, commune: 0, few: 0, rental: 0 };
beforeAll(async () => {
  gw = await startGateway({}, { startOutbox: false });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-market-'));
  await gw.db.query('DELETE FROM market_sales WHERE code_departement = $1', [DEP]);
  const { dense, widened, commune, few, rental } = SITE;
  const lines = [
    // dense: five comparables within 300 m (8,000 … 12,000 €/m²), and one sale out for each rule.
    sale(dense, 50, { ppm2: 8000, date: daysAgo(10) }),
    sale(dense, 100, { ppm2: 9000, rooms: 2, surface: 43, date: daysAgo(20) }),
    sale(dense, -150, { ppm2: 9500, rooms: 4, surface: 77, date: daysAgo(30) }),
    sale(dense, 200, { ppm2: 10000, date: daysAgo(40) }),
    sale(dense, -290, { ppm2: 12000, date: daysAgo(3 * 365 - 30) }),
    sale(dense, 60, { ppm2: 30000 - 1, type: 'Maison', date: daysAgo(5) }),
    sale(dense, 70, { ppm2: 20000, rooms: 5, date: daysAgo(6) }),
    sale(dense, 80, { ppm2: 20000, rooms: 1, date: daysAgo(7) }),
    sale(dense, 90, { ppm2: 20000, surface: 80, date: daysAgo(8) }),
    sale(dense, 110, { ppm2: 20000, surface: 40, date: daysAgo(9) }),
    sale(dense, 120, { ppm2: 20000, date: daysAgo(3 * 365 + 40) }),
    sale(dense, 350, { ppm2: 20000, date: daysAgo(11) }),
    // widened: three within 300 m, two more within 600 m, one at 700 m (not needed).
    sale(widened, 50, { ppm2: 7000 }),
    sale(widened, 150, { ppm2: 7100 }),
    sale(widened, 250, { ppm2: 7200 }),
    sale(widened, 450, { ppm2: 7300 }),
    sale(widened, -550, { ppm2: 7400 }),
    sale(widened, 700, { ppm2: 20000 }),
    // commune: two within 600 m, four at 1.5 km in the same commune, one in the next commune.
    sale(commune, 100, { ppm2: 5000, commune: 'Q3001' }),
    sale(commune, 500, { ppm2: 5200, commune: 'Q3001' }),
    ...[5400, 5600, 5800, 6000].map((ppm2, k) => sale(commune, 1500 + k * 10, { ppm2, commune: 'Q3001' })),
    sale(commune, -1200, { ppm2: 20000, commune: 'Q3002' }),
    // few: two sales, the whole commune.
    sale(few, 100, { ppm2: 4000, commune: 'Q4001' }),
    sale(few, 200, { ppm2: 4200, commune: 'Q4001' }),
    // rental: one sale tells the commune.
    sale(rental, 100, { ppm2: 6000, commune: 'Q5001' }),
  ];
  const file = path.join(dir, 'sample.csv');
  fs.writeFileSync(file, dvfCsv(lines));
  await importDvf(gw.db, [file]);
  await gw.db.query(
    `INSERT INTO market_rents (code_commune, type, year, commune, predicted, lower, upper, observations)
     VALUES ('Q5001', 'apartment', 2024, 'Commune Q5001', 20, 16, 25, 300),
            ('Q5001', 'apartment', 2022, 'Commune Q5001', 15, 12, 19, 280),
            ('Q5001', 'house', 2024, 'Commune Q5001', 12, 10, 14, 100)
     ON CONFLICT DO NOTHING`,
  );
  L.dense = await listing(dense, { price: 654000 });
  L.widened = await listing(widened, { price: 432000 });
  L.commune = await listing(commune, { price: 300000 });
  L.few = await listing(few, { price: 250000 });
  L.rental = await listing(rental, { price: 1560, rent: true });
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await gw.close();
});

const MARKET = `query ($id: ID!) { property(id: $id) { id market {
  sales { enough count radiusM commune since pricePerM2 medianPricePerM2 p25PricePerM2 p75PricePerM2
    differencePercent position source dataUntil sales { dateMutation type rooms surface price pricePerM2 street } }
  rent { commune year predictedPerM2 lowerPerM2 upperPerM2 rentPerM2 differencePercent position source }
} } }`;
const market = async (id: number) => {
  const res = await gql(gw.agent(), MARKET, { id: String(id) });
  expect(res.errors).toBeUndefined();
  return res.data!.property.market;
};

describe('Property.market: the comparables of a sale', () => {
  it('should take the five comparables within 300 m, each rule leaving one sale out, and place the listing', async () => {
    const { sales, rent } = await market(L.dense);
    expect(rent).toBeNull();
    // €/m² 8,000 9,000 9,500 10,000 12,000: median 9,500, quartiles 9,000 and 10,000; 10,900 is 15 % above.
    expect(sales).toMatchObject({
      enough: true,
      count: 5,
      radiusM: 300,
      commune: null,
      pricePerM2: 10900,
      medianPricePerM2: 9500,
      p25PricePerM2: 9000,
      p75PricePerM2: 10000,
      differencePercent: 15,
      position: 'above',
      source: MARKET_MSG.dvfSource,
      since: daysAgo(0).replace(/^\d{4}/, (y) => String(Number(y) - 3)),
    });
    expect(sales.sales.map((s: { pricePerM2: number }) => s.pricePerM2)).toEqual([8000, 9000, 9500, 10000, 12000]);
    expect(sales.sales[0]).toMatchObject({
      dateMutation: daysAgo(10),
      type: 'apartment',
      street: '12 RUE DES ROSIERS',
    });
    expect(sales.dataUntil >= daysAgo(5)).toBe(true);
  });

  it('should widen to 600 m when 300 m holds fewer than five', async () => {
    const { sales } = await market(L.widened);
    // 7,000 … 7,400: median 7,200; the listing's 7,200 €/m² is within, 0 %.
    expect(sales).toMatchObject({
      enough: true,
      count: 5,
      radiusM: 600,
      medianPricePerM2: 7200,
      p25PricePerM2: 7100,
      p75PricePerM2: 7300,
      differencePercent: 0,
      position: 'within',
    });
  });

  it("should widen to the commune of the nearest sale, not the next commune's sales", async () => {
    const { sales } = await market(L.commune);
    // 5,000 … 6,000 by 200: median 5,500, quartiles 5,250 and 5,750; 5,000 €/m² is 9 % below.
    expect(sales).toMatchObject({
      enough: true,
      count: 6,
      radiusM: null,
      commune: 'Commune Q3001',
      medianPricePerM2: 5500,
      p25PricePerM2: 5250,
      p75PricePerM2: 5750,
      differencePercent: -9,
      position: 'below',
    });
  });

  it('should say that fewer than five were found and give no figure', async () => {
    const { sales } = await market(L.few);
    expect(sales).toMatchObject({
      enough: false,
      count: 2,
      commune: 'Commune Q4001',
      pricePerM2: 4166.67,
      medianPricePerM2: null,
      p25PricePerM2: null,
      p75PricePerM2: null,
      differencePercent: null,
      position: null,
    });
    expect(sales.sales).toHaveLength(2);
  });
});

describe('Property.market: the market rent of a rental', () => {
  it("should give the commune's latest predicted rent per m², its bounds and where the rent stands", async () => {
    const { sales, rent } = await market(L.rental);
    expect(sales).toBeNull();
    // 1,560 € for 60 m²: 26 €/m², above the upper bound 25, 30 % above the predicted 20.
    expect(rent).toEqual({
      commune: 'Commune Q5001',
      year: 2024,
      predictedPerM2: 20,
      lowerPerM2: 16,
      upperPerM2: 25,
      rentPerM2: 26,
      differencePercent: 30,
      position: 'above',
      source: MARKET_MSG.rentsSource,
    });
  });

  it('should answer no rent where the commune is unknown', async () => {
    const id = await listing({ lat: 10, lng: -40 }, { price: 900, rent: true });
    expect(await market(id)).toEqual({ sales: null, rent: null });
  });
});

describe('Property.market on lists', () => {
  it('should load the market of 12 listings with as many statements as for 2 (batched)', async () => {
    const city = unique('Ville');
    const ids = await insertProperties(gw.db, 12, { city });
    await gw.db.query(`UPDATE properties SET latitude = 45, longitude = -30, size = 60, rooms = 3 WHERE id = ANY($1)`, [
      ids,
    ]);
    const query = `query ($city: String!, $first: Int) {
      properties(filter: { city: $city }, first: $first) { nodes { id market { sales { count radiusM } } } }
    }`;
    const counter = gw.db.logger as QueryCounter;
    const cost = async (first: number) => {
      const before = counter.count;
      const res = await gql(gw.agent(), query, { city, first });
      expect(res.data!.properties.nodes).toHaveLength(first);
      for (const n of res.data!.properties.nodes) expect(n.market.sales).toEqual({ count: 5, radiusM: 300 });
      return counter.count - before;
    };
    await cost(2);
    const two = await cost(2);
    expect(await cost(12)).toBe(two);
  });
});

describe('Property.marketPosition: the badge of the cards', () => {
  it('should give the position only where the data is solid: enough comparables, or a commune rent', async () => {
    const unknown = await listing({ lat: 10, lng: -40 }, { price: 900, rent: true });
    const ids = [L.dense, L.widened, L.commune, L.few, L.rental, unknown];
    const query = `{ ${ids.map((id) => `p${id}: property(id: "${id}") { id marketPosition }`).join(' ')} }`;
    const res = await gql(gw.agent(), query);
    expect(res.errors).toBeUndefined();
    const by = Object.fromEntries(
      Object.values(res.data as Record<string, { id: string; marketPosition: string | null }>).map((p) => [
        p.id,
        p.marketPosition,
      ]),
    );
    expect(by).toEqual({
      [L.dense]: 'above',
      [L.widened]: 'within',
      [L.commune]: 'below',
      // Two sales only: no badge.
      [L.few]: null,
      // 26 €/m² against the commune's 16–25.
      [L.rental]: 'above',
      [unknown]: null,
    });
  });
});

describe('GET /api/properties/:id/market', () => {
  it('should answer the same figures as GraphQL, anonymously', async () => {
    const res = await gw.agent().get(`/api/properties/${L.dense}/market`);
    expect(res.status).toBe(200);
    expect(res.body.sales).toMatchObject({ count: 5, radiusM: 300, medianPricePerM2: 9500, position: 'above' });
    expect(res.body.rent).toBeNull();
    // No parcel id, no mutation id: the sale's public facts only.
    expect(Object.keys(res.body.sales.sales[0]).sort()).toEqual(
      [
        'codeCommune',
        'commune',
        'dateMutation',
        'latitude',
        'longitude',
        'offPlan',
        'postalCode',
        'price',
        'pricePerM2',
        'rooms',
        'street',
        'surface',
        'type',
      ].sort(),
    );
  });

  it('should answer 404 exactly when GET /api/properties/:id does (draft, unknown), 200 for a withdrawn one', async () => {
    const owner = await signedInUser(gw);
    const [draft, withdrawn] = await insertProperties(gw.db, 2, { ownerIds: [owner.user.id, owner.user.id] });
    await gw.db.query(
      `UPDATE properties SET listing_state = 'draft'::listing_state, draft_reason = 'incomplete' WHERE id = $1`,
      [draft],
    );
    await gw.db.query(
      `UPDATE properties SET listing_state = 'withdrawn'::listing_state, withdrawn_at = now() WHERE id = $1`,
      [withdrawn],
    );
    for (const [id, agent] of [
      [draft, gw.agent()],
      [draft, owner.agent],
      [withdrawn, gw.agent()],
      [999999999, gw.agent()],
      ['abc', gw.agent()],
    ] as const) {
      const listing = await agent.get(`/api/properties/${id}`);
      const res = await agent.get(`/api/properties/${id}/market`);
      expect([id, res.status]).toEqual([id, listing.status]);
      if (res.status === 404) expect(res.body).toEqual({ message: MSG.propertyNotFound });
    }
    expect((await gw.agent().get(`/api/properties/${draft}/market`)).status).toBe(404);
  });
});

const SALES = `query ($near: SalesNearInput!, $since: String, $type: MarketType, $first: Int, $after: String) {
  sales(near: $near, since: $since, type: $type, first: $first, after: $after) {
    nodes { dateMutation type rooms surface price pricePerM2 latitude longitude }
    pageInfo { endCursor hasNextPage } source
  }
}`;
const nearDense = (radiusM: number) => ({ latitude: SITE.dense.lat, longitude: SITE.dense.lng, radiusM });

describe('sales(near)', () => {
  it('should page through the sales within the radius, the most recent first, without overlap', async () => {
    const seen: { dateMutation: string; latitude: number }[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res: GqlResult = await gql(gw.agent(), SALES, { near: nearDense(300), first: 4, after });
      expect(res.errors).toBeUndefined();
      seen.push(...res.data!.sales.nodes);
      expect(res.data!.sales.source).toBe(MARKET_MSG.dvfSource);
      after = res.data!.sales.pageInfo.endCursor;
      if (!res.data!.sales.pageInfo.hasNextPage) break;
    }
    // The 11 sales of the dense site within 300 m (not the one at 350 m), newest first.
    expect(seen).toHaveLength(11);
    const dates = seen.map((s) => s.dateMutation);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const s of seen) expect(Math.abs(s.latitude - SITE.dense.lat) * M_PER_DEGREE).toBeLessThanOrEqual(300);
  });

  it('should filter by type and by day, and reach 1,000 m at most', async () => {
    const houses = await gql(gw.agent(), SALES, { near: nearDense(300), type: 'house' });
    expect(houses.data!.sales.nodes).toEqual([expect.objectContaining({ type: 'house', dateMutation: daysAgo(5) })]);
    const recent = await gql(gw.agent(), SALES, { near: nearDense(300), since: daysAgo(3 * 365) });
    expect(recent.data!.sales.nodes).toHaveLength(10);
    const wide = await gql(gw.agent(), SALES, { near: nearDense(1000), first: 100 });
    expect(wide.data!.sales.nodes).toHaveLength(12);
  });

  it.each([
    [{ near: nearDense(1001) }, MARKET_MSG.radiusInvalid],
    [{ near: nearDense(0) }, MARKET_MSG.radiusInvalid],
    [{ near: { ...nearDense(100), latitude: 91 } }, MSG.latitudeInvalid],
    [{ near: nearDense(100), first: 101 }, MARKET_MSG.firstInvalid],
    [{ near: nearDense(100), first: 0 }, MARKET_MSG.firstInvalid],
    [{ near: nearDense(100), since: '2024-02-30' }, MARKET_MSG.sinceInvalid],
    [{ near: nearDense(100), since: 'hier' }, MARKET_MSG.sinceInvalid],
    [{ near: nearDense(100), after: 'pas-un-curseur' }, MARKET_MSG.afterInvalid],
    [{ near: nearDense(100), after: Buffer.from('s:2024-02-30:abc').toString('base64url') }, MARKET_MSG.afterInvalid],
    [
      { near: nearDense(100), after: Buffer.from('s:2024-02-01:a\u0000b').toString('base64url') },
      MARKET_MSG.afterInvalid,
    ],
  ])('should refuse %j in French (BAD_USER_INPUT)', async (variables, message) => {
    const res = await gql(gw.agent(), SALES, variables);
    expect(res.errors![0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('GET /api/sales', () => {
  it('should answer { nodes, pageInfo, source } and page with after', async () => {
    const near = `${SITE.dense.lat},${SITE.dense.lng},300`;
    const first = await gw.agent().get('/api/sales').query({ near, first: 6 });
    expect(first.status).toBe(200);
    expect(first.body.nodes).toHaveLength(6);
    expect(first.body.pageInfo.hasNextPage).toBe(true);
    expect(first.body.source).toBe(MARKET_MSG.dvfSource);
    const next = await gw.agent().get('/api/sales').query({ near, first: 6, after: first.body.pageInfo.endCursor });
    expect(next.body.nodes).toHaveLength(5);
    expect(next.body.pageInfo).toEqual({ endCursor: expect.any(String), hasNextPage: false });
    const houses = await gw
      .agent()
      .get('/api/sales')
      .query({ near, type: 'house', since: daysAgo(30) });
    expect(houses.body.nodes).toHaveLength(1);
  });

  it.each([
    [{}, MARKET_MSG.nearInvalid],
    [{ near: '45,-30' }, MARKET_MSG.nearInvalid],
    [{ near: 'a,b,c' }, MARKET_MSG.nearInvalid],
    [{ near: '45,-30,5000' }, MARKET_MSG.radiusInvalid],
    [{ near: '45,-30,100', type: 'castle' }, MARKET_MSG.typeInvalid],
    [{ near: '45,-30,100', first: 'beaucoup' }, MARKET_MSG.firstInvalid],
    [{ near: '45,-30,100', since: '2024-13-01' }, MARKET_MSG.sinceInvalid],
    [{ near: '45,-30,100', after: 'xyz' }, MARKET_MSG.afterInvalid],
  ])('should answer 400 with the French message for %j', async (query, message) => {
    const res = await gw.agent().get('/api/sales').query(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('access tokens', () => {
  it('should let a listings:read token read the sales and a market, and refuse a token without it', async () => {
    const user = await signedInUser(gw);
    const { token: reader } = await createAccessToken(user.agent, ['listings:read']);
    const { token: other } = await createAccessToken(user.agent, ['favorites']);
    const near = `${SITE.dense.lat},${SITE.dense.lng},300`;
    expect((await restWithToken(gw, reader, 'get', `/sales?near=${near}`)).status).toBe(200);
    expect((await restWithToken(gw, reader, 'get', `/properties/${L.dense}/market`)).status).toBe(200);
    expect((await restWithToken(gw, other, 'get', `/properties/${L.dense}/market`)).status).toBe(403);
    const ok = await gqlWithToken(gw, reader, SALES, { near: nearDense(300), first: 1 });
    expect(ok.body.data.sales.nodes).toHaveLength(1);
    const refused = await gqlWithToken(gw, other, SALES, { near: nearDense(300), first: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
