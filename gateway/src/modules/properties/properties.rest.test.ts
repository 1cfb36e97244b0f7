import { MSG } from '@flaneur/schema';
import { buildProperty, createProperty, largePng, signedInUser, uploadedImage } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { isStored } from '../../../test/stored-objects';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
const gw = useGateway();
// Registration is throttled per address and costs a password hash: most tests share these two accounts.
let owner: Signed;
let other: Signed;
beforeAll(async () => {
  [owner, other] = await Promise.all([signedInUser(gw), signedInUser(gw)]);
});

const REST_PROPERTY_KEYS = [
  'address',
  'bathrooms',
  'bedrooms',
  'city',
  'createdAt',
  'currency',
  'description',
  'dpeRating',
  'features',
  'floor',
  'id',
  'images',
  'isRental',
  'latitude',
  'longitude',
  'ownerEmail',
  'ownerId',
  'ownerName',
  'ownerPhone',
  'postalCode',
  'price',
  'rooms',
  'size',
  'title',
  'type',
  'updatedAt',
  // « Vérifié sur place » (docs/decisions.md), read-only: set by verify-on-site.
  'verifiedOnSiteAt',
  // The legal mentions (docs/decisions.md « Legal mentions on listings »), rentControlled read-only.
  ...['advertiser', 'baseRent', 'buyerFeesPercent', 'charges', 'chargesMode', 'coOwnership', 'deposit'],
  ...['energyCostMax', 'energyCostMin', 'energyPricesYear', 'feesPaidBy', 'furnished', 'gesRating'],
  ...['inventoryFees', 'isNewBuild', 'referenceRentMajored', 'rentControlled', 'rentSupplement', 'tenantFees'],
  // The prices (docs/decisions.md « Price history and drop alerts »), read-only.
  ...['formerPrice', 'priceHistory'],
  // The panel's reference (docs/decisions.md « QR panel bridge »), read-only.
  'ref',
  // The publication state and the agency's reference (docs/decisions.md « Listing state »).
  ...['listingState', 'draftReason', 'withdrawnAt', 'agencyReference'],
  // Moderation (docs/decisions.md « Trust shield »): when a moderator hid the listing.
  'hiddenAt',
].sort();

