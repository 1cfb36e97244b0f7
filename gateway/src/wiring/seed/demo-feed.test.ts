import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { DEMO_FEED_LISTINGS, seedDemoFeed } from './demo-feed';

const gw = useGateway({ startOutbox: false });

describe('demo agency feed', () => {
  it('should import the demo Poliris feed through the importer: published agency listings, one draft', async () => {
    const id = await seedDemoFeed(gw.db, gw.services, gw.logger);
    await gw.outbox.drain();
    const [row] = await gw.db.query(`SELECT status, created, drafts, refused FROM feed_imports WHERE id = $1`, [id]);
    expect(row).toEqual({ status: 'done', created: DEMO_FEED_LISTINGS, drafts: 1, refused: 0 });
    const [{ published }] = await gw.db.query(
      `SELECT count(*)::int AS published FROM properties p JOIN users u ON u.id = p.owner_id
       WHERE u.username = 'agence-flux' AND p.listing_state = 'published'`,
    );
    expect(published).toBe(DEMO_FEED_LISTINGS - 1);
    const res = await gql(gw.agent(), `{ properties(first: 100) { nodes { agencyReference owner { agencyName } } } }`);
    const agencyListings = res.data!.properties.nodes.filter(
      (p: { owner: { agencyName: string | null } | null }) => p.owner?.agencyName === 'Agence Flâneur Démo',
    );
    expect(agencyListings.length).toBe(DEMO_FEED_LISTINGS - 1);
  });
});
