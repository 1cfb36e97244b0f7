import { DEFAULT_SEARCH_FILTERS, MSG } from '@flaneur/schema';
import { signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
const gw = useGateway();
// Registration costs a password hash: the refusals share this account, whose criteria stay FILTERS.
let picky: Signed;
beforeAll(async () => {
  picky = await signedInUser(gw);
  await picky.agent.post('/api/user/preferences').send({ searchFilters: FILTERS });
});

const FILTERS = {
  propertyStatus: 'rent',
  propertyType: 'apartment',
  radius: 1.5,
  priceMin: 300,
  priceMax: 1200,
  sizeMin: 20,
  sizeMax: 80,
  bedrooms: [1, 2, 5],
  roomsMin: 3,
  bathrooms: [1, 4],
  features: ['balcony', 'elevator'],
  zone: null,
  energyMax: null,
};

describe('GET and POST /api/user/preferences', () => {
  it('should answer the defaults when the user saved nothing', async () => {
    const { agent } = await signedInUser(gw);
    const res = await agent.get('/api/user/preferences');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      searchFilters: {
        propertyStatus: 'all',
        propertyType: 'all',
        radius: 2,
        priceMin: null,
        priceMax: null,
        sizeMin: null,
        sizeMax: null,
        bedrooms: [],
        roomsMin: null,
        bathrooms: [],
        features: [],
        zone: null,
        energyMax: null,
      },
    });
  });

  it('should save and answer { searchFilters } when the legacy client posts { userId, preferences }', async () => {
    const { agent, user } = await signedInUser(gw);
    const res = await agent
      .post('/api/user/preferences')
      .send({ userId: user.id, preferences: { searchFilters: FILTERS } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ searchFilters: FILTERS });
    expect((await agent.get(`/api/user/preferences?userId=${user.id}`)).body).toEqual({ searchFilters: FILTERS });
  });

  it('should accept { searchFilters } alone and fill omitted fields with their defaults', async () => {
    const { agent } = await signedInUser(gw);
    await agent.post('/api/user/preferences').send({ searchFilters: FILTERS });
    const res = await agent.post('/api/user/preferences').send({ searchFilters: { radius: 3.5 } });
    expect(res.status).toBe(200);
    expect(res.body.searchFilters).toEqual({ ...DEFAULT_SEARCH_FILTERS, radius: 3.5 });
    expect((await agent.get('/api/user/preferences')).body.searchFilters.radius).toBe(3.5);
  });

  it('should answer 403 "Accès refusé" and save nothing when userId is another user', async () => {
    const { agent } = await signedInUser(gw);
    const { agent: otherAgent, user: other } = await signedInUser(gw);
    const post = await agent
      .post('/api/user/preferences')
      .send({ userId: other.id, preferences: { searchFilters: FILTERS } });
    expect(post.status).toBe(403);
    expect(post.body).toEqual({ message: 'Accès refusé' });
    expect((await otherAgent.get('/api/user/preferences')).body.searchFilters).toEqual(DEFAULT_SEARCH_FILTERS);
    expect((await agent.get('/api/user/preferences')).body.searchFilters).toEqual(DEFAULT_SEARCH_FILTERS);
    const get = await agent.get(`/api/user/preferences?userId=${other.id}`);
    expect(get.status).toBe(403);
    expect(get.body).toEqual({ message: 'Accès refusé' });
  });

  it('should answer 401 when signed out', async () => {
    expect((await gw.agent().get('/api/user/preferences')).status).toBe(401);
    const res = await gw.agent().post('/api/user/preferences').send({ searchFilters: FILTERS });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MSG.unauthenticated });
  });

  it.each([
    ['a radius above 5 km', { radius: 10 }],
    ['a radius below 0.5 km', { radius: 0 }],
    ['an unknown status', { propertyStatus: 'buy' }],
    ['an unknown type', { propertyType: 'castle' }],
    ['a feature that is not a chip', { features: ['cellar'] }],
    ['a bedroom count of 6', { bedrooms: [6] }],
    ['a minimum of 0 rooms', { roomsMin: 0 }],
    ['a minimum of 21 rooms', { roomsMin: 21 }],
    ['a minimum of 2.5 rooms', { roomsMin: 2.5 }],
    ['a negative price', { priceMin: -1 }],
    ['a price as text', { priceMax: 'cher' }],
  ])('should answer 400 and keep the saved criteria when the filters have %s', async (_name, change) => {
    const { agent } = picky;
    const res = await agent.post('/api/user/preferences').send({ searchFilters: { ...FILTERS, ...change } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.invalidInput);
    expect((await agent.get('/api/user/preferences')).body.searchFilters).toEqual(FILTERS);
  });

  it('should answer 400 and keep the saved criteria when the body carries no filters or is malformed', async () => {
    const { agent, user } = picky;
    expect((await agent.post('/api/user/preferences').send({ userId: user.id })).status).toBe(400);
    expect((await agent.post('/api/user/preferences').send({ searchFilters: 'tout' })).status).toBe(400);
    const bad = await agent.post('/api/user/preferences').set('Content-Type', 'application/json').send('{"a"');
    expect(bad.status).toBe(400);
    expect((await agent.get('/api/user/preferences')).body.searchFilters).toEqual(FILTERS);
  });
});

const GET = `{ preferences { searchFilters {
  propertyStatus propertyType radius priceMin priceMax sizeMin sizeMax bedrooms roomsMin bathrooms features
  zone { latitude longitude } energyMax
} } }`;
const SAVE = `mutation ($f: SearchFiltersInput!) { savePreferences(searchFilters: $f) { searchFilters {
  propertyStatus propertyType radius priceMin priceMax sizeMin sizeMax bedrooms roomsMin bathrooms features
  zone { latitude longitude } energyMax
} } }`;

describe('GraphQL preferences', () => {
  it('should answer the defaults, then the saved criteria', async () => {
    const { agent } = await signedInUser(gw);
    expect((await gql(agent, GET)).data).toEqual({ preferences: { searchFilters: DEFAULT_SEARCH_FILTERS } });
    const saved = await gql(agent, SAVE, { f: FILTERS });
    expect(saved.errors).toBeUndefined();
    expect(saved.data).toEqual({ savePreferences: { searchFilters: FILTERS } });
    expect((await gql(agent, GET)).data).toEqual({ preferences: { searchFilters: FILTERS } });
    const partial = await gql(agent, SAVE, { f: { propertyStatus: 'sale' } });
    expect(partial.data!.savePreferences.searchFilters).toEqual({ ...DEFAULT_SEARCH_FILTERS, propertyStatus: 'sale' });
  });

  it('should answer UNAUTHENTICATED when signed out and BAD_USER_INPUT for bad criteria', async () => {
    expect((await gql(gw.agent(), GET)).errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    expect((await gql(gw.agent(), SAVE, { f: FILTERS })).errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    const { agent } = picky;
    const res = await gql(agent, SAVE, { f: { radius: 12, features: ['moat'] } });
    expect(res.errors![0]).toMatchObject({ message: MSG.invalidInput, extensions: { code: 'BAD_USER_INPUT' } });
    expect(res.errors![0].extensions!.fields).toEqual({ 'features.0': MSG.invalidInput, radius: MSG.invalidInput });
  });
});
