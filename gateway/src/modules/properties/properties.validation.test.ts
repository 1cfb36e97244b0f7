import { MSG } from '@flaneur/schema';
import { buildProperty, createProperty, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
const gw = useGateway();
// Refusals change nothing: every test of this file shares one account.
let owner: Signed;
beforeAll(async () => {
  owner = await signedInUser(gw);
});

describe('POST /api/properties with bad input', () => {
  const strip = (key: string) => {
    const body: Record<string, unknown> = buildProperty();
    delete body[key];
    return body;
  };
  it.each([
    ['no title', strip('title'), 'Le titre est requis'],
    ['a blank title', buildProperty({ title: '   ' }), 'Le titre est requis'],
    ['no description', strip('description'), 'La description est requise'],
    ['no price', strip('price'), 'Le prix est requis'],
    ['a non-numeric price', buildProperty({ price: 'beaucoup' as unknown as number }), MSG.priceInvalid],
    ['a negative price', buildProperty({ price: -5 }), MSG.priceInvalid],
    ['a price beyond numeric(10,2)', buildProperty({ price: 100_000_000 }), MSG.priceInvalid],
    ['no size', strip('size'), 'La surface est requise'],
    ['a size beyond numeric(6,2)', buildProperty({ size: 10_000 }), MSG.sizeInvalid],
    ['no address', strip('address'), "L'adresse est requise"],
    ['no city', strip('city'), 'La ville est requise'],
    ['no postal code', strip('postalCode'), 'Le code postal est requis'],
    ['a bad postal code', buildProperty({ postalCode: '7501' }), 'Le code postal doit contenir 5 chiffres'],
    ['a postal code with letters', buildProperty({ postalCode: '2A004' }), 'Le code postal doit contenir 5 chiffres'],
    ['a bad type', buildProperty({ type: 'castle' as never }), 'Le type de bien est invalide'],
    ['a bad DPE', buildProperty({ dpeRating: 'H' as never }), 'La classe DPE doit être comprise entre A et G'],
    ['a bad bedroom count', buildProperty({ bedrooms: 'deux' as unknown as number }), MSG.bedroomsInvalid],
    ['a null bedroom count', buildProperty({ bedrooms: null as unknown as number }), MSG.bedroomsInvalid],
    ['an empty bathroom count', buildProperty({ bathrooms: '' as unknown as number }), MSG.bathroomsInvalid],
    ['a title over 200 characters', buildProperty({ title: 'x'.repeat(201) }), MSG.propertyTitleTooLong],
    ['a NUL character in the description', buildProperty({ description: 'a\u0000b' }), MSG.invalidInput],
    ['a NUL character in the floor', buildProperty({ floor: 'RDC\u0000' }), MSG.invalidInput],
    ['a latitude out of range', buildProperty({ latitude: 91 }), MSG.latitudeInvalid],
    ['an unknown feature', buildProperty({ features: ['moat'] }), MSG.featureInvalid],
    ['no contact name', strip('ownerName'), 'Le nom est requis'],
    ['an invalid contact e-mail', buildProperty({ ownerEmail: 'pas-un-email' }), 'Email invalide'],
    ['no contact phone', strip('ownerPhone'), 'Le téléphone est requis'],
    ['0 images', buildProperty({ images: [] }), 'Vous devez télécharger au moins une photo'],
    ['no images field', strip('images'), 'Vous devez télécharger au moins une photo'],
    [
      '16 images',
      buildProperty({ images: Array.from({ length: 16 }, (_, i) => `/uploads/listings/photo-${i}.webp`) }),
      'Vous avez atteint la limite de 15 images par annonce.',
    ],
    [
      'an image that is not an upload URL',
      buildProperty({ images: ['https://evil.example/x.png'] }),
      MSG.imageUrlInvalid,
    ],
  ])('should answer 400 with the French message when the listing has %s', async (_case, body, message) => {
    const { agent } = owner;
    const res = await agent.post('/api/properties').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    const rows = await gw.db.query('SELECT id FROM properties WHERE city = $1', [body.city ?? '']);
    expect(rows).toHaveLength(0);
  });

  it('should name every invalid field in French when several are wrong', async () => {
    const { agent } = owner;
    const res = await agent.post('/api/properties').send({ price: 'x', postalCode: 'abc', images: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Le titre est requis');
    expect(res.body.errors).toMatchObject({
      title: 'Le titre est requis',
      price: MSG.priceInvalid,
      postalCode: 'Le code postal doit contenir 5 chiffres',
      images: 'Vous devez télécharger au moins une photo',
    });
  });

  it('should name each field in French, never in English, when every field has the wrong type', async () => {
    const { agent } = owner;
    const wrong = Object.fromEntries(Object.keys(buildProperty()).map((k) => [k, { wrong: true }]));
    const res = await agent.post('/api/properties').send({ ...wrong, currency: 'euros', isRental: 'oui' });
    expect(res.status).toBe(400);
    const messages = Object.values(res.body.errors as Record<string, string>);
    expect(Object.keys(res.body.errors)).toEqual(
      expect.arrayContaining(['currency', 'isRental', 'images', 'features']),
    );
    for (const m of messages) expect(Object.values(MSG)).toContain(m);
  });

  it('should answer 400, not 500, when the body is malformed JSON or of the wrong types', async () => {
    const { agent } = owner;
    const bad = await agent.post('/api/properties').set('Content-Type', 'application/json').send('{"title":');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.invalidInput);
    const types = await agent
      .post('/api/properties')
      .send({ ...buildProperty(), title: 42, images: 'x', features: {} });
    expect(types.status).toBe(400);
    const array = await agent.post('/api/properties').send([buildProperty()]);
    expect(array.status).toBe(400);
    expect(array.body.message).toBe(MSG.invalidInput);
  });
});

describe('PATCH /api/properties/{id} with bad input', () => {
  it.each([
    [{ images: [] }, 'Vous devez télécharger au moins une photo'],
    [{ dpeRating: 'Z' }, 'La classe DPE doit être comprise entre A et G'],
    [{ postalCode: '123' }, 'Le code postal doit contenir 5 chiffres'],
    [{ price: 'abc' }, MSG.priceInvalid],
    [{ title: '' }, 'Le titre est requis'],
    [{ type: 'loft' }, 'Le type de bien est invalide'],
  ])('should answer 400 with the French message when the owner sends %j', async (change, message) => {
    const { agent } = owner;
    const created = await createProperty(agent);
    const res = await agent.patch(`/api/properties/${created.id}`).send(change);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});
