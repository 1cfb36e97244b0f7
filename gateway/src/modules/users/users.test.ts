import { MSG } from '@flaneur/schema';
import sharp from 'sharp';
import { gqlUpload, signedInUser, smallPng } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { isStored, storedBytes } from '../../../test/stored-objects';
import { gql } from '../../../test/graphql';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
const gw = useGateway();
// Registration costs a password hash: tests that leave these two accounts unchanged share them.
let me: Signed;
let other: Signed;
beforeAll(async () => {
  [me, other] = await Promise.all([signedInUser(gw), signedInUser(gw)]);
});

const PUBLIC_KEYS = [
  'agencyName',
  'bio',
  'createdAt',
  'firstName',
  'id',
  'isLandlord',
  'isVerified',
  'lastName',
  'professionalCard',
  'profilePicture',
  'siren',
  'username',
];

describe('GET /api/users/{username}', () => {
  it('should answer the public profile without e-mail, phone, address or login date to anyone', async () => {
    const { agent, user } = await signedInUser(gw, {
      phone: '0601020304',
      address: '1 rue Secrète',
      city: 'Lyon',
      postalCode: '69001',
      isLandlord: true,
    });
    await agent.patch(`/api/users/${user.id}`).send({ bio: 'Propriétaire à Lyon' });
    for (const viewer of [gw.agent(), other.agent]) {
      const res = await viewer.get(`/api/users/${user.username}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(PUBLIC_KEYS);
      expect(res.body).toMatchObject({
        id: user.id,
        username: user.username,
        firstName: 'Camille',
        lastName: 'Durand',
        bio: 'Propriétaire à Lyon',
        isLandlord: true,
        isVerified: false,
        profilePicture: null,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/0601020304|Secrète|69001|@example\.fr/);
    }
  });

  it('should answer 404 "Utilisateur non trouvé" when the username is unknown or absurd', async () => {
    for (const name of ['personne-de-connu', 'x'.repeat(300), '%27%20OR%201%3D1', 'a%00b']) {
      const res = await gw.agent().get(`/api/users/${name}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Utilisateur non trouvé' });
    }
  });
});

describe('PATCH /api/users/{id}', () => {
  it('should change the given profile fields and answer the own-user shape', async () => {
    const { agent, user, password } = await signedInUser(gw);
    const res = await agent.patch(`/api/users/${user.id}`).send({
      firstName: 'Léa',
      lastName: null,
      email: `  ${user.username.toUpperCase()}-NEW@Example.FR `,
      currentPassword: password,
      phone: '0700000000',
      bio: 'é'.repeat(500),
      age: '34',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      username: user.username,
      firstName: 'Léa',
      lastName: null,
      email: `${user.username.toLowerCase()}-new@example.fr`,
      phone: '0700000000',
      bio: 'é'.repeat(500),
      age: 34,
    });
    expect(res.body.password).toBeUndefined();
    expect((await agent.get('/api/user')).body.firstName).toBe('Léa');
  });

  it('should ignore the fields a user may not set (username, password, isVerified)', async () => {
    const { agent, user } = me;
    const res = await agent
      .patch(`/api/users/${user.id}`)
      .send({ username: 'pirate', password: 'xxxxxxxx', isVerified: true, id: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, username: user.username, isVerified: false });
  });

  it.each([
    ['a bio of 501 characters', { bio: 'a'.repeat(501) }, 'La bio ne peut pas dépasser 500 caractères'],
    ['an invalid e-mail', { email: 'pas-un-email' }, 'Email invalide'],
    ['an age in words', { age: 'trente' }, MSG.ageInvalid],
    ['a negative age', { age: -3 }, MSG.ageRange],
    ['a NUL character in the bio', { bio: 'Bonjour\u0000' }, MSG.invalidInput],
    ['a phone over 30 characters', { phone: '0'.repeat(31) }, MSG.invalidInput],
    ['an e-mail set to null', { email: null }, 'Email invalide'],
  ])('should answer 400 with the French message and change nothing when the body has %s', async (_n, body, message) => {
    const { agent, user } = me;
    const res = await agent.patch(`/api/users/${user.id}`).send({ firstName: 'Changé', ...body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await agent.get('/api/user')).body.firstName).toBe('Camille');
  });

  it('should answer 409 when the e-mail belongs to another account', async () => {
    const { agent, user, password } = me;
    const res = await agent.patch(`/api/users/${user.id}`).send({ email: other.user.email, currentPassword: password });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.emailExists);
  });

  it.each([
    [{ postalCode: '7500' }, MSG.postalCodeInvalid],
    [{ postalCode: '75O01' }, MSG.postalCodeInvalid],
    [{ phone: '12345' }, MSG.phoneInvalid],
    [{ phone: '+44 20 7946 0958' }, MSG.phoneInvalid],
    [{ age: 15 }, MSG.ageRange],
    [{ age: '121' }, MSG.ageRange],
    [{ age: 'trente' }, MSG.ageInvalid],
  ])('should answer 400 with the French rule when %j', async (body, message) => {
    const { agent, user } = await signedInUser(gw);
    const res = await agent.patch(`/api/users/${user.id}`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('should accept the French phone formats, a 5-digit postal code and an age from 16 to 120', async () => {
    const { agent, user } = await signedInUser(gw);
    for (const phone of ['06 12 34 56 78', '0612345678', '+33 6 12 34 56 78', '+33612345678', '01.23.45.67.89']) {
      const res = await agent.patch(`/api/users/${user.id}`).send({ phone, postalCode: '75011', age: 16 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ phone, postalCode: '75011', age: 16 });
    }
    expect(
      (await agent.patch(`/api/users/${user.id}`).send({ age: 120, phone: '', postalCode: '' })).body,
    ).toMatchObject({ age: 120, phone: null, postalCode: null });
  });

  it("should answer 403 and change nothing when the id is another user's", async () => {
    const res = await me.agent.patch(`/api/users/${other.user.id}`).send({ bio: 'piraté' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.profileForbidden);
    expect((await other.agent.get('/api/user')).body.bio).toBeNull();
  });

  it('should answer 404, not 500, when the id is not a number', async () => {
    const { agent } = me;
    for (const id of ['abc', '1.5', '99999999999']) {
      const res = await agent.patch(`/api/users/${id}`).send({ bio: 'x' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Utilisateur non trouvé' });
    }
  });

  it('should answer 401 when signed out and 400 when the body is malformed JSON', async () => {
    const { agent, user } = me;
    expect((await gw.agent().patch(`/api/users/${user.id}`).send({ bio: 'x' })).status).toBe(401);
    const bad = await agent.patch(`/api/users/${user.id}`).set('Content-Type', 'application/json').send('{"bio":');
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/users/profile-picture', () => {
  it('should store a 512 px WebP without metadata and replace the previous picture', async () => {
    const { agent } = await signedInUser(gw);
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
      .toBuffer();
    const first = await agent.post('/api/users/profile-picture').attach('profilePicture', jpeg, 'moi.jpg');
    expect(first.status).toBe(200);
    expect(first.body.profilePicture).toMatch(/^\/uploads\/avatars\/[A-Za-z0-9-]+\.webp$/);
    expect(first.body.email).toBeDefined();
    const meta = await sharp(await storedBytes(gw, first.body.profilePicture)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();

    const second = await agent.post('/api/users/profile-picture').attach('profilePicture', await smallPng(), 'a.png');
    expect(second.status).toBe(200);
    expect(second.body.profilePicture).not.toBe(first.body.profilePicture);
    expect(await isStored(gw, first.body.profilePicture)).toBe(false);
    expect(await isStored(gw, second.body.profilePicture)).toBe(true);
  });

  it('should accept a PNG named .gif, the type being read from the content', async () => {
    const { agent } = other;
    const res = await agent.post('/api/users/profile-picture').attach('profilePicture', await smallPng(), 'photo.gif');
    expect(res.status).toBe(200);
    expect(res.body.profilePicture).toMatch(/\.webp$/);
  });

  it.each([
    ['a text file named .jpg', () => Promise.resolve(Buffer.from('bonjour, je suis un texte')), 'photo.jpg'],
    [
      'a TIFF image',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .tiff()
          .toBuffer(),
      'photo.png',
    ],
  ])('should answer 415 with the French hint when the file is %s', async (_name, make, filename) => {
    const { agent } = me;
    const res = await agent.post('/api/users/profile-picture').attach('profilePicture', await make(), filename);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: 'Veuillez télécharger une image au format JPEG, PNG, GIF ou WebP.' });
    expect((await agent.get('/api/user')).body.profilePicture).toBeNull();
  });

  it('should answer 415, not 500, when a PNG is truncated after its header', async () => {
    const { agent } = me;
    const raw = Buffer.alloc(64 * 64 * 3, 7).map((_, i) => (i * 7919) % 251);
    const png = await sharp(raw, { raw: { width: 64, height: 64, channels: 3 } })
      .png()
      .toBuffer();
    const res = await agent
      .post('/api/users/profile-picture')
      .attach('profilePicture', png.subarray(0, png.length >> 1), 'cut.png');
    expect(res.status).toBe(415);
    expect((await agent.get('/api/user')).body.profilePicture).toBeNull();
  });

  it('should answer 413 "Fichier trop volumineux" when the file exceeds 5 MB', async () => {
    const { agent } = me;
    const res = await agent
      .post('/api/users/profile-picture')
      .attach('profilePicture', Buffer.alloc(5 * 1024 * 1024 + 1), 'grosse.png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Fichier trop volumineux' });
  });

  it('should answer 400 when no file or several files are sent, 401 when signed out', async () => {
    const { agent } = me;
    expect((await agent.post('/api/users/profile-picture').field('a', 'b')).status).toBe(400);
    const two = await agent
      .post('/api/users/profile-picture')
      .attach('profilePicture', await smallPng(), 'a.png')
      .attach('profilePicture', await smallPng(), 'b.png');
    expect(two.status).toBe(400);
    const anon = await gw
      .agent()
      .post('/api/users/profile-picture')
      .attach('profilePicture', await smallPng(), 'a.png');
    expect(anon.status).toBe(401);
  });
});

describe('GraphQL profiles', () => {
  it('should answer me, the public user(username) and refuse private fields on it', async () => {
    const { agent, user } = await signedInUser(gw, { phone: '0612345678' });
    const me = await gql(agent, '{ me { id username email phone lastLoginAt } }');
    expect(me.data!.me).toMatchObject({ id: String(user.id), email: user.email, phone: '0612345678' });
    const pub = await gql(
      gw.agent(),
      'query ($u: String!) { user(username: $u) { id username isLandlord createdAt } }',
      {
        u: user.username,
      },
    );
    expect(pub.data!.user).toEqual({
      id: String(user.id),
      username: user.username,
      isLandlord: false,
      createdAt: expect.any(String),
    });
    for (const field of ['email', 'phone', 'address', 'lastLoginAt']) {
      const res = await gql(gw.agent(), `query ($u: String!) { user(username: $u) { ${field} } }`, {
        u: user.username,
      });
      expect(res.errors![0].extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
    const missing = await gql(gw.agent(), '{ user(username: "personne-de-connu") { id } }');
    expect(missing.errors![0]).toMatchObject({ message: 'Utilisateur non trouvé', extensions: { code: 'NOT_FOUND' } });
  });

  it('should update the own profile, and answer BAD_USER_INPUT in French for a long bio or a bad e-mail', async () => {
    const { agent } = await signedInUser(gw);
    const UPDATE = 'mutation ($i: ProfileInput!) { updateProfile(input: $i) { firstName bio age } }';
    const ok = await gql(agent, UPDATE, { i: { firstName: 'Zoé', bio: 'Bonjour', age: 30 } });
    expect(ok.data!.updateProfile).toEqual({ firstName: 'Zoé', bio: 'Bonjour', age: 30 });
    const bio = await gql(agent, UPDATE, { i: { bio: 'b'.repeat(501) } });
    expect(bio.errors![0]).toMatchObject({
      message: 'La bio ne peut pas dépasser 500 caractères',
      extensions: { code: 'BAD_USER_INPUT', fields: { bio: 'La bio ne peut pas dépasser 500 caractères' } },
    });
    const email = await gql(agent, UPDATE, { i: { email: 'nope' } });
    expect(email.errors![0]).toMatchObject({ message: 'Email invalide', extensions: { code: 'BAD_USER_INPUT' } });
    const anon = await gql(gw.agent(), UPDATE, { i: { bio: 'x' } });
    expect(anon.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('should upload a profile picture and refuse a text file with UNSUPPORTED_MEDIA_TYPE', async () => {
    const { agent } = other;
    const UPLOAD = 'mutation ($f: Upload!) { uploadProfilePicture(file: $f) { profilePicture } }';
    const ok = await gqlUpload(agent, UPLOAD, { f: null }, { f: { data: await smallPng(), filename: 'a.gif' } });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.uploadProfilePicture.profilePicture).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const bad = await gqlUpload(agent, UPLOAD, { f: null }, { f: { data: Buffer.from('texte'), filename: 'a.jpg' } });
    expect(bad.errors![0]).toMatchObject({
      message: MSG.imageTypeUnsupportedHint,
      extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    const big = await gqlUpload(
      agent,
      UPLOAD,
      { f: null },
      { f: { data: Buffer.alloc(5 * 1024 * 1024 + 1), filename: 'a.png' } },
    );
    expect(big.errors![0]).toMatchObject({
      message: 'Fichier trop volumineux',
      extensions: { code: 'PAYLOAD_TOO_LARGE' },
    });
    const anon = await gqlUpload(gw.agent(), UPLOAD, { f: null }, { f: { data: await smallPng(), filename: 'a.png' } });
    expect(anon.errors![0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
