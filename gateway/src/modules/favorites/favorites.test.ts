import { MSG } from '@flaneur/schema';
import type { QueryCounter } from '../../lib/query-counter';
import { createProperty, insertProperties, PropertyJson, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
// The statement counts below must not include the outbox worker's polls.
const gw = useGateway({ startOutbox: false });
let owner: Signed;
// Registration costs a password hash: tests that do not read a whole list share this fan (and fresh listings).
let fan: Signed;
let listing: PropertyJson;
beforeAll(async () => {
  [owner, fan] = await Promise.all([signedInUser(gw), signedInUser(gw)]);
  listing = await createProperty(owner.agent);
});

const countRows = async (userId: number, propertyId: number) =>
  (
    await gw.db.query('SELECT count(*)::int AS n FROM favorites WHERE user_id = $1 AND property_id = $2', [
      userId,
      propertyId,
    ])
  )[0].n as number;

describe('REST favourites', () => {
  it('should add, check, list and remove a favourite with the legacy REST shapes', async () => {
    const { agent } = await signedInUser(gw);
    expect((await agent.get(`/api/favorites/check/${listing.id}`)).body).toEqual({ isFavorite: false });

    const added = await agent.post('/api/favorites').send({ propertyId: listing.id });
    expect(added.status).toBe(201);
    expect(Object.keys(added.body).sort()).toEqual(['favorite', 'property']);
    expect(Object.keys(added.body.favorite).sort()).toEqual(['createdAt', 'id']);
    expect(typeof added.body.favorite.id).toBe('number');
    expect(added.body.property).toEqual(listing);

    expect((await agent.get(`/api/favorites/check/${listing.id}`)).body).toEqual({ isFavorite: true });
    const list = await agent.get('/api/favorites');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ favorite: added.body.favorite, property: listing }]);
    expect(list.body[0].property.price).toBe('350000.00');

    const removed = await agent.delete(`/api/favorites/${listing.id}`);
    expect(removed.status).toBe(204);
    expect((await agent.get('/api/favorites')).body).toEqual([]);
    expect((await agent.get(`/api/favorites/check/${listing.id}`)).body).toEqual({ isFavorite: false });
  });

  it('should list favourites newest first', async () => {
    const { agent } = await signedInUser(gw);
    const second = await createProperty(owner.agent);
    await agent.post('/api/favorites').send({ propertyId: listing.id });
    await agent.post('/api/favorites').send({ propertyId: second.id });
    const list = await agent.get('/api/favorites');
    expect(list.body.map((i: { property: PropertyJson }) => i.property.id)).toEqual([second.id, listing.id]);
  });

  it('should keep one row and answer the same favourite when it is added twice', async () => {
    const { agent, user } = fan;
    const [propertyId] = await insertProperties(gw.db, 1);
    const a = await agent.post('/api/favorites').send({ propertyId });
    const b = await agent.post('/api/favorites').send({ propertyId: String(propertyId) });
    expect(b.status).toBe(a.status);
    expect(b.body.favorite).toEqual(a.body.favorite);
    expect(await countRows(user.id, propertyId)).toBe(1);
  });

  it('should keep one row when 20 adds of the same favourite race', async () => {
    const { agent, user } = fan;
    const [propertyId] = await insertProperties(gw.db, 1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => agent.post('/api/favorites').send({ propertyId })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.body.favorite.id)).size).toBe(1);
    expect(await countRows(user.id, propertyId)).toBe(1);
  });

  it('should answer 204 when the favourite to remove does not exist', async () => {
    const { agent } = fan;
    const [propertyId] = await insertProperties(gw.db, 1);
    expect((await agent.delete(`/api/favorites/${propertyId}`)).status).toBe(204);
    expect((await agent.delete('/api/favorites/999999999')).status).toBe(204);
  });

  it("should only remove the session user's favourite", async () => {
    const [propertyId] = await insertProperties(gw.db, 1);
    await fan.agent.post('/api/favorites').send({ propertyId });
    expect((await owner.agent.delete(`/api/favorites/${propertyId}`)).status).toBe(204);
    expect(await countRows(fan.user.id, propertyId)).toBe(1);
  });

  it('should answer 404 "Bien non trouvé" when the listing is unknown or the id is not a number', async () => {
    const { agent } = fan;
    for (const propertyId of [999999999, 'abc', null]) {
      const res = await agent.post('/api/favorites').send({ propertyId });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Bien non trouvé' });
    }
    expect((await agent.post('/api/favorites').send({})).status).toBe(404);
    expect((await agent.get('/api/favorites/check/abc')).status).toBe(404);
    expect((await agent.get('/api/favorites/check/999999999')).status).toBe(404);
    expect((await agent.delete('/api/favorites/abc')).status).toBe(404);
  });

  it('should answer 400, not 500, when the body is malformed JSON', async () => {
    const { agent } = fan;
    const res = await agent.post('/api/favorites').set('Content-Type', 'application/json').send('{"propertyId":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MSG.invalidInput });
  });

  it('should answer 401 to every route when signed out', async () => {
    const anon = gw.agent();
    for (const res of [
      await anon.get('/api/favorites'),
      await anon.get(`/api/favorites/check/${listing.id}`),
      await anon.post('/api/favorites').send({ propertyId: listing.id }),
      await anon.delete(`/api/favorites/${listing.id}`),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: MSG.unauthenticated });
    }
  });
});

