import { MSG } from '@flaneur/schema';
import { buildProperty, createProperty, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
const gw = useGateway();
let owner: Signed;
let other: Signed;
beforeAll(async () => {
  [owner, other] = await Promise.all([signedInUser(gw), signedInUser(gw)]);
});

const FIELDS = `id title description price currency isRental size rooms bedrooms bathrooms floor address city postalCode
  latitude longitude type dpeRating features images ownerName ownerEmail ownerPhone ownerId createdAt updatedAt`;
const CREATE = `mutation ($input: PropertyInput!) { createProperty(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: PropertyInput!) { updateProperty(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = 'mutation ($id: ID!) { deleteProperty(id: $id) }';

describe('createProperty', () => {
  it('should publish the listing and answer Float numbers and ID ids when the input is valid', async () => {
    const input = buildProperty({
      price: 1250.5,
      size: 32,
      latitude: 48.8566,
      longitude: 2.3522,
      isRental: true,
      charges: 90,
      chargesMode: 'forfait',
      deposit: 1160.5,
      furnished: false,
    });
    const res = await gql(owner.agent, CREATE, { input });
    expect(res.errors).toBeUndefined();
    const p = res.data!.createProperty;
    expect(p).toMatchObject({
      title: input.title,
      price: 1250.5,
      currency: 'EUR',
      isRental: true,
      size: 32,
      bedrooms: 2,
      latitude: 48.8566,
      longitude: 2.3522,
      type: 'apartment',
      dpeRating: 'C',
      features: ['balcony', 'elevator'],
      images: input.images,
      ownerId: String(owner.user.id),
    });
    expect(p.id).toMatch(/^\d+$/);
    const rest = await gw.agent().get(`/api/properties/${p.id}`);
    expect(rest.body).toMatchObject({ price: '1250.50', size: '32.00', latitude: '48.8566000' });
  });

  it('should keep the rooms given (a studio: 1 room, 0 bedroom) and default them to bedrooms + 1', async () => {
    const studio = await gql(owner.agent, CREATE, { input: buildProperty({ rooms: 1, bedrooms: 0 }) });
    expect(studio.errors).toBeUndefined();
    expect(studio.data!.createProperty).toMatchObject({ rooms: 1, bedrooms: 0 });
    const t4 = await gql(owner.agent, CREATE, { input: buildProperty({ rooms: 4, bedrooms: 2 }) });
    expect(t4.data!.createProperty).toMatchObject({ rooms: 4, bedrooms: 2 });
    const unsaid = await gql(owner.agent, CREATE, { input: buildProperty({ bedrooms: 2 }) });
    expect(unsaid.data!.createProperty).toMatchObject({ rooms: 3, bedrooms: 2 });
  });

  it('should make the user a landlord on the first publication', async () => {
    const { agent } = await signedInUser(gw);
    expect((await gql(agent, '{ me { isLandlord } }')).data!.me.isLandlord).toBe(false);
    await gql(agent, CREATE, { input: buildProperty() });
    expect((await gql(agent, '{ me { isLandlord } }')).data!.me.isLandlord).toBe(true);
  });

  it('should answer UNAUTHENTICATED when signed out', async () => {
    const res = await gql(gw.agent(), CREATE, { input: buildProperty() });
    expect(res.errors![0]).toMatchObject({ message: MSG.unauthenticated, extensions: { code: 'UNAUTHENTICATED' } });
  });

  it.each([
    ['no title', { title: undefined }, 'title', 'Le titre est requis'],
    ['0 images', { images: [] }, 'images', 'Vous devez télécharger au moins une photo'],
    ['no images', { images: undefined }, 'images', 'Vous devez télécharger au moins une photo'],
    [
      '16 images',
      { images: Array.from({ length: 16 }, (_, i) => `/uploads/listings/p${i}.webp`) },
      'images',
      'Vous avez atteint la limite de 15 images par annonce.',
    ],
    ['a bad postal code', { postalCode: 'ABCDE' }, 'postalCode', 'Le code postal doit contenir 5 chiffres'],
    ['a negative price', { price: -1 }, 'price', MSG.priceInvalid],
    ['a 201-character title', { title: 'T'.repeat(201) }, 'title', 'Le titre ne peut pas dépasser 200 caractères'],
    [
      'a 5,001-character description',
      { description: 'D'.repeat(5001) },
      'description',
      'La description ne peut pas dépasser 5 000 caractères',
    ],
    ['a 99,999 m² surface', { size: 99_999 }, 'size', 'La surface doit être un nombre positif, de 9 999,99 m² au plus'],
    [
      'a price of 100 million',
      { price: 100_000_000 },
      'price',
      'Le prix doit être un nombre positif, de 99 999 999,99 € au plus',
    ],
    ['no price', { price: undefined }, 'price', 'Le prix est requis'],
    ['an invalid contact e-mail', { ownerEmail: 'x@' }, 'ownerEmail', 'Email invalide'],
    ['0 rooms', { rooms: 0, bedrooms: 0 }, 'rooms', MSG.roomsInvalid],
    ['21 rooms', { rooms: 21 }, 'rooms', MSG.roomsInvalid],
    ['a studio with a bedroom', { rooms: 1, bedrooms: 1 }, 'bedrooms', MSG.bedroomsOverRooms],
    ['as many bedrooms as rooms', { rooms: 3, bedrooms: 3 }, 'bedrooms', MSG.bedroomsOverRooms],
  ])('should answer BAD_USER_INPUT with the French message when the input has %s', async (_n, change, field, msg) => {
    const res = await gql(owner.agent, CREATE, { input: { ...buildProperty(), ...change } });
    expect(res.errors![0]).toMatchObject({ message: msg, extensions: { code: 'BAD_USER_INPUT' } });
    expect(res.errors![0].extensions!.fields![field]).toBe(msg);
  });

  it.each([
    ['type', 'castle'],
    ['dpeRating', 'H'],
    ['features', ['moat']],
    ['price', 'cher'],
  ])('should answer BAD_USER_INPUT, not a 500, when %s is %j', async (field, value) => {
    const res = await gql(owner.agent, CREATE, { input: { ...buildProperty(), [field]: value } });
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
  });
});

describe('updateProperty and deleteProperty', () => {
  it('should change only the given fields when the owner edits', async () => {
    const created = await createProperty(owner.agent);
    const res = await gql(owner.agent, UPDATE, { id: String(created.id), input: { price: 999.99, floor: null } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateProperty).toMatchObject({ title: created.title, price: 999.99, floor: null, size: 45.5 });
  });

  it('should answer FORBIDDEN when another user edits or deletes, and change nothing', async () => {
    const created = await createProperty(owner.agent);
    const upd = await gql(other.agent, UPDATE, { id: String(created.id), input: { title: 'Piraté' } });
    expect(upd.errors![0]).toMatchObject({ message: MSG.propertyForbidden, extensions: { code: 'FORBIDDEN' } });
    const del = await gql(other.agent, DELETE, { id: String(created.id) });
    expect(del.errors![0].extensions!.code).toBe('FORBIDDEN');
    expect((await gw.agent().get(`/api/properties/${created.id}`)).body.title).toBe(created.title);
  });

  it('should answer UNAUTHENTICATED when signed out and NOT_FOUND for an unknown id', async () => {
    const created = await createProperty(owner.agent);
    const anon = await gql(gw.agent(), UPDATE, { id: String(created.id), input: { title: 'x' } });
    expect(anon.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    const anonDel = await gql(gw.agent(), DELETE, { id: String(created.id) });
    expect(anonDel.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    for (const id of ['999999999', 'abc']) {
      const res = await gql(owner.agent, DELETE, { id });
      expect(res.errors![0]).toMatchObject({ message: 'Bien non trouvé', extensions: { code: 'NOT_FOUND' } });
    }
  });

  it('should change the rooms, and refuse a change leaving more bedrooms than rooms − 1', async () => {
    const created = await createProperty(owner.agent, { bedrooms: 2 });
    const studio = await gql(owner.agent, UPDATE, { id: String(created.id), input: { rooms: 1, bedrooms: 0 } });
    expect(studio.errors).toBeUndefined();
    expect(studio.data!.updateProperty).toMatchObject({ rooms: 1, bedrooms: 0 });
    const bad = await gql(owner.agent, UPDATE, { id: String(created.id), input: { rooms: 1, bedrooms: 1 } });
    expect(bad.errors![0]).toMatchObject({ message: MSG.bedroomsOverRooms, extensions: { code: 'BAD_USER_INPUT' } });
    expect(bad.errors![0].extensions!.fields).toEqual({ bedrooms: MSG.bedroomsOverRooms });
    const shrink = await gql(owner.agent, UPDATE, { id: String(created.id), input: { rooms: 3 } });
    expect(shrink.data!.updateProperty).toMatchObject({ rooms: 3, bedrooms: 0 });
    const tooFew = await gql(owner.agent, UPDATE, { id: String(created.id), input: { rooms: 1, bedrooms: 2 } });
    expect(tooFew.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
  });

  it('should answer BAD_USER_INPUT with the French message when the change is invalid', async () => {
    const created = await createProperty(owner.agent);
    const res = await gql(owner.agent, UPDATE, { id: String(created.id), input: { images: [] } });
    expect(res.errors![0]).toMatchObject({ message: MSG.imagesMin, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('should delete the listing with its favourites and history when the owner asks', async () => {
    const created = await createProperty(owner.agent);
    await gql(other.agent, 'mutation ($id: ID!) { addFavorite(propertyId: $id) { favorite { id } } }', {
      id: String(created.id),
    });
    await gql(other.agent, 'mutation ($id: ID!) { recordView(propertyId: $id) { id } }', { id: String(created.id) });
    const res = await gql(owner.agent, DELETE, { id: String(created.id) });
    expect(res.data).toEqual({ deleteProperty: true });
    const [counts] = await gw.db.query(
      `SELECT (SELECT count(*) FROM favorites WHERE property_id = $1)::int AS f,
              (SELECT count(*) FROM history_entries WHERE property_id = $1)::int AS h`,
      [created.id],
    );
    expect(counts).toEqual({ f: 0, h: 0 });
    const gone = await gql(gw.agent(), 'query ($id: ID!) { property(id: $id) { id } }', { id: String(created.id) });
    expect(gone.errors![0].extensions!.code).toBe('NOT_FOUND');
  });
});
