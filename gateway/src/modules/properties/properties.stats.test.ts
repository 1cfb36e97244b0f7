import { OWNER_INSIGHTS_MSG, MSG } from '@flaneur/schema';
import { Agent, createProperty, insertProperties, PropertyJson, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import type { QueryCounter } from '../../lib/query-counter';

// No outbox polling: the statement count of a request is not mixed with background jobs' statements.
const gw = useGateway({ startOutbox: false });

const PERIOD = 'passedBy viewed favorited contacted';
const STATS = `query ($id: ID!, $days: Int) { property(id: $id) { id stats(days: $days) { days ${PERIOD} previous { ${PERIOD} } } } }`;
const MINE = `query ($days: Int) { myProperties { id stats(days: $days) { ${PERIOD} previous { ${PERIOD} } } } }`;

type Period = { passedBy: number | null; viewed: number | null; favorited: number | null; contacted: number | null };
const all = (n: number | null): Period => ({ passedBy: n, viewed: n, favorited: n, contacted: n });

/** A listing of its own at a random spot far from Paris and from other test files' listings. */
async function remoteListing(agent: Agent): Promise<PropertyJson> {
  return createProperty(agent, {
    latitude: -45 + Math.random() * 20,
    longitude: 100 + Math.random() * 40,
  });
}

/** A tenant who walks past the listing (a precise fix on it: a walk discovery). */
async function walkPast(listing: PropertyJson) {
  const walker = await signedInUser(gw);
  const res = await walker.agent
    .post('/api/user-locations')
    .send({ latitude: Number(listing.latitude), longitude: Number(listing.longitude), accuracy: 10 });
  expect(res.status).toBe(201);
  expect(res.body.newDiscoveries.map((p: { id: number }) => p.id)).toContain(listing.id);
  return walker;
}

/** The whole funnel from one user: discovered walking, opened, kept, then a conversation or a visit request. */
async function fullFunnel(listing: PropertyJson, ownerId: number, contact: 'conversation' | 'visit') {
  const walker = await walkPast(listing);
  expect((await walker.agent.patch('/api/history/view').send({ propertyId: listing.id })).status).toBe(200);
  expect((await walker.agent.post('/api/favorites').send({ propertyId: listing.id })).status).toBeLessThan(300);
  const contacted =
    contact === 'conversation'
      ? await walker.agent
          .post('/api/conversations')
          .send({ user1Id: walker.user.id, user2Id: ownerId, propertyId: listing.id })
      : await walker.agent.post('/api/visit-requests').send({ propertyId: listing.id, message: 'Bonjour' });
  expect(contacted.status).toBe(201);
  return walker;
}

/** Moves every trace of the user on the listing back to `days` days and `minutes` minutes ago. */
async function backdate(userId: number, propertyId: number, days: number, minutes: number) {
  const at = `now() - make_interval(days => ${Math.trunc(days)}, mins => ${Math.trunc(minutes)})`;
  await gw.db.query(
    `UPDATE history_entries SET discovered_at = ${at}, viewed_at = ${at} WHERE user_id = $1 AND property_id = $2`,
    [userId, propertyId],
  );
  await gw.db.query(`UPDATE favorites SET created_at = ${at} WHERE user_id = $1 AND property_id = $2`, [
    userId,
    propertyId,
  ]);
  await gw.db.query(
    `UPDATE conversations SET created_at = ${at} WHERE property_id = $2 AND (user1_id = $1 OR user2_id = $1)`,
    [userId, propertyId],
  );
  await gw.db.query(`UPDATE visit_requests SET created_at = ${at} WHERE requester_id = $1 AND property_id = $2`, [
    userId,
    propertyId,
  ]);
}

async function statsOf(agent: Agent, id: number, days?: number) {
  const res = await gql(agent, STATS, { id: String(id), days });
  expect(res.errors).toBeUndefined();
  return res.data!.property.stats as Period & { days: number; previous: Period };
}

describe('Property.stats (walk-by analytics)', () => {
  it('should count distinct walkers, openings, favourites and contacts, hiding 1 and 2 (« moins de 3 »)', async () => {
    const owner = await signedInUser(gw);
    const listing = await remoteListing(owner.agent);
    const quiet = await remoteListing(owner.agent);
    // The owner's own opening and favourite never count.
    expect((await owner.agent.patch('/api/history/view').send({ propertyId: listing.id })).status).toBe(200);
    expect((await owner.agent.post('/api/favorites').send({ propertyId: listing.id })).status).toBeLessThan(300);

    expect(await statsOf(owner.agent, listing.id)).toEqual({ days: 30, ...all(0), previous: all(0) });
    await fullFunnel(listing, owner.user.id, 'conversation');
    expect(await statsOf(owner.agent, listing.id)).toEqual({ days: 30, ...all(null), previous: all(0) });
    const second = await fullFunnel(listing, owner.user.id, 'visit');
    expect(await statsOf(owner.agent, listing.id)).toEqual({ days: 30, ...all(null), previous: all(0) });
    // The same user contacting twice (a conversation after a visit request) is one contact.
    expect(
      (
        await second.agent
          .post('/api/conversations')
          .send({ user1Id: second.user.id, user2Id: owner.user.id, propertyId: listing.id })
      ).status,
    ).toBe(201);
    expect((await statsOf(owner.agent, listing.id)).contacted).toBeNull();
    await fullFunnel(listing, owner.user.id, 'conversation');
    expect(await statsOf(owner.agent, listing.id)).toEqual({ days: 30, ...all(3), previous: all(0) });

    // A walker who only passes by and a visitor who only opens it: the funnel narrows.
    await walkPast(listing);
    const reader = await signedInUser(gw);
    expect((await reader.agent.patch('/api/history/view').send({ propertyId: listing.id })).status).toBe(200);
    expect(await statsOf(owner.agent, listing.id)).toMatchObject({
      passedBy: 4,
      viewed: 4,
      favorited: 3,
      contacted: 3,
    });

    // A simulated discovery (the demo's) is no walk past the listing: not counted.
    const simulated = await signedInUser(gw);
    const imprecise = { latitude: Number(listing.latitude), longitude: Number(listing.longitude), accuracy: 900 };
    expect((await simulated.agent.post('/api/user-locations').send(imprecise)).body.newDiscoveries).toEqual([]);
    const simulation = await simulated.agent.get('/api/test/add-history');
    expect(simulation.status).toBe(201);
    expect(simulation.body.property.id).toBe(listing.id);
    expect((await statsOf(owner.agent, listing.id)).passedBy).toBe(4);

    // Mes annonces: every listing's funnel at once (one statement for the list).
    const mine = await gql(owner.agent, MINE, { days: 7 });
    expect(mine.errors).toBeUndefined();
    const byId = Object.fromEntries(
      (mine.data!.myProperties as { id: string; stats: unknown }[]).map((p) => [p.id, p.stats]),
    );
    expect(byId[String(listing.id)]).toMatchObject({ passedBy: 4, viewed: 4, favorited: 3, contacted: 3 });
    expect(byId[String(quiet.id)]).toEqual({ ...all(0), previous: all(0) });

    // REST answers the same figures.
    const rest = await owner.agent.get(`/api/properties/${listing.id}/stats`);
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ passedBy: 4, viewed: 4, favorited: 3, contacted: 3, previous: all(0) });
    const quietRest = await owner.agent.get(`/api/properties/${quiet.id}/stats?days=7`);
    expect(quietRest.body).toEqual({ ...all(0), previous: all(0) });
    // A dozen accounts and their whole funnels: slow on the embedded database of a busy machine.
  }, 180_000);

  it('should split the current and previous periods at exactly days and 2 × days ago', async () => {
    const owner = await signedInUser(gw);
    const listing = await remoteListing(owner.agent);
    const at = async (days: number, minutes: number, count: number) => {
      for (let i = 0; i < count; i++) {
        const u = await fullFunnel(listing, owner.user.id, i % 2 ? 'visit' : 'conversation');
        await backdate(u.user.id, listing.id, days, minutes);
      }
    };
    // The entries just inside a period sit 30 minutes inside it: a busy machine may take minutes to write them all.
    await at(7, -30, 3); // last 7 days (and last 30)
    await at(7, 1, 3); // the 7 days before (and last 30)
    await at(14, 1, 1); // outside both 7-day periods (last 30)
    await at(30, 1, 3); // the 30 days before
    await at(60, -30, 1); // the 30 days before, still
    await at(60, 1, 2); // outside both 30-day periods

    expect(await statsOf(owner.agent, listing.id, 7)).toEqual({ days: 7, ...all(3), previous: all(3) });
    expect(await statsOf(owner.agent, listing.id, 30)).toEqual({ days: 30, ...all(7), previous: all(4) });
    expect((await owner.agent.get(`/api/properties/${listing.id}/stats?days=7`)).body).toEqual({
      ...all(3),
      previous: all(3),
    });
    expect((await owner.agent.get(`/api/properties/${listing.id}/stats?days=30`)).body).toEqual({
      ...all(7),
      previous: all(4),
    });
  }, 180_000);

  it('should cost the same number of SQL statements for « Mes annonces » of 2 listings as of 12', async () => {
    const counter = gw.db.logger as QueryCounter;
    const measure = async (n: number) => {
      const owner = await signedInUser(gw);
      const ids = await insertProperties(gw.db, n, { ownerIds: Array(n).fill(owner.user.id) });
      await gw.db.query(
        `UPDATE properties SET latitude = -60 + random() * 10, longitude = -170 + random() * 10 WHERE id = ANY($1)`,
        [ids],
      );
      counter.count = 0;
      const res = await gql(owner.agent, MINE, { days: 7 });
      expect(res.errors).toBeUndefined();
      expect(res.data!.myProperties).toHaveLength(n);
      return counter.count;
    };
    const small = await measure(2);
    const large = await measure(12);
    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
  });

  it('should refuse the stats to anyone but the owner, except as null inside a list', async () => {
    const [owner, other] = await Promise.all([signedInUser(gw), signedInUser(gw)]);
    const listing = await remoteListing(owner.agent);

    const direct = await gql(other.agent, STATS, { id: String(listing.id) });
    expect(direct.errors![0]).toMatchObject({ message: MSG.propertyForbidden, extensions: { code: 'FORBIDDEN' } });
    expect(direct.data!.property).toEqual({ id: String(listing.id), stats: null });
    const anonymous = await gql(gw.agent(), STATS, { id: String(listing.id) });
    expect(anonymous.errors![0].extensions!.code).toBe('UNAUTHENTICATED');

    // A search page holding someone else's listing: null there, no error.
    const list = await gql(
      other.agent,
      `query ($city: String) { properties(filter: { city: $city }) { nodes { id stats { passedBy } } } }`,
      { city: listing.city },
    );
    expect(list.errors).toBeUndefined();
    expect(list.data!.properties.nodes).toEqual([{ id: String(listing.id), stats: null }]);

    const rest = await other.agent.get(`/api/properties/${listing.id}/stats`);
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ message: MSG.propertyForbidden });
    expect((await gw.agent().get(`/api/properties/${listing.id}/stats`)).status).toBe(401);
    expect((await owner.agent.get('/api/properties/99999999/stats')).status).toBe(404);
  });

  it('should refuse a period other than 7 or 30 days in French', async () => {
    const owner = await signedInUser(gw);
    const listing = await remoteListing(owner.agent);
    for (const days of [14, 0, -7, 365]) {
      const res = await gql(owner.agent, STATS, { id: String(listing.id), days });
      expect(res.errors![0]).toMatchObject({
        message: OWNER_INSIGHTS_MSG.statsDaysInvalid,
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    for (const days of ['14', 'abc', '7.0', '']) {
      const res = await owner.agent.get(`/api/properties/${listing.id}/stats?days=${days}`);
      if (days === '') {
        expect(res.status).toBe(200);
        continue;
      }
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: OWNER_INSIGHTS_MSG.statsDaysInvalid });
    }
    const twice = await owner.agent.get(`/api/properties/${listing.id}/stats?days=7&days=30`);
    expect(twice.status).toBe(400);
  });
});
