import { MSG } from '@flaneur/schema';
import type { QueryCounter } from '../../lib/query-counter';
import {
  buildProperty,
  createProperty,
  insertProperties,
  insertUsers,
  PropertyJson,
  signedInUser,
} from '../../../test/factories';
import { unique, useGateway } from '../../../test/gateway';
import { gql, GqlResult } from '../../../test/graphql';

// The statement counts below must not include the outbox worker's polls.
const gw = useGateway({ startOutbox: false });
let city: string;
// Five listings in one unique city, each test filters inside it.
const L: Record<'studio' | 'maison' | 'villa' | 'chambre' | 'longere', PropertyJson> = {} as never;

beforeAll(async () => {
  const { agent } = await signedInUser(gw);
  city = unique('Ville');
  const base = { city };
  L.studio = await createProperty(agent, {
    ...base,
    title: 'studio',
    type: 'apartment',
    isRental: false,
    price: 200000,
    size: 40,
    bedrooms: 1,
    features: ['balcony'],
    latitude: 48.85,
    longitude: 2.35,
  });
  L.maison = await createProperty(agent, {
    ...base,
    title: 'maison',
    type: 'house',
    isRental: true,
    price: 1500,
    size: 90,
    bedrooms: 3,
    rooms: 4,
    features: ['balcony', 'garden', 'pool'],
    latitude: 48.9,
    longitude: 2.4,
  });
  L.villa = await createProperty(agent, {
    ...base,
    title: 'villa',
    type: 'villa',
    isRental: false,
    price: 900000,
    size: 200,
    bedrooms: 5,
    features: ['pool', 'garden'],
    latitude: 43.3,
    longitude: 5.37,
  });
  L.chambre = await createProperty(agent, {
    ...base,
    title: 'chambre',
    type: 'apartment',
    isRental: true,
    price: 800,
    size: 25,
    bedrooms: 6,
    features: [],
    latitude: 45.76,
    longitude: 4.83,
  });
  L.longere = await createProperty(agent, {
    ...base,
    title: 'longere',
    type: 'house',
    isRental: false,
    price: 450000,
    size: 120,
    bedrooms: 4,
    features: ['garden', 'terrace', 'parking'],
    latitude: 44.84,
    longitude: -0.58,
  });
});

const titles = (list: { title: string }[]) => list.map((p) => p.title).sort();

type Case = [string, Record<string, string>, Record<string, unknown>, (keyof typeof L)[]];
const CASES: Case[] = [
  ['the city, whatever its case', {}, {}, ['chambre', 'longere', 'maison', 'studio', 'villa']],
  ['rentals', { isRental: 'true' }, { isRental: true }, ['chambre', 'maison']],
  ['sales', { isRental: 'false' }, { isRental: false }, ['longere', 'studio', 'villa']],
  ['one type', { types: 'apartment' }, { types: ['apartment'] }, ['chambre', 'studio']],
  ['several types', { types: 'house,villa' }, { types: ['house', 'villa'] }, ['longere', 'maison', 'villa']],
  [
    'a price range',
    { minPrice: '1000', maxPrice: '450000' },
    { minPrice: 1000, maxPrice: 450000 },
    ['longere', 'maison', 'studio'],
  ],
  ['a size range', { minSize: '50', maxSize: '120' }, { minSize: 50, maxSize: 120 }, ['longere', 'maison']],
  ['exact bedroom counts', { bedrooms: '1,3' }, { bedrooms: [1, 3] }, ['maison', 'studio']],
  ['5 bedrooms meaning 5 or more', { bedrooms: '5' }, { bedrooms: [5] }, ['chambre', 'villa']],
  ['4 or 5+ bedrooms', { bedrooms: '4,5' }, { bedrooms: [4, 5] }, ['chambre', 'longere', 'villa']],
  ['features, all required', { features: 'garden,pool' }, { features: ['garden', 'pool'] }, ['maison', 'villa']],
  ['at least 5 rooms (explicit, or bedrooms + 1)', { minRooms: '5' }, { minRooms: 5 }, ['chambre', 'longere', 'villa']],
  ['one feature', { features: 'balcony' }, { features: ['balcony'] }, ['maison', 'studio']],
  [
    'a bounding box',
    { minLatitude: '48.8', maxLatitude: '49', minLongitude: '2.3', maxLongitude: '2.5' },
    { minLatitude: 48.8, maxLatitude: 49, minLongitude: 2.3, maxLongitude: 2.5 },
    ['maison', 'studio'],
  ],
  [
    'several filters combined',
    { isRental: 'false', features: 'garden', maxPrice: '500000' },
    { isRental: false, features: ['garden'], maxPrice: 500000 },
    ['longere'],
  ],
];

