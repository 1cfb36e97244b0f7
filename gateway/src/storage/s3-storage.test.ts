import { MSG } from '@flaneur/schema';
import request from 'supertest';
import { gqlUpload, signedInUser, smallPng } from '../../test/factories';
import { startGateway, TestGateway, unique } from '../../test/gateway';
import { startS3rver, S3rverProcess } from '../../test/s3rver';
import { isStored, storedNames } from '../../test/stored-objects';
import { loadConfig } from '../config';
import { sweepOrphanObjects } from './orphan-sweeper';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const IMMUTABLE = 'public, max-age=31536000, immutable';

type Member = Awaited<ReturnType<typeof signedInUser>>;
let s3: S3rverProcess;
let a: TestGateway;
let b: TestGateway;
const bucket = unique('shared-').toLowerCase();

beforeAll(async () => {
  s3 = await startS3rver();
  await s3.createBucket(bucket);
  // Two gateways, each with its own DATA_DIR, sharing the bucket: what N hosts behind a proxy do.
  a = await startGateway(s3.env(bucket));
  b = await startGateway(s3.env(bucket));
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await s3?.close();
});

/** A member signed in on gateway `gw` (the session is in the shared database: it works on the other one too). */
const member = (gw: TestGateway) => signedInUser(gw);
const uploadPhoto = async (m: Member) => m.agent.post('/api/upload').attach('images', await smallPng(), 'salon.png');
const uploadDocument = (m: Member) => m.agent.post('/api/tenant-files/upload').attach('file', PDF, 'bulletin.pdf');
/** The same member signed in on another gateway. */
const on = async (gw: TestGateway, m: Member) => {
  const agent = request.agent(gw.app);
  const res = await agent.post('/api/login').send({ username: m.user.username, password: m.password });
  expect(res.status).toBe(200);
  return agent;
};
async function addDocument(m: Member): Promise<{ id: number; storageKey: string }> {
  const up = await uploadDocument(m);
  expect(up.status).toBe(201);
  const res = await m.agent
    .post('/api/tenant-files')
    .send({ title: 'Avis d’imposition', fileUrl: up.body.fileUrl, fileType: 'tax_notice', userId: m.user.id });
  expect(res.status).toBe(201);
  const [row] = await a.db.query('SELECT storage_key FROM tenant_files WHERE id = $1', [res.body.id]);
  return { id: res.body.id, storageKey: row.storage_key };
}
const rows = async (sql: string, userId: number) => Number((await a.db.query(sql, [userId]))[0].n);