const ITEM = 'favorite { id createdAt } property { id title price }';

describe('GraphQL favourites', () => {
  it('should add, check, list and remove a favourite', async () => {
    const { agent } = await signedInUser(gw);
    const id = String(listing.id);
    const add = await gql(agent, `mutation ($id: ID!) { addFavorite(propertyId: $id) { ${ITEM} } }`, { id });
    expect(add.errors).toBeUndefined();
    expect(add.data!.addFavorite).toEqual({
      favorite: { id: expect.stringMatching(/^\d+$/), createdAt: expect.any(String) },
      property: { id, title: listing.title, price: 350000 },
    });
    expect((await gql(agent, 'query ($id: ID!) { isFavorite(propertyId: $id) }', { id })).data).toEqual({
      isFavorite: true,
    });
    expect((await gql(agent, `{ favorites { ${ITEM} } }`)).data!.favorites).toEqual([add.data!.addFavorite]);
    const again = await gql(agent, `mutation ($id: ID!) { addFavorite(propertyId: $id) { favorite { id } } }`, { id });
    expect(again.data!.addFavorite.favorite.id).toBe(add.data!.addFavorite.favorite.id);
    expect((await gql(agent, 'mutation ($id: ID!) { removeFavorite(propertyId: $id) }', { id })).data).toEqual({
      removeFavorite: true,
    });
    expect((await gql(agent, 'mutation ($id: ID!) { removeFavorite(propertyId: $id) }', { id })).data).toEqual({
      removeFavorite: true,
    });
    expect((await gql(agent, '{ favorites { favorite { id } } }')).data!.favorites).toEqual([]);
  });

  it('should answer UNAUTHENTICATED when signed out and NOT_FOUND for an unknown listing', async () => {
    const anon = await gql(gw.agent(), '{ favorites { favorite { id } } }');
    expect(anon.errors![0]).toMatchObject({ message: MSG.unauthenticated, extensions: { code: 'UNAUTHENTICATED' } });
    const check = await gql(gw.agent(), 'query { isFavorite(propertyId: "1") }');
    expect(check.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    const { agent } = fan;
    const missing = await gql(agent, 'mutation { addFavorite(propertyId: "999999999") { favorite { id } } }');
    expect(missing.errors![0]).toMatchObject({ message: 'Bien non trouvé', extensions: { code: 'NOT_FOUND' } });
  });
});

describe('cost of the favourites list', () => {
  it('should cost the same small number of SQL statements for 200 favourites as for 2', async () => {
    const small = await signedInUser(gw);
    const large = await signedInUser(gw);
    const ownerIds = Array.from({ length: 200 }, (_, i) => (i % 2 ? owner.user.id : small.user.id));
    const ids = await insertProperties(gw.db, 200, { ownerIds });
    const favourite = (userId: number, propertyIds: number[]) =>
      gw.db.query('INSERT INTO favorites (user_id, property_id) SELECT $1, unnest($2::int[])', [userId, propertyIds]);
    await favourite(small.user.id, ids.slice(0, 2));
    await favourite(large.user.id, ids);

    const counter = gw.db.logger as QueryCounter;
    const cost = async (agent: Signed['agent'], expected: number, run: (a: Signed['agent']) => Promise<unknown[]>) => {
      await run(agent); // warm: the first request of a session may touch it
      const before = counter.count;
      expect(await run(agent)).toHaveLength(expected);
      return counter.count - before;
    };
    const rest = async (a: Signed['agent']) => (await a.get('/api/favorites')).body;
    const graphql = async (a: Signed['agent']) =>
      (await gql(a, '{ favorites { favorite { id } property { id owner { username } } } }')).data!.favorites;

    const [restSmall, restLarge] = [await cost(small.agent, 2, rest), await cost(large.agent, 200, rest)];
    expect(restLarge).toBe(restSmall);
    expect(restLarge).toBeLessThanOrEqual(3);
    const [gqlSmall, gqlLarge] = [await cost(small.agent, 2, graphql), await cost(large.agent, 200, graphql)];
    expect(gqlLarge).toBe(gqlSmall);
    expect(gqlLarge).toBeLessThanOrEqual(4);
  });
});