describe('POST /api/properties', () => {
  it('should publish the listing and answer it with numeric columns as decimal strings when the body is valid', async () => {
    const { agent, user } = owner;
    const body = buildProperty({ price: 350000, size: 45.5, latitude: 48.8566, longitude: 2.3522 });
    const res = await agent.post('/api/properties').send(body);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(REST_PROPERTY_KEYS);
    expect(res.body).toMatchObject({
      title: body.title,
      description: body.description,
      price: '350000.00',
      currency: 'EUR',
      isRental: false,
      size: '45.50',
      rooms: 3,
      bedrooms: 2,
      bathrooms: 1,
      floor: '3ème',
      city: body.city,
      postalCode: '75011',
      latitude: '48.8566000',
      longitude: '2.3522000',
      type: 'apartment',
      dpeRating: 'C',
      features: ['balcony', 'elevator'],
      images: body.images,
      ownerName: 'Camille Durand',
      ownerEmail: body.ownerEmail,
      ownerPhone: body.ownerPhone,
      ownerId: user.id,
    });
    expect(typeof res.body.id).toBe('number');
    expect(new Date(res.body.createdAt).getTime()).not.toBeNaN();
  });

  it('should answer the same shape on GET /api/properties/{id} as on creation', async () => {
    const { agent } = owner;
    const created = await createProperty(agent);
    const res = await gw.agent().get(`/api/properties/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
  });

  it('should accept numbers held as text and French feature labels when the legacy form sends them', async () => {
    const { agent } = owner;
    const res = await agent.post('/api/properties').send(
      buildProperty({
        price: '1250' as unknown as number,
        latitude: '45.764043' as unknown as number,
        longitude: '4.835659' as unknown as number,
        bedrooms: '3' as unknown as number,
        isRental: true,
        features: ['Balcon', 'Cuisine équipée', 'parking'],
        dpeRating: undefined,
        floor: undefined,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      price: '1250.00',
      latitude: '45.7640430',
      longitude: '4.8356590',
      bedrooms: 3,
      isRental: true,
      features: ['balcony', 'equipped_kitchen', 'parking'],
      dpeRating: null,
      floor: null,
    });
  });

  it('should apply the defaults (1 bedroom, 1 bathroom, apartment, EUR) when they are omitted', async () => {
    const { agent } = owner;
    const { bedrooms: _b, bathrooms: _ba, type: _t, features: _f, ...body } = buildProperty();
    const res = await agent.post('/api/properties').send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ bedrooms: 1, bathrooms: 1, type: 'apartment', currency: 'EUR', features: [] });
    expect(res.body.rooms).toBe(2);
  });

  it('should keep the rooms sent (a studio: 1 room, 0 bedroom) and answer 400 in French when bedrooms do not fit', async () => {
    const { agent } = owner;
    const studio = await agent
      .post('/api/properties')
      .send(buildProperty({ rooms: '1' as unknown as number, bedrooms: 0 }));
    expect(studio.status).toBe(201);
    expect(studio.body).toMatchObject({ rooms: 1, bedrooms: 0 });
    const bad = await agent.post('/api/properties').send(buildProperty({ rooms: 2, bedrooms: 2 }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: MSG.bedroomsOverRooms });
    const many = await agent.post('/api/properties').send(buildProperty({ rooms: 25 }));
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ message: MSG.roomsInvalid });
  });

  it('should make the user a landlord when they publish their first listing', async () => {
    const { agent } = await signedInUser(gw, { isLandlord: false });
    expect((await agent.get('/api/user')).body.isLandlord).toBe(false);
    await createProperty(agent);
    expect((await agent.get('/api/user')).body.isLandlord).toBe(true);
  });

  it('should answer 401 and store nothing when signed out', async () => {
    const body = buildProperty();
    const res = await gw.agent().post('/api/properties').send(body);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MSG.unauthenticated });
    const rows = await gw.db.query('SELECT id FROM properties WHERE city = $1', [body.city]);
    expect(rows).toHaveLength(0);
  });
});

describe('GET /api/properties/{id} and /api/properties/user', () => {
  it('should answer 404 "Bien non trouvé", not 500, when the id is unknown, non-numeric or too large', async () => {
    for (const id of ['999999999', 'abc', '12abc', '-1', '0', '99999999999', '1.5']) {
      const res = await gw.agent().get(`/api/properties/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Bien non trouvé' });
    }
  });

  it("should list the user's own listings, newest first, when userId is the session user's or absent", async () => {
    const { agent, user } = await signedInUser(gw);
    const first = await createProperty(agent);
    const second = await createProperty(agent);
    await createProperty(other.agent);
    for (const url of [`/api/properties/user?userId=${user.id}`, '/api/properties/user']) {
      const res = await agent.get(url);
      expect(res.status).toBe(200);
      expect(res.body.map((p: { id: number }) => p.id)).toEqual([second.id, first.id]);
      expect(res.body[0].price).toBe('350000.00');
    }
  });

  it('should answer 403 "Accès refusé" when userId is another user and 401 when signed out', async () => {
    const { agent } = owner;
    const res = await agent.get(`/api/properties/user?userId=${other.user.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Accès refusé' });
    expect((await gw.agent().get(`/api/properties/user?userId=${other.user.id}`)).status).toBe(401);
  });
});

describe('PATCH /api/properties/{id}', () => {
  it('should change only the given fields when the owner edits the listing', async () => {
    const { agent } = owner;
    const created = await createProperty(agent);
    const res = await agent
      .patch(`/api/properties/${created.id}`)
      .send({ title: 'Nouveau titre', price: '1200.5', isRental: true, dpeRating: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ...created,
      title: 'Nouveau titre',
      price: '1200.50',
      isRental: true,
      dpeRating: null,
      updatedAt: expect.any(String),
      // The drop from 350 000 is recorded.
      priceHistory: [(created.priceHistory as unknown[])[0], { price: '1200.50', changedAt: expect.any(String) }],
      formerPrice: '350000.00',
    });
    expect((await gw.agent().get(`/api/properties/${created.id}`)).body.title).toBe('Nouveau titre');
  });

  it('should raise the rooms to bedrooms + 1 when a legacy change of bedrooms alone no longer fits', async () => {
    const { agent } = owner;
    const created = await createProperty(agent, { bedrooms: 1, rooms: 3 });
    const fits = await agent.patch(`/api/properties/${created.id}`).send({ bedrooms: 2 });
    expect(fits.body).toMatchObject({ bedrooms: 2, rooms: 3 });
    const raised = await agent.patch(`/api/properties/${created.id}`).send({ bedrooms: 4 });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ bedrooms: 4, rooms: 5 });
  });

  it('should keep the owner when the body tries to change ownerId or id', async () => {
    const { agent, user } = owner;
    const created = await createProperty(agent);
    const res = await agent.patch(`/api/properties/${created.id}`).send({ ownerId: other.user.id, id: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, ownerId: user.id });
  });

  it('should answer 403 and change nothing when another user edits the listing', async () => {
    const { agent } = owner;
    const created = await createProperty(agent);
    const res = await other.agent.patch(`/api/properties/${created.id}`).send({ title: 'Piraté' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MSG.propertyForbidden });
    expect((await gw.agent().get(`/api/properties/${created.id}`)).body.title).toBe(created.title);
  });

  it('should answer 401 when signed out, 404 when the id is unknown or non-numeric', async () => {
    const { agent } = owner;
    const created = await createProperty(agent);
    expect((await gw.agent().patch(`/api/properties/${created.id}`).send({ title: 'x' })).status).toBe(401);
    expect((await agent.patch('/api/properties/999999999').send({ title: 'x' })).status).toBe(404);
    expect((await agent.patch('/api/properties/abc').send({ title: 'x' })).status).toBe(404);
  });

  it('should answer 200, not 500, when the owner sends an empty change', async () => {
    const { agent } = owner;
    const created = await createProperty(agent);
    const res = await agent.patch(`/api/properties/${created.id}`).send({});
    expect(res.status).toBe(200);
    expect(res.body.title).toBe(created.title);
  });

  it('should delete the photo files a change drops and keep the others', async () => {
    const { agent } = owner;
    const [a, b] = [await uploadedImage(agent), await uploadedImage(agent)];
    const created = await createProperty(agent, { images: [a, b] });
    const res = await agent.patch(`/api/properties/${created.id}`).send({ images: [b] });
    expect(res.status).toBe(200);
    expect(await isStored(gw, a)).toBe(false);
    expect(await isStored(gw, a.replace(/\.webp$/, '-thumb.webp'))).toBe(false);
    expect(await isStored(gw, b)).toBe(true);
  });
});

describe('DELETE /api/properties/{id}', () => {
  it('should delete the listing with its favourites, history entries and photo files when the owner asks', async () => {
    const { agent } = owner;
    const image = await uploadedImage(agent);
    const created = await createProperty(agent, { images: [image] });
    const { agent: fan, user: fanUser } = other;
    expect((await fan.post('/api/favorites').send({ propertyId: created.id })).status).toBe(201);
    expect((await fan.patch('/api/history/view').send({ propertyId: created.id })).status).toBe(200);
    expect(await isStored(gw, image)).toBe(true);

    const res = await agent.delete(`/api/properties/${created.id}`);
    expect(res.status).toBe(204);
    expect((await gw.agent().get(`/api/properties/${created.id}`)).status).toBe(404);
    const [counts] = await gw.db.query(
      `SELECT (SELECT count(*) FROM favorites WHERE property_id = $1)::int AS favorites,
              (SELECT count(*) FROM history_entries WHERE property_id = $1)::int AS history`,
      [created.id],
    );
    expect(counts).toEqual({ favorites: 0, history: 0 });
    expect((await fan.get('/api/favorites')).body).toEqual([]);
    expect((await fan.get(`/api/history?userId=${fanUser.id}`)).body).toEqual([]);
    expect(await isStored(gw, image)).toBe(false);
    expect(await isStored(gw, image.replace(/\.webp$/, '-thumb.webp'))).toBe(false);
  });

  it('should delete every stored width of its photos when the listing is deleted', async () => {
    const { agent } = owner;
    const res = await agent.post('/api/upload').attach('images', await largePng(), 'salon.png');
    const [image] = res.body.urls as string[];
    const widths = [image, image.replace(/\.webp$/, '-800.webp'), image.replace(/\.webp$/, '-thumb.webp')];
    for (const file of widths) expect(await isStored(gw, file)).toBe(true);
    const created = await createProperty(agent, { images: [image] });

    expect((await agent.delete(`/api/properties/${created.id}`)).status).toBe(204);
    for (const file of widths) expect(await isStored(gw, file)).toBe(false);
  });

  it('should answer 403 and keep the listing when another user deletes it', async () => {
    const { agent } = owner;
    const created = await createProperty(agent);
    const res = await other.agent.delete(`/api/properties/${created.id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.propertyForbidden);
    expect((await gw.agent().get(`/api/properties/${created.id}`)).status).toBe(200);
  });

  it('should answer 401 when signed out and 404 when the id is unknown or non-numeric', async () => {
    const { agent } = owner;
    const created = await createProperty(agent);
    expect((await gw.agent().delete(`/api/properties/${created.id}`)).status).toBe(401);
    expect((await agent.delete('/api/properties/999999999')).status).toBe(404);
    expect((await agent.delete('/api/properties/abc')).status).toBe(404);
  });

  it('should keep a photo file that another listing still shows', async () => {
    const { agent } = owner;
    const image = await uploadedImage(agent);
    const kept = await createProperty(agent, { images: [image] });
    const copy = await createProperty(other.agent, { images: [image] });
    expect((await other.agent.delete(`/api/properties/${copy.id}`)).status).toBe(204);
    expect(await isStored(gw, image)).toBe(true);
    expect((await gw.agent().get(`/api/properties/${kept.id}`)).body.images).toEqual([image]);
  });
});