describe('GET /api/properties', () => {
  it.each(CASES)('should answer the listings matching %s', async (_name, query, _filter, expected) => {
    const res = await gw
      .agent()
      .get('/api/properties')
      .query({ city: city.toUpperCase(), ...query });
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual([...expected].sort());
  });

  it('should answer each listing in the REST shape, newest first', async () => {
    const res = await gw.agent().get('/api/properties').query({ city });
    expect(res.body.map((p: PropertyJson) => p.id)).toEqual(
      [L.longere, L.chambre, L.villa, L.maison, L.studio].map((p) => p.id),
    );
    expect(res.body[0]).toEqual(L.longere);
    expect(res.body[0].price).toBe('450000.00');
  });

  it('should accept repeated parameters for lists', async () => {
    const res = await gw.agent().get(`/api/properties?city=${city}&types=house&types=villa&bedrooms=3&bedrooms=5`);
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(['maison', 'villa']);
  });

  it('should page with limit and the X-Next-Cursor header', async () => {
    const first = await gw.agent().get('/api/properties').query({ city, limit: 2 });
    expect(titles(first.body)).toEqual(['chambre', 'longere']);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const second = await gw.agent().get('/api/properties').query({ city, limit: 2, after: cursor });
    expect(titles(second.body)).toEqual(['maison', 'villa']);
    const third = await gw
      .agent()
      .get('/api/properties')
      .query({ city, limit: 2, after: second.headers['x-next-cursor'] });
    expect(titles(third.body)).toEqual(['studio']);
    expect(third.headers['x-next-cursor']).toBeUndefined();
  });

  it('should only answer the listings of userId when the session user sends theirs', async () => {
    const { agent, user } = await signedInUser(gw);
    const mine = await createProperty(agent);
    const res = await agent.get('/api/properties').query({ userId: user.id });
    expect(res.status).toBe(200);
    expect(res.body.map((p: PropertyJson) => p.id)).toEqual([mine.id]);
  });

  it('should answer 403 "Accès refusé" when userId is another user, 401 when signed out', async () => {
    const { agent } = await signedInUser(gw);
    const res = await agent.get('/api/properties').query({ userId: L.studio.ownerId });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Accès refusé' });
    expect((await gw.agent().get('/api/properties').query({ userId: L.studio.ownerId })).status).toBe(401);
  });

  it.each([
    [{ minPrice: 'cher' }],
    [{ types: 'castle' }],
    [{ features: 'moat' }],
    [{ bedrooms: 'deux' }],
    [{ isRental: 'peut-être' }],
    [{ minLatitude: '91' }],
    [{ limit: '101' }],
    [{ limit: '0' }],
    [{ after: 'pas-un-curseur' }],
    [{ after: Buffer.from('p:9999999999').toString('base64url') }],
    [{ city: ['a', 'b'] }],
    [{ city: 'Pa\u0000ris' }],
    [{ ownerId: '99999999999' }],
  ])('should answer 400, not 500, when the query is %j', async (query) => {
    const res = await gw.agent().get('/api/properties').query(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.invalidInput);
    for (const m of Object.values(res.body.errors ?? {})) expect(m).toBe(MSG.invalidInput);
  });
});

const SEARCH = `query ($filter: PropertyFilterInput, $first: Int, $after: String) {
  properties(filter: $filter, first: $first, after: $after) {
    nodes { id title price size latitude longitude isRental type features ownerId }
    pageInfo { endCursor hasNextPage }
  }
}`;

