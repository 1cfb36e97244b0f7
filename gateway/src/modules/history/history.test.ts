import { MSG } from '@flaneur/schema';
import type { QueryCounter } from '../../lib/query-counter';
import { createProperty, insertProperties, PropertyJson, signedInUser } from '../../../test/factories';
import { startGateway, TestGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let gw: TestGateway;
let owner: Signed;
// Registration costs a password hash: tests that do not read a whole history share this reader.
let reader: Signed;
let listing: PropertyJson;
beforeAll(async () => {
  // The statement counts below must not include the outbox worker's polls.
  gw = await startGateway({}, { startOutbox: false });
  [owner, reader] = await Promise.all([signedInUser(gw), signedInUser(gw)]);
  listing = await createProperty(owner.agent);
});
afterAll(() => gw.close());

/** Inserts discoveries (not viewed) at the given instants, one listing each; answers the listing ids in order. */
async function discoveries(userId: number, instants: string[]): Promise<number[]> {
  const ids = await insertProperties(gw.db, instants.length);
  await gw.db.query(
    `INSERT INTO history_entries (user_id, property_id, viewed_at, is_viewed)
     SELECT $1, unnest($2::int[]), unnest($3::timestamptz[]), false`,
    [userId, ids, instants],
  );
  return ids;
}

const entryRows = (userId: number, propertyId: number) =>
  gw.db.query('SELECT id, is_viewed, viewed_at FROM history_entries WHERE user_id = $1 AND property_id = $2', [
    userId,
    propertyId,
  ]);

describe('PATCH /api/history/view', () => {
  it('should create a viewed entry and answer { entry: { id, isViewed, viewedAt } } when the listing is opened', async () => {
    const { agent, user } = reader;
    const before = Date.now();
    const res = await agent.patch('/api/history/view').send({ userId: user.id, propertyId: listing.id });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['entry']);
    expect(Object.keys(res.body.entry).sort()).toEqual(['id', 'isViewed', 'source', 'viewedAt']);
    // Opened, not discovered: no source.
    expect(res.body.entry.source).toBeNull();
    expect(res.body.entry.isViewed).toBe(true);
    expect(new Date(res.body.entry.viewedAt).getTime()).toBeGreaterThan(before - 5000);
  });

  it('should mark a discovery viewed and move viewedAt, keeping one entry, when the listing is opened twice', async () => {
    const { agent, user } = reader;
    const [propertyId] = await discoveries(user.id, ['2026-01-10T08:00:00Z']);
    const [discovered] = await entryRows(user.id, propertyId);
    const first = await agent.patch('/api/history/view').send({ propertyId });
    expect(first.body.entry).toMatchObject({ id: discovered.id, isViewed: true });
    expect(new Date(first.body.entry.viewedAt).getTime()).toBeGreaterThan(new Date('2026-01-10T08:00:00Z').getTime());
    const second = await agent.patch('/api/history/view').send({ propertyId: String(propertyId) });
    expect(second.body.entry.id).toBe(discovered.id);
    expect(new Date(second.body.entry.viewedAt).getTime()).toBeGreaterThan(
      new Date(first.body.entry.viewedAt).getTime(),
    );
    const rows = await entryRows(user.id, propertyId);
    expect(rows).toHaveLength(1);
    expect(rows[0].is_viewed).toBe(true);
  });

  it('should answer 403 "Accès refusé" and record nothing when userId is another user', async () => {
    const { agent, user } = reader;
    const [propertyId] = await insertProperties(gw.db, 1);
    const res = await agent.patch('/api/history/view').send({ userId: owner.user.id, propertyId });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Accès refusé' });
    expect(await entryRows(user.id, propertyId)).toHaveLength(0);
    expect(await entryRows(owner.user.id, propertyId)).toHaveLength(0);
  });

  it('should answer 401 when signed out and 404 when the listing is unknown or not a number', async () => {
    expect((await gw.agent().patch('/api/history/view').send({ propertyId: listing.id })).status).toBe(401);
    const { agent } = reader;
    for (const propertyId of [999999999, 'abc', undefined]) {
      const res = await agent.patch('/api/history/view').send({ propertyId });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Bien non trouvé' });
    }
    const bad = await agent.patch('/api/history/view').set('Content-Type', 'application/json').send('{"propertyId"');
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/history', () => {
  it('should list { entry: { id, isViewed, viewedAt, source }, property } items newest first', async () => {
    const { agent, user } = await signedInUser(gw);
    const [older, newer] = await discoveries(user.id, ['2026-02-01T10:00:00Z', '2026-02-02T10:00:00Z']);
    const res = await agent.get(`/api/history?userId=${user.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.map((i: any) => i.property.id)).toEqual([newer, older]);
    const [item] = res.body;
    expect(Object.keys(item).sort()).toEqual(['entry', 'property']);
    expect(item.entry).toEqual({
      id: expect.any(Number),
      isViewed: false,
      viewedAt: '2026-02-02T10:00:00.000Z',
      source: 'walk',
    });
    expect(item.property).toMatchObject({ id: newer, price: expect.stringMatching(/^\d+\.00$/), size: '50.00' });
  });

  it("should answer the session user's history when userId is absent", async () => {
    const { agent, user } = reader;
    await discoveries(user.id, ['2026-02-01T10:00:00Z']);
    const res = await agent.get('/api/history');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body).toEqual((await agent.get(`/api/history?userId=${user.id}`)).body);
  });

  it('should answer 403 "Accès refusé" when userId is another user, 401 when signed out', async () => {
    const { agent } = reader;
    const res = await agent.get(`/api/history?userId=${owner.user.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Accès refusé' });
    expect((await gw.agent().get(`/api/history?userId=${owner.user.id}`)).status).toBe(401);
    expect((await gw.agent().get('/api/history')).status).toBe(401);
  });

  it('should start a winter day at 23:00 UTC the evening before when startDate is a Paris date', async () => {
    const { agent, user } = await signedInUser(gw);
    const [, after] = await discoveries(user.id, ['2026-01-14T22:59:59Z', '2026-01-14T23:00:01Z']);
    for (const startDate of ['2026-01-15', '2026-01-14T23:00:00.000Z']) {
      const res = await agent.get('/api/history').query({ userId: user.id, startDate });
      expect(res.status).toBe(200);
      expect(res.body.map((i: any) => i.property.id)).toEqual([after]);
    }
  });

  it('should start a summer day at 22:00 UTC the evening before when startDate is a Paris date', async () => {
    const { agent, user } = await signedInUser(gw);
    const [, after] = await discoveries(user.id, ['2026-07-14T21:59:59Z', '2026-07-14T22:00:01Z']);
    const res = await agent.get('/api/history').query({ startDate: '2026-07-15' });
    expect(res.body.map((i: any) => i.property.id)).toEqual([after]);
    const day = await agent.get('/api/history').query({ startDate: '2026-07-14' });
    expect(day.body).toHaveLength(2);
  });

  it.each(['hier', '15/01/2026', '2026-1-5', '2026-13-45', '2026-02-30', '2026-02-30T10:00:00Z'])(
    'should answer 400, not 500, when startDate is %s',
    async (startDate) => {
      const res = await reader.agent.get('/api/history').query({ startDate });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.invalidInput);
    },
  );
});

const HISTORY = `query ($since: String) {
  history(since: $since) { entry { id isViewed viewedAt propertyId } property { id title price } }
}`;

describe('GraphQL history', () => {
  it('should record a view and list it with since at the Paris day boundary', async () => {
    const { agent, user } = await signedInUser(gw);
    const [before, after] = await discoveries(user.id, ['2026-01-14T22:59:59Z', '2026-01-14T23:00:01Z']);
    const since = await gql(agent, HISTORY, { since: '2026-01-15' });
    expect(since.errors).toBeUndefined();
    expect(since.data!.history).toEqual([
      {
        entry: {
          id: expect.stringMatching(/^\d+$/),
          isViewed: false,
          viewedAt: '2026-01-14T23:00:01.000Z',
          propertyId: String(after),
        },
        property: { id: String(after), title: expect.any(String), price: expect.any(Number) },
      },
    ]);
    const view = await gql(agent, 'mutation ($id: ID!) { recordView(propertyId: $id) { id isViewed propertyId } }', {
      id: String(before),
    });
    expect(view.data!.recordView).toMatchObject({ isViewed: true, propertyId: String(before) });
    const all = await gql(agent, HISTORY, {});
    expect(all.data!.history.map((i: any) => i.property.id)).toEqual([String(before), String(after)]);
  });

  it('should answer UNAUTHENTICATED when signed out, BAD_USER_INPUT for a bad since, NOT_FOUND for a bad id', async () => {
    expect((await gql(gw.agent(), HISTORY)).errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    const anonView = await gql(gw.agent(), 'mutation { recordView(propertyId: "1") { id } }');
    expect(anonView.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    const { agent } = reader;
    expect((await gql(agent, HISTORY, { since: 'hier' })).errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    const missing = await gql(agent, 'mutation { recordView(propertyId: "abc") { id } }');
    expect(missing.errors![0]).toMatchObject({ message: 'Bien non trouvé', extensions: { code: 'NOT_FOUND' } });
  });
});

describe('cost of the history list', () => {
  it('should cost the same small number of SQL statements for 200 entries as for 2', async () => {
    const small = await signedInUser(gw);
    const large = await signedInUser(gw);
    const ids = await insertProperties(gw.db, 200, {
      ownerIds: Array.from({ length: 200 }, (_, i) => (i % 2 ? owner.user.id : small.user.id)),
    });
    const fill = (userId: number, propertyIds: number[]) =>
      gw.db.query('INSERT INTO history_entries (user_id, property_id) SELECT $1, unnest($2::int[])', [
        userId,
        propertyIds,
      ]);
    await fill(small.user.id, ids.slice(0, 2));
    await fill(large.user.id, ids);

    const counter = gw.db.logger as QueryCounter;
    const cost = async (agent: Signed['agent'], expected: number, run: (a: Signed['agent']) => Promise<unknown[]>) => {
      await run(agent);
      const before = counter.count;
      expect(await run(agent)).toHaveLength(expected);
      return counter.count - before;
    };
    const rest = async (a: Signed['agent']) => (await a.get('/api/history')).body;
    const graphql = async (a: Signed['agent']) =>
      (await gql(a, '{ history { entry { id } property { id owner { username } } } }')).data!.history;

    const [restSmall, restLarge] = [await cost(small.agent, 2, rest), await cost(large.agent, 200, rest)];
    expect(restLarge).toBe(restSmall);
    expect(restLarge).toBeLessThanOrEqual(3);
    const [gqlSmall, gqlLarge] = [await cost(small.agent, 2, graphql), await cost(large.agent, 200, graphql)];
    expect(gqlLarge).toBe(gqlSmall);
    expect(gqlLarge).toBeLessThanOrEqual(4);
  });
});