describe('object storage (S3, s3rver)', () => {
  it('should serve a photo uploaded through one gateway from the other, immutable, with its type and ETag', async () => {
    const me = await member(a);
    const res = await uploadPhoto(me);
    expect(res.status).toBe(201);
    const [url] = res.body.urls as string[];
    const there = await request(b.app).get(url);
    expect(there.status).toBe(200);
    expect(there.headers['content-type']).toBe('image/webp');
    expect(there.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(there.headers['content-length'])).toBe(there.body.length);
    const here = await request(a.app).get(url);
    expect(Buffer.compare(here.body, there.body)).toBe(0);
    const revalidated = await request(b.app).get(url).set('If-None-Match', there.headers.etag);
    expect(revalidated.status).toBe(304);
    const head = await request(b.app).head(url);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(there.headers['content-length']);
    // Nothing on either gateway's disk: the bucket holds it.
    expect(await storedNames(a, 'public', 'listings/')).toContain(url.slice('/uploads/listings/'.length));
  });

  it('should stream a document to its owner through any gateway and to nobody else, never under /uploads', async () => {
    const owner = await member(a);
    const stranger = await member(b);
    const doc = await addDocument(owner);
    const mine = await (await on(b, owner)).get(`/api/tenant-files/${doc.id}/download`).buffer(true);
    expect(mine.status).toBe(200);
    expect(Buffer.compare(mine.body as Buffer, PDF)).toBe(0);
    expect(mine.headers['cache-control']).toBe('no-store');
    const refused = await stranger.agent.get(`/api/tenant-files/${doc.id}/download`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MSG.tenantFileForbidden });
    expect((await request(b.app).get(`/api/tenant-files/${doc.id}/download`)).status).toBe(401);
    // Documents live under private/: no /uploads path reaches them, whatever the spelling.
    for (const path of [
      `/uploads/${doc.storageKey}`,
      `/uploads/../private/${doc.storageKey}`,
      `/uploads/%2e%2e/private/${doc.storageKey}`,
    ])
      expect((await request(b.app).get(path)).status).toBe(404);
  });

  it('should delete the objects of a deleted document and of a replaced profile picture', async () => {
    const me = await member(a);
    const doc = await addDocument(me);
    const name = doc.storageKey.slice(doc.storageKey.lastIndexOf('/') + 1);
    expect(await storedNames(a, 'private', `tenant-files/${me.user.id}/`)).toEqual([name]);
    expect((await (await on(b, me)).delete(`/api/tenant-files/${doc.id}`)).status).toBe(204);
    expect(await storedNames(a, 'private', `tenant-files/${me.user.id}/`)).toEqual([]);

    const first = await me.agent.post('/api/users/profile-picture').attach('profilePicture', await smallPng(), 'a.png');
    const second = await me.agent
      .post('/api/users/profile-picture')
      .attach('profilePicture', await smallPng(), 'b.png');
    expect(await isStored(b, first.body.profilePicture)).toBe(false);
    expect(await isStored(b, second.body.profilePicture)).toBe(true);
  });

  describe('when the object store fails', () => {
    let me: Member;
    beforeAll(async () => {
      me = await member(a);
    });
    afterEach(() => s3.start().catch(() => undefined));

    it('should answer 503 in French and store no row for a photo, a document or a profile picture', async () => {
      const png = await smallPng();
      await s3.stop();
      const photo = await me.agent.post('/api/upload').attach('images', png, 'salon.png');
      expect(photo.status).toBe(503);
      expect(photo.body).toEqual({ message: MSG.storageUnavailable });
      const doc = await uploadDocument(me);
      expect(doc.status).toBe(503);
      expect(doc.body).toEqual({ message: MSG.storageUnavailable });
      const picture = await me.agent.post('/api/users/profile-picture').attach('profilePicture', png, 'moi.png');
      expect(picture.status).toBe(503);
      expect(picture.body).toEqual({ message: MSG.storageUnavailable });
      expect(await rows('SELECT count(*) AS n FROM listing_image_uploads WHERE user_id = $1', me.user.id)).toBe(0);
      expect(await rows('SELECT count(*) AS n FROM tenant_file_uploads WHERE user_id = $1', me.user.id)).toBe(0);
      expect(
        await rows('SELECT count(*) AS n FROM users WHERE id = $1 AND profile_picture IS NOT NULL', me.user.id),
      ).toBe(0);

      await s3.start();
      expect((await uploadPhoto(me)).status).toBe(201);
      expect(await rows('SELECT count(*) AS n FROM listing_image_uploads WHERE user_id = $1', me.user.id)).toBe(1);
    }, 60_000);

    it('should answer 503 in French, not 500, to reads of photos and documents', async () => {
      const [url] = (await uploadPhoto(me)).body.urls as string[];
      const doc = await addDocument(me);
      await s3.stop();
      const photo = await request(b.app).get(url);
      expect(photo.status).toBe(503);
      expect(photo.body).toEqual({ message: MSG.storageUnavailable });
      const download = await me.agent.get(`/api/tenant-files/${doc.id}/download`);
      expect(download.status).toBe(503);
      expect(download.body).toEqual({ message: MSG.storageUnavailable });
      // GraphQL uploads answer the same code and message.
      const gql = await gqlUpload(
        me.agent,
        'mutation ($f: Upload!) { uploadTenantFile(file: $f) { fileUrl } }',
        { f: null },
        {
          f: { data: PDF, filename: 'bulletin.pdf' },
        },
      );
      expect(gql.body.errors?.[0]).toMatchObject({
        message: MSG.storageUnavailable,
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      });
    }, 60_000);

    it('should delete the row when its object cannot be deleted, and the sweeper removes the object later', async () => {
      const doc = await addDocument(me);
      await s3.stop();
      expect((await me.agent.delete(`/api/tenant-files/${doc.id}`)).status).toBe(204);
      expect(await rows('SELECT count(*) AS n FROM tenant_files WHERE id = $1', doc.id)).toBe(0);
      await s3.start();
      const name = doc.storageKey.slice(doc.storageKey.lastIndexOf('/') + 1);
      expect(await storedNames(a, 'private', `tenant-files/${me.user.id}/`)).toContain(name);

      const kept = await addDocument(me);
      const [photo] = (await uploadPhoto(me)).body.urls as string[];
      // A day of grace by default: nothing young is touched (an upload stores its bytes before its row).
      expect(await sweepOrphanObjects(a.db, a.storage)).toEqual({ private: 0, public: 0 });
      const swept = await sweepOrphanObjects(a.db, a.storage, { graceMs: 0 });
      expect(swept.private).toBeGreaterThanOrEqual(1);
      const left = await storedNames(a, 'private', `tenant-files/${me.user.id}/`);
      expect(left).not.toContain(name);
      expect(left).toContain(kept.storageKey.slice(kept.storageKey.lastIndexOf('/') + 1));
      // A photo waiting for its listing (its upload row) is kept, with its thumbnail.
      expect(await isStored(b, photo)).toBe(true);
      expect(await isStored(b, photo.replace(/\.webp$/, '-thumb.webp'))).toBe(true);
    }, 60_000);
  });

  it('should sweep a photo and its copies that no row knows, and keep the others', async () => {
    const me = await member(a);
    const [photo] = (await uploadPhoto(me)).body.urls as string[];
    await a.db.query('DELETE FROM listing_image_uploads WHERE url = $1', [photo]);
    const [kept] = (await uploadPhoto(me)).body.urls as string[];
    await sweepOrphanObjects(a.db, a.storage, { graceMs: 0 });
    expect(await isStored(a, photo)).toBe(false);
    expect(await isStored(a, photo.replace(/\.webp$/, '-thumb.webp'))).toBe(false);
    expect(await isStored(a, kept)).toBe(true);
  });

  it('should redirect /uploads to S3_PUBLIC_URL when set, and allow its origin for images', async () => {
    const gw = await startGateway({ ...s3.env(bucket), S3_PUBLIC_URL: 'https://photos.flaneur.example/uploads/' });
    try {
      const res = await request(gw.app).get('/uploads/listings/abc-10x10.webp');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('https://photos.flaneur.example/uploads/listings/abc-10x10.webp');
      expect(res.headers['content-security-policy']).toMatch(/img-src[^;]*https:\/\/photos\.flaneur\.example/);
    } finally {
      await gw.close();
    }
  });
});

describe('S3 configuration', () => {
  const base = { NODE_ENV: 'test' };
  it('should list every S3 problem at start', () => {
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'x' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither[\s\S]*S3_BUCKET: required with S3_ENDPOINT/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
  });

  it('should keep the local disk unless S3_BUCKET is set', () => {
    expect(loadConfig(base).s3).toBeUndefined();
    expect(loadConfig({ ...base, S3_BUCKET: 'flaneur', S3_FORCE_PATH_STYLE: 'true' }).s3).toEqual({
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'flaneur',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
      publicUrl: undefined,
    });
  });
});
