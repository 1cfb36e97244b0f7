import { MSG, OWNER_INSIGHTS_MSG } from '@flaneur/schema';
import { Agent, createProperty, PropertyJson, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { EARTH_RADIUS_KM } from '../../db/geo-sql';

const gw = useGateway();

const VERIFY = `mutation ($id: ID!, $lat: Float!, $lng: Float!, $acc: Float!) {
  verifyOnSite(propertyId: $id, latitude: $lat, longitude: $lng, accuracy: $acc) { id verifiedOnSiteAt updatedAt }
}`;
const READ = 'query ($id: ID!) { property(id: $id) { id verifiedOnSiteAt } }';

/** A listing at a random spot far from Paris and from other test files' listings. */
function remoteListing(agent: Agent): Promise<PropertyJson> {
  return createProperty(agent, { latitude: -50 + Math.random() * 20, longitude: -120 + Math.random() * 40 });
}

/** The listing's point moved north (positive) or south by exactly `metres` along its meridian. */
function moved(listing: PropertyJson, metres: number) {
  const dLat = (metres / (EARTH_RADIUS_KM * 1000)) * (180 / Math.PI);
  return { latitude: Number(listing.latitude) + dLat, longitude: Number(listing.longitude) };
}

const verify = (agent: Agent, listing: PropertyJson, at: { latitude: number; longitude: number }, accuracy: number) =>
  agent.post(`/api/properties/${listing.id}/verify-on-site`).send({ ...at, accuracy });

const verifiedAt = async (listing: PropertyJson) =>
  (await gw.agent().get(`/api/properties/${listing.id}`)).body.verifiedOnSiteAt as string | null;

describe('« Vérifié sur place »', () => {
  it('should accept a fix of accuracy ≤ 30 m within 60 m of the listing, and refuse anything else', async () => {
    const owner = await signedInUser(gw);
    const listing = await remoteListing(owner.agent);
    expect(listing.verifiedOnSiteAt).toBeNull();
    const refusal = { message: OWNER_INSIGHTS_MSG.notOnSite };

    // Too imprecise at the door, too far although precise: 400, nothing recorded.
    const imprecise = await verify(owner.agent, listing, moved(listing, 0), 31);
    expect(imprecise.status).toBe(400);
    expect(imprecise.body).toMatchObject(refusal);
    const far = await verify(owner.agent, listing, moved(listing, 61), 5);
    expect(far.status).toBe(400);
    expect(far.body).toMatchObject(refusal);
    const farSouth = await verify(owner.agent, listing, moved(listing, -61), 0);
    expect(farSouth.status).toBe(400);
    expect(await verifiedAt(listing)).toBeNull();

    const before = Date.now();
    const near = await verify(owner.agent, listing, moved(listing, 59), 29);
    expect(near.status).toBe(200);
    expect(near.body.id).toBe(listing.id);
    const at = new Date(near.body.verifiedOnSiteAt).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    // The listing's content did not change: its time of last change stays.
    expect(near.body.updatedAt).toBe(listing.updatedAt);
    // The public listing JSON and GraphQL show it to everyone.
    expect(await verifiedAt(listing)).toBe(near.body.verifiedOnSiteAt);
    const read = await gql(gw.agent(), READ, { id: String(listing.id) });
    expect(new Date(read.data!.property.verifiedOnSiteAt).toISOString()).toBe(near.body.verifiedOnSiteAt);

    // GraphQL: 30 m of accuracy is accepted, 31 refused; 59 m south accepted, 61 m refused.
    const v = (at: { latitude: number; longitude: number }, acc: number) =>
      gql(owner.agent, VERIFY, { id: String(listing.id), lat: at.latitude, lng: at.longitude, acc });
    expect((await v(moved(listing, 0), 30)).errors).toBeUndefined();
    expect((await v(moved(listing, -59), 10)).errors).toBeUndefined();
    for (const [metres, acc] of [
      [0, 31],
      [-61, 10],
      [61, 29],
    ] as const) {
      const res = await v(moved(listing, metres), acc);
      expect(res.errors![0]).toMatchObject({
        message: OWNER_INSIGHTS_MSG.notOnSite,
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
  });

  it('should be for the owner only, with a fix in French when it is malformed', async () => {
    const [owner, other] = await Promise.all([signedInUser(gw), signedInUser(gw)]);
    const listing = await remoteListing(owner.agent);
    const here = moved(listing, 0);

    const rest = await verify(other.agent, listing, here, 5);
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ message: MSG.propertyForbidden });
    expect((await verify(gw.agent(), listing, here, 5)).status).toBe(401);
    const res = await gql(other.agent, VERIFY, {
      id: String(listing.id),
      lat: here.latitude,
      lng: here.longitude,
      acc: 5,
    });
    expect(res.errors![0]).toMatchObject({ message: MSG.propertyForbidden, extensions: { code: 'FORBIDDEN' } });
    expect(await verifiedAt(listing)).toBeNull();

    const noAccuracy = await owner.agent
      .post(`/api/properties/${listing.id}/verify-on-site`)
      .send({ latitude: here.latitude, longitude: here.longitude });
    expect(noAccuracy.status).toBe(400);
    expect(noAccuracy.body).toMatchObject({ message: MSG.accuracyInvalid });
    const badLatitude = await owner.agent
      .post(`/api/properties/${listing.id}/verify-on-site`)
      .send({ latitude: 91, longitude: here.longitude, accuracy: 5 });
    expect(badLatitude.status).toBe(400);
    expect(badLatitude.body).toMatchObject({ message: MSG.latitudeInvalid });
    expect(
      (await owner.agent.post('/api/properties/99999999/verify-on-site').send({ ...here, accuracy: 5 })).status,
    ).toBe(404);
  });

  it('should be cleared by a new address or new coordinates, and kept by any other change', async () => {
    const owner = await signedInUser(gw);
    const listing = await remoteListing(owner.agent);
    const verifyHere = async (l: PropertyJson) => {
      const res = await verify(owner.agent, l, moved(l, 0), 5);
      expect(res.status).toBe(200);
      return res.body as PropertyJson;
    };
    const patch = async (changes: Record<string, unknown>) => {
      const res = await owner.agent.patch(`/api/properties/${listing.id}`).send(changes);
      expect(res.status).toBe(200);
      return res.body as PropertyJson;
    };

    // Only a fix sets it: a listing's body cannot.
    const forged = await createProperty(owner.agent, { verifiedOnSiteAt: '2026-01-01T00:00:00.000Z' } as never);
    expect(forged.verifiedOnSiteAt).toBeNull();
    expect((await patch({ verifiedOnSiteAt: '2026-01-01T00:00:00.000Z' })).verifiedOnSiteAt).toBeNull();

    expect((await verifyHere(listing)).verifiedOnSiteAt).not.toBeNull();
    // A new price, title or description keeps it; the same address and coordinates sent again keep it too.
    let current = await patch({ price: 333000, title: 'Appartement rénové' });
    expect(current.verifiedOnSiteAt).not.toBeNull();
    current = await patch({
      address: listing.address,
      city: listing.city,
      postalCode: listing.postalCode,
      latitude: Number(listing.latitude),
      longitude: Number(listing.longitude),
    });
    expect(current.verifiedOnSiteAt).not.toBeNull();

    // A new address (REST PATCH) clears it.
    current = await patch({ address: '14 rue des Lilas' });
    expect(current.verifiedOnSiteAt).toBeNull();
    expect(await verifiedAt(listing)).toBeNull();

    // New coordinates (GraphQL updateProperty) clear it.
    await verifyHere(current);
    const update = await gql(
      owner.agent,
      'mutation ($id: ID!, $input: PropertyInput!) { updateProperty(id: $id, input: $input) { id verifiedOnSiteAt } }',
      { id: String(listing.id), input: { latitude: Number(listing.latitude) + 0.001 } },
    );
    expect(update.errors).toBeUndefined();
    expect(update.data!.updateProperty.verifiedOnSiteAt).toBeNull();

    // A new city or postal code clears it as well.
    await verifyHere((await gw.agent().get(`/api/properties/${listing.id}`)).body);
    expect((await patch({ postalCode: '75012' })).verifiedOnSiteAt).toBeNull();
  });
});
