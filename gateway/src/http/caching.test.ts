import http from 'node:http';
import zlib from 'node:zlib';
import { buildUser, createProperty, signedInUser, smallPng, uploadedImage } from '../../test/factories';
import { useGateway } from '../../test/gateway';
import { thumbnailUrl } from '../modules/uploads/image-pipeline';
import { PRIVATE_CACHE_CONTROL, PUBLIC_READ_CACHE_CONTROL } from './caching';

const gw = useGateway({ listen: true });

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with node's http: the bytes as sent (supertest would decode gzip and add Accept-Encoding). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: gw.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The body as the client reads it, whatever the content coding. */
function decoded(a: RawAnswer): string {
  const coding = a.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(a.body).toString();
  if (coding === 'gzip') return zlib.gunzipSync(a.body).toString();
  if (coding === 'deflate') return zlib.inflateSync(a.body).toString();
  expect(coding).toBeUndefined();
  return a.body.toString();
}

/** A registered user's session cookie (for raw requests) and agent. */
async function member() {
  const fields = buildUser();
  const res = await gw.agent().post('/api/register').send(fields);
  expect(res.status).toBe(201);
  const cookie = (res.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
  const agent = gw.agent().set('Cookie', cookie);
  return { cookie, agent, id: res.body.id as number };
}

const LONG_DESCRIPTION = Array(40).fill('Grand séjour lumineux, parquet ancien, moulures et cheminée.').join('\n');
const PROPERTY_QUERY = 'query Listing($id: ID!) { property(id: $id) { id title description owner { username } } }';
const graphqlGet = (query: string, variables: Record<string, unknown>) =>
  `/graphql?${new URLSearchParams({ query, variables: JSON.stringify(variables) })}`;

let owner: Awaited<ReturnType<typeof member>>;
let small: { id: number };
let large: { id: number };
beforeAll(async () => {
  owner = await member();
  small = await createProperty(owner.agent, { description: 'Deux pièces.' });
  large = await createProperty(owner.agent, { description: LONG_DESCRIPTION });
});

describe('GET /api/properties/:id (cacheable public read)', () => {
  it('should answer an anonymous read with a public Cache-Control, an ETag and Vary: Cookie, then 304 to If-None-Match', async () => {
    const first = await gw.agent().get(`/api/properties/${small.id}`);
    expect(first.status).toBe(200);
    expect(first.body.id).toBe(small.id);
    expect(first.headers['cache-control']).toBe(PUBLIC_READ_CACHE_CONTROL);
    expect(first.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{20,}"$/);
    expect(first.headers.vary).toMatch(/\bCookie\b/);

    const again = await gw.agent().get(`/api/properties/${small.id}`).set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(PUBLIC_READ_CACHE_CONTROL);
  });

  it('should answer 200 with a new ETag when the listing changed since', async () => {
    const listing = await createProperty(owner.agent);
    const before = await gw.agent().get(`/api/properties/${listing.id}`);
    await owner.agent.patch(`/api/properties/${listing.id}`).send({ title: 'Appartement rénové' }).expect(200);
    const after = await gw.agent().get(`/api/properties/${listing.id}`).set('If-None-Match', before.headers.etag);
    expect(after.status).toBe(200);
    expect(after.body.title).toBe('Appartement rénové');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('should keep a signed-in read private, no-store, without ETag, and never answer it 304', async () => {
    const anonymous = await gw.agent().get(`/api/properties/${small.id}`);
    const res = await owner.agent.get(`/api/properties/${small.id}`).set('If-None-Match', anonymous.headers.etag);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(small.id);
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(res.headers.etag).toBeUndefined();
  });

  it('should keep a read carrying a session cookie private even when the session is unknown', async () => {
    const res = await gw.agent().get(`/api/properties/${small.id}`).set('Cookie', 'flaneur.sid=s%3Aunknown.x');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(res.headers.etag).toBeUndefined();
  });

  it('should never make an error public', async () => {
    const res = await gw.agent().get('/api/properties/999999999');
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('GraphQL property(id) (cacheable public read over GET)', () => {
  const path = () => graphqlGet(PROPERTY_QUERY, { id: String(small.id) });

  it('should answer an anonymous GET with a public Cache-Control and an ETag, then 304 to If-None-Match', async () => {
    const first = await gw.agent().get(path()).set('apollo-require-preflight', 'true');
    expect(first.status).toBe(200);
    expect(first.body.data.property.id).toBe(String(small.id));
    expect(first.headers['cache-control']).toBe(PUBLIC_READ_CACHE_CONTROL);
    expect(first.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{20,}"$/);
    expect(first.headers.vary).toMatch(/accept, cookie/i);

    const again = await gw
      .agent()
      .get(path())
      .set('apollo-require-preflight', 'true')
      .set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers['cache-control']).toBe(PUBLIC_READ_CACHE_CONTROL);
  });

  it('should refuse a GET without a CSRF preflight header, uncached', async () => {
    const res = await gw.agent().get(path());
    expect(res.status).toBe(400);
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
  });

  it('should keep a POST private, no-store, without ETag', async () => {
    const res = await gw
      .agent()
      .post('/graphql')
      .send({ query: PROPERTY_QUERY, variables: { id: String(small.id) } });
    expect(res.status).toBe(200);
    expect(res.body.data.property.id).toBe(String(small.id));
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(res.headers.etag).toBeUndefined();
  });

  it('should keep a signed-in GET private, no-store, without ETag', async () => {
    const res = await owner.agent.get(path()).set('apollo-require-preflight', 'true');
    expect(res.status).toBe(200);
    expect(res.body.data.property.id).toBe(String(small.id));
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(res.headers.etag).toBeUndefined();
  });

  it('should keep private a GET selecting another root field, or answering an error', async () => {
    const mixed = await gw
      .agent()
      .get(
        graphqlGet('query ($id: ID!) { property(id: $id) { id } properties(first: 1) { nodes { id } } }', {
          id: String(small.id),
        }),
      )
      .set('apollo-require-preflight', 'true');
    expect(mixed.status).toBe(200);
    expect(mixed.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(mixed.headers.etag).toBeUndefined();

    const fragment = await gw
      .agent()
      .get(
        graphqlGet('query ($id: ID!) { ...F } fragment F on Query { property(id: $id) { id } myProperties { id } }', {
          id: String(small.id),
        }),
      )
      .set('apollo-require-preflight', 'true');
    expect(fragment.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);

    const missing = await gw
      .agent()
      .get(graphqlGet(PROPERTY_QUERY, { id: '999999999' }))
      .set('apollo-require-preflight', 'true');
    expect(missing.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(missing.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe('compressed JSON', () => {
  it('should compress a JSON answer above 1 KB with brotli when accepted, else gzip, with Vary: Accept-Encoding', async () => {
    const plain = await raw(`/api/properties/${large.id}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await raw(`/api/properties/${large.id}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(decoded(br)).toBe(plain.body.toString());

    const gzip = await raw(`/api/properties/${large.id}`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);
    expect(decoded(gzip)).toBe(plain.body.toString());
  });

  it('should compress a large GraphQL answer (application/graphql-response+json) but not a small one', async () => {
    const post = (id: number) =>
      raw(
        '/graphql',
        {
          'Content-Type': 'application/json',
          Accept: 'application/graphql-response+json',
          'Accept-Encoding': 'br, gzip',
        },
        'POST',
        JSON.stringify({ query: PROPERTY_QUERY, variables: { id: String(id) } }),
      );
    const big = await post(large.id);
    expect(big.status).toBe(200);
    expect(big.headers['content-type']).toMatch(/^application\/graphql-response\+json/);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(big)).data.property.description).toBe(LONG_DESCRIPTION);

    const little = await post(small.id);
    expect(little.status).toBe(200);
    expect(little.body.length).toBeLessThan(1024);
    expect(little.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(little.body.toString()).data.property.id).toBe(String(small.id));
  });

  it('should not compress a JSON answer below 1 KB', async () => {
    // A listing's REST JSON is above 1 KB now (price history, reference…): a short JSON answer of the API instead.
    const res = await raw('/api/route-inconnue', { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).message).toBe('Route introuvable');
  });

  it('should serve a tenant document download with its exact bytes, uncompressed', async () => {
    const pdf = Buffer.from(`%PDF-1.4\n${'% ligne de remplissage\n'.repeat(200)}trailer << >>\n%%EOF\n`);
    const up = await owner.agent.post('/api/tenant-files/upload').attach('file', pdf, 'avis.pdf');
    expect(up.status).toBe(201);
    const created = await owner.agent
      .post('/api/tenant-files')
      .send({ title: "Avis d'imposition", description: '2025', fileUrl: up.body.fileUrl, fileType: 'payslip' });
    expect(created.status).toBe(201);
    const res = await raw(created.body.fileUrl, { Cookie: owner.cookie, 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(pdf.length));
    expect(res.body.equals(pdf)).toBe(true);
  });

  it('should serve the data export (a JSON attachment above 1 KB) with its exact bytes, uncompressed', async () => {
    const res = await raw('/api/users/me/export', { Cookie: owner.cookie, 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.length).toBeGreaterThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).listings.length).toBeGreaterThanOrEqual(2);
  });
});

describe('/uploads (photos)', () => {
  const IMMUTABLE = 'public, max-age=31536000, immutable';

  it('should serve listing photos and thumbnails as immutable, uncompressed', async () => {
    const url = await uploadedImage(owner.agent);
    expect(url).toMatch(/^\/uploads\/listings\/[0-9a-f-]{36}/);
    for (const path of [url, thumbnailUrl(url)]) {
      const res = await raw(path, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['content-encoding']).toBeUndefined();
    }
  });

  it('should serve a profile picture (a new uuid URL at each change) as immutable', async () => {
    const res = await owner.agent
      .post('/api/users/profile-picture')
      .attach('profilePicture', await smallPng(), 'moi.png');
    expect(res.status).toBe(200);
    expect(res.body.profilePicture).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    const picture = await raw(res.body.profilePicture);
    expect(picture.status).toBe(200);
    expect(picture.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('should not make a missing photo cacheable', async () => {
    const res = await raw('/uploads/listings/00000000-0000-4000-8000-000000000000.webp');
    expect(res.status).toBe(404);
    expect(res.headers['cache-control'] ?? '').not.toMatch(/immutable|max-age/);
  });
});

it('should answer anonymous reads the same bytes as signed-in ones (no viewer-specific field in the REST listing)', async () => {
  const [anonymous, signed] = await Promise.all([
    gw.agent().get(`/api/properties/${small.id}`),
    (await signedInUser(gw)).agent.get(`/api/properties/${small.id}`),
  ]);
  expect(anonymous.body).toEqual(signed.body);
});
