import { createProperty, signedInUser } from '../../../test/factories';
import { unique, useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';

const gw = useGateway();

const SEARCH = `query ($city: String) { properties(filter: { city: $city }, first: 50) { nodes { id listingState } } }`;
const ONE = `query ($id: ID!) { property(id: $id) { id listingState draftReason withdrawnAt } }`;
const REPORT = `mutation ($lat: Float!, $lng: Float!) {
  reportLocation(latitude: $lat, longitude: $lng, accuracy: 10) { newDiscoveries { id } }
}`;
const SAVE = `mutation ($f: SearchFiltersInput!) { savePreferences(searchFilters: $f) { searchFilters { radius } } }`;

const setState = (id: number, state: 'draft' | 'withdrawn', reason: string | null = null) =>
  gw.db.query(
    `UPDATE properties SET listing_state = $2::text::listing_state, draft_reason = $3,
       withdrawn_at = CASE WHEN $2::text = 'withdrawn' THEN now() END WHERE id = $1`,
    [id, state, reason],
  );

/** Three listings of one owner in a unique city at one spot: published, draft, withdrawn. */
async function threeListings(at = { latitude: 48.8566, longitude: 2.3522 }) {
  const owner = await signedInUser(gw);
  const city = unique('Ville');
  const make = (title: string, dLng: number) =>
    createProperty(owner.agent, { title, city, latitude: at.latitude, longitude: at.longitude + dLng });
  const published = await make('publiée', 0);
  const draft = await make('brouillon', 0.0001);
  const withdrawn = await make('retirée', 0.0002);
  await setState(draft.id, 'draft', 'Brouillon : la classe énergie (DPE) est obligatoire');
  await setState(withdrawn.id, 'withdrawn');
  return { owner, city, published, draft, withdrawn };
}

describe('listing publication state', () => {
  it('should list only published listings in the search (GraphQL and REST), all of them in Mes annonces', async () => {
    const { owner, city, published, draft, withdrawn } = await threeListings();
    const visitor = await signedInUser(gw);
    const res = await gql(visitor.agent, SEARCH, { city });
    expect(res.errors).toBeUndefined();
    expect(res.data!.properties.nodes).toEqual([{ id: String(published.id), listingState: 'published' }]);
    const rest = await gw.agent().get('/api/properties').query({ city });
    expect(rest.status).toBe(200);
    expect(rest.body.map((p: { id: number }) => p.id)).toEqual([published.id]);
    // The owner's own lists show every state.
    const mine = await gql(owner.agent, `{ myProperties { id listingState draftReason } }`);
    expect(mine.data!.myProperties).toEqual([
      { id: String(withdrawn.id), listingState: 'withdrawn', draftReason: null },
      {
        id: String(draft.id),
        listingState: 'draft',
        draftReason: 'Brouillon : la classe énergie (DPE) est obligatoire',
      },
      { id: String(published.id), listingState: 'published', draftReason: null },
    ]);
    const legacy = await owner.agent.get('/api/properties').query({ city, userId: owner.user.id });
    expect(legacy.body.map((p: { id: number }) => p.id)).toEqual([withdrawn.id, draft.id, published.id]);
    // A public filter by owner is still the public list.
    const byOwner = await gql(
      visitor.agent,
      `query ($o: ID) { properties(filter: { ownerId: $o }) { nodes { id } } }`,
      {
        o: String(owner.user.id),
      },
    );
    expect(byOwner.errors).toBeUndefined();
    expect(byOwner.data!.properties.nodes).toEqual([{ id: String(published.id) }]);
  });

  it('should open a withdrawn listing for anyone, a draft for its owner only (404 otherwise)', async () => {
    const { owner, draft, withdrawn } = await threeListings();
    const visitor = await signedInUser(gw);
    const w = await gql(visitor.agent, ONE, { id: String(withdrawn.id) });
    expect(w.data!.property).toMatchObject({ listingState: 'withdrawn', withdrawnAt: expect.any(String) });
    expect((await gw.agent().get(`/api/properties/${withdrawn.id}`)).status).toBe(200);
    const d = await gql(visitor.agent, ONE, { id: String(draft.id) });
    expect(d.errors?.[0]).toMatchObject({ message: 'Bien non trouvé', extensions: { code: 'NOT_FOUND' } });
    expect((await gw.agent().get(`/api/properties/${draft.id}`)).status).toBe(404);
    expect((await visitor.agent.post('/api/favorites').send({ propertyId: draft.id })).status).toBe(404);
    const own = await gql(owner.agent, ONE, { id: String(draft.id) });
    expect(own.data!.property).toMatchObject({ listingState: 'draft' });
    expect((await owner.agent.get(`/api/properties/${draft.id}`)).status).toBe(200);
  });

  it('should keep a withdrawn listing in favourites and its price history', async () => {
    const owner = await signedInUser(gw);
    const p = await createProperty(owner.agent, { price: 300000 });
    await owner.agent.patch(`/api/properties/${p.id}`).send({ price: 280000 }).expect(200);
    const fan = await signedInUser(gw);
    await fan.agent
      .post('/api/favorites')
      .send({ propertyId: p.id })
      .expect((r) => expect(r.status).toBeLessThan(300));
    await setState(p.id, 'withdrawn');
    const res = await gql(fan.agent, `{ favorites { property { id listingState priceHistory { price } } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data!.favorites).toEqual([
      {
        property: {
          id: String(p.id),
          listingState: 'withdrawn',
          priceHistory: [{ price: 300000 }, { price: 280000 }],
        },
      },
    ]);
  });

  it('should not discover a withdrawn or a draft listing while walking', async () => {
    const at = { latitude: 47.2 + Math.random() * 0.1, longitude: -1.6 + Math.random() * 0.1 };
    const { published } = await threeListings(at);
    const walker = await signedInUser(gw);
    expect((await gql(walker.agent, SAVE, { f: { radius: 0.5 } })).errors).toBeUndefined();
    const res = await gql(walker.agent, REPORT, { lat: at.latitude, lng: at.longitude });
    expect(res.errors).toBeUndefined();
    expect(res.data!.reportLocation.newDiscoveries).toEqual([{ id: String(published.id) }]);
  });

  it("should count only published listings around a place in the Explorer's tally", async () => {
    const at = { latitude: 46.1 + Math.random() * 0.1, longitude: 3.1 + Math.random() * 0.1 };
    await threeListings(at);
    const res = await gql(
      gw.agent(),
      `query ($lat: Float!, $lng: Float!) { passedAround(latitude: $lat, longitude: $lng, searchFilters: { radius: 0.5 }) { passed matching } }`,
      { lat: at.latitude, lng: at.longitude },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.passedAround).toEqual({ passed: 1, matching: 1 });
  });

  it('should open a withdrawn listing from its panel without discovering it, and hide a draft panel', async () => {
    const { draft, withdrawn } = await threeListings();
    const [w] = await gw.db.query('SELECT ref FROM properties WHERE id = $1', [withdrawn.id]);
    const [d] = await gw.db.query('SELECT ref FROM properties WHERE id = $1', [draft.id]);
    const walker = await signedInUser(gw);
    const scan = await walker.agent.get(`/p/${w.ref}`);
    expect(scan.status).toBe(302);
    expect(scan.headers.location).toContain(`/property/${withdrawn.id}`);
    const [{ n }] = await gw.db.query('SELECT count(*)::int AS n FROM history_entries WHERE user_id = $1', [
      walker.user.id,
    ]);
    expect(n).toBe(0);
    const hidden = await walker.agent.get(`/p/${d.ref}`);
    expect(hidden.headers.location ?? '').not.toContain(`/property/${draft.id}`);
  });
});