describe('properties(filter, first, after)', () => {
  it.each(CASES)('should answer the listings matching %s', async (_name, _query, filter, expected) => {
    const res = await gql(gw.agent(), SEARCH, { filter: { city: city.toLowerCase(), ...filter } });
    expect(res.errors).toBeUndefined();
    expect(titles(res.data!.properties.nodes)).toEqual([...expected].sort());
  });

  it('should answer numbers as Float and ids as ID', async () => {
    const res = await gql(gw.agent(), SEARCH, { filter: { city, types: ['villa'] } });
    expect(res.data!.properties.nodes).toEqual([
      {
        id: String(L.villa.id),
        title: 'villa',
        price: 900000,
        size: 200,
        latitude: 43.3,
        longitude: 5.37,
        isRental: false,
        type: 'villa',
        features: ['pool', 'garden'],
        ownerId: String(L.villa.ownerId),
      },
    ]);
  });

  it('should page with first and after until hasNextPage is false', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 3; page++) {
      const res: GqlResult = await gql(gw.agent(), SEARCH, { filter: { city }, first: 2, after });
      const { nodes, pageInfo } = res.data!.properties;
      seen.push(...nodes.map((n: { title: string }) => n.title));
      expect(pageInfo.hasNextPage).toBe(page < 2);
      after = pageInfo.endCursor;
    }
    expect(seen).toEqual(['longere', 'chambre', 'villa', 'maison', 'studio']);
  });

  it.each([
    ['first > 100', { first: 101 }],
    ['first = 0', { first: 0 }],
    ['a bad cursor', { after: 'nimportequoi' }],
    ['a negative minimum price', { filter: { minPrice: -1 } }],
  ])('should answer BAD_USER_INPUT when %s', async (_name, vars) => {
    const res = await gql(gw.agent(), SEARCH, vars);
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(res.errors![0].message).toBe(MSG.invalidInput);
  });

  it('should refuse an unknown type or feature before running the query', async () => {
    const res = await gql(gw.agent(), SEARCH, { filter: { types: ['castle'] } });
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
  });

  it('should load the owners of 50 listings with as many statements as for 2 (DataLoader)', async () => {
    const bulkCity = unique('Ville');
    const owners = await insertUsers(gw.db, 50);
    await insertProperties(gw.db, 50, { city: bulkCity, ownerIds: owners });
    const query = `query ($city: String!, $first: Int) {
      properties(filter: { city: $city }, first: $first) { nodes { id owner { username } } }
    }`;
    const counter = gw.db.logger as QueryCounter;
    const cost = async (first: number) => {
      const before = counter.count;
      const res = await gql(gw.agent(), query, { city: bulkCity, first });
      expect(res.data!.properties.nodes).toHaveLength(first);
      expect(res.data!.properties.nodes.every((n: any) => n.owner.username.startsWith('bulk'))).toBe(true);
      return counter.count - before;
    };
    await cost(2);
    const two = await cost(2);
    const fifty = await cost(50);
    expect(fifty).toBe(two);
    expect(fifty).toBeLessThanOrEqual(3);
  });
});

describe('property(id) and myProperties', () => {
  it('should answer one listing with its public owner', async () => {
    const res = await gql(
      gw.agent(),
      'query ($id: ID!) { property(id: $id) { id title price owner { id username } } }',
      { id: String(L.studio.id) },
    );
    expect(res.data!.property).toMatchObject({ id: String(L.studio.id), title: 'studio', price: 200000 });
    expect(res.data!.property.owner.id).toBe(String(L.studio.ownerId));
  });

  it('should refuse to expose private owner fields', async () => {
    const res = await gql(gw.agent(), 'query ($id: ID!) { property(id: $id) { owner { email } } }', {
      id: String(L.studio.id),
    });
    expect(res.errors![0].extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('should answer NOT_FOUND "Bien non trouvé" when the id is unknown or not a number', async () => {
    for (const id of ['999999999', 'abc']) {
      const res = await gql(gw.agent(), 'query ($id: ID!) { property(id: $id) { id } }', { id });
      expect(res.errors![0]).toMatchObject({ message: 'Bien non trouvé', extensions: { code: 'NOT_FOUND' } });
    }
  });

  it("should answer the signed-in user's listings and UNAUTHENTICATED when signed out", async () => {
    const { agent } = await signedInUser(gw);
    const a = await createProperty(agent, buildProperty());
    const res = await gql(agent, '{ myProperties { id } }');
    expect(res.data!.myProperties).toEqual([{ id: String(a.id) }]);
    const anon = await gql(gw.agent(), '{ myProperties { id } }');
    expect(anon.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });
});
