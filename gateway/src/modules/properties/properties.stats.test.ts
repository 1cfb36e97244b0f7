import { createProperty, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';

const gw = useGateway();

const STATS = 'query ($id: ID!) { property(id: $id) { id stats { views favorites conversations } } }';
const MINE = 'query { myProperties { id stats { views favorites conversations } } }';

describe('Property.stats', () => {
  it("should count other users' views, favourites and conversations for the owner only", async () => {
    const [owner, visitor, second] = await Promise.all([signedInUser(gw), signedInUser(gw), signedInUser(gw)]);
    const listing = await createProperty(owner.agent);
    const quiet = await createProperty(owner.agent);
    // The owner's own view and favourite are not counted.
    for (const agent of [owner.agent, visitor.agent, second.agent])
      expect((await agent.patch('/api/history/view').send({ propertyId: listing.id })).status).toBeLessThan(300);
    for (const agent of [owner.agent, visitor.agent])
      expect((await agent.post('/api/favorites').send({ propertyId: listing.id })).status).toBeLessThan(300);
    const conversation = await visitor.agent
      .post('/api/conversations')
      .send({ user1Id: visitor.user.id, user2Id: owner.user.id, propertyId: listing.id });
    expect(conversation.status).toBe(201);

    const seen = await gql(owner.agent, STATS, { id: String(listing.id) });
    expect(seen.errors).toBeUndefined();
    expect(seen.data!.property.stats).toEqual({ views: 2, favorites: 1, conversations: 1 });

    const mine = await gql(owner.agent, MINE);
    const byId = Object.fromEntries(
      (mine.data!.myProperties as { id: string; stats: unknown }[]).map((p) => [p.id, p.stats]),
    );
    expect(byId[String(listing.id)]).toEqual({ views: 2, favorites: 1, conversations: 1 });
    expect(byId[String(quiet.id)]).toEqual({ views: 0, favorites: 0, conversations: 0 });

    for (const agent of [visitor.agent, gw.agent()])
      expect((await gql(agent, STATS, { id: String(listing.id) })).data!.property.stats).toBeNull();
  });
});
