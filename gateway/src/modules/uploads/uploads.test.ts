import http from 'node:http';
import { MSG } from '@flaneur/schema';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { buildUser, createProperty, gqlUpload, largePng, signedInUser, smallPng } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { isStored } from '../../../test/stored-objects';
import { purgeExpired } from '../../jobs/maintenance';
import { THROTTLES } from '../../lib/throttle';
import { IMAGE_JOBS_MAX, imageJobStats, resetImageJobStats } from './image-pipeline';

const gw = useGateway({ listen: true });

const BOUNDARY = 'flaneur-test-boundary';
const UPLOAD_PHOTOS = 'mutation ($files: [Upload!]!) { uploadPropertyImages(files: $files) }';

/**
 * Starts a multipart POST that announces a 10 MB file and sends only its first 64 KB, then waits (3 s at most) for
 * the answer. Answers its status and body, and whether the request body was still being sent when it came.
 */
async function answerBeforeBody(
  pathname: string,
  head: string,
  headers: Record<string, string> = {},
): Promise<{ status: number | string; body: any; stillSending: boolean }> {
  const req = http.request({
    host: '127.0.0.1',
    port: gw.port,
    method: 'POST',
    path: pathname,
    headers: {
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      'Content-Length': String(10 * 1024 * 1024),
      ...headers,
    },
  });
  req.on('error', () => {}); // the server may close the connection once it has answered
  const answered = new Promise<{ status: number; body: any }>((resolve) =>
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode!, body });
      });
      res.on('error', () => resolve({ status: res.statusCode!, body: null }));
    }),
  );
  req.write(head);
  req.write(Buffer.alloc(64 * 1024));
  let timer: NodeJS.Timeout | undefined;
  try {
    const late = new Promise<{ status: string; body: null }>(
      (resolve) => (timer = setTimeout(resolve, 3000, { status: 'no answer', body: null })),
    );
    const res = await Promise.race([answered, late]);
    return { ...res, stillSending: !req.writableEnded };
  } finally {
    clearTimeout(timer);
    req.destroy();
  }
}

const filePart = (field: string, filename: string, type: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
const fieldPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** The head of a GraphQL multipart request (operations, map) and the start of its one file. */
const gqlHead = (query: string, variables: Record<string, unknown>, variablePath: string) =>
  fieldPart('operations', JSON.stringify({ query, variables })) +
  fieldPart('map', JSON.stringify({ 0: [`variables.${variablePath}`] })) +
  filePart('0', 'photo.jpg', 'image/jpeg');

describe('signed-out uploads are refused before their bytes are read', () => {
  it.each([
    ['uploadPropertyImages', UPLOAD_PHOTOS, { files: [null] }, 'files.0'],
    [
      'uploadProfilePicture',
      'mutation ($file: Upload!) { uploadProfilePicture(file: $file) { id } }',
      { file: null },
      'file',
    ],
    [
      'uploadTenantFile',
      'mutation ($file: Upload!) { uploadTenantFile(file: $file) { fileUrl } }',
      { file: null },
      'file',
    ],
  ])(
    'should answer UNAUTHENTICATED to a signed-out %s while its file is still being sent',
    async (_, query, vars, p) => {
      const res = await answerBeforeBody('/graphql', gqlHead(query, vars, p), { 'apollo-require-preflight': 'true' });
      expect(res.status).toBe(401);
      expect(res.stillSending).toBe(true);
      expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      expect(res.body.errors[0].message).toBe(MSG.unauthenticated);
    },
  );

  it.each([
    ['/api/upload', 'images'],
    ['/api/users/profile-picture', 'profilePicture'],
    ['/api/tenant-files/upload', 'file'],
  ])('should answer 401 to a signed-out POST %s while its file is still being sent', async (route, field) => {
    const res = await answerBeforeBody(route, filePart(field, 'photo.jpg', 'image/jpeg'));
    expect(res.status).toBe(401);
    expect(res.stillSending).toBe(true);
  });
});

describe('the upload throttle counts files', () => {
  const fifteen = async () => Array.from({ length: 15 }, () => smallPng());

  it(`should let a user upload ${THROTTLES.uploadsPerUser.points} photos in 10 min (4 full listings) and refuse the next file with 429 over REST`, async () => {
    expect(THROTTLES.uploadsPerUser.points).toBeGreaterThanOrEqual(2 * 15);
    const me = await signedInUser(gw);
    const photos = await Promise.all(await fifteen());
    const batches = THROTTLES.uploadsPerUser.points / 15;
    for (let i = 0; i < batches; i++) {
      let req = me.agent.post('/api/upload');
      for (const [j, p] of photos.entries()) req = req.attach('images', p, `p${j}.png`);
      const res = await req;
      expect(res.status).toBe(201);
      expect(res.body.urls).toHaveLength(15);
    }
    const over = await me.agent.post('/api/upload').attach('images', photos[0], 'de-trop.png');
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(MSG.tooManyRequests);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // The budget is shared by every upload route.
    const picture = await me.agent.post('/api/users/profile-picture').attach('profilePicture', photos[0], 'a.png');
    expect(picture.status).toBe(429);
  });

  it('should spend one point per file over GraphQL and refuse the file over the budget before reading it', async () => {
    const agent = gw.agent();
    const reg = await agent.post('/api/register').send(buildUser());
    expect(reg.status).toBe(201);
    const me = { agent, cookie: (reg.headers['set-cookie'] as unknown as string[])[0].split(';')[0] };
    const png = await smallPng();
    const batch = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`files.${i}`, { data: png, filename: `p${i}.png` }]));
    const nulls = (n: number) => ({ files: Array<null>(n).fill(null) });
    const points = THROTTLES.uploadsPerUser.points;
    for (let spent = 0; spent < points; spent += 15) {
      const n = Math.min(15, points - spent);
      const res = await gqlUpload(me.agent, UPLOAD_PHOTOS, nulls(n), batch(n));
      expect(res.errors).toBeUndefined();
      expect(res.data.uploadPropertyImages).toHaveLength(n);
    }
    const over = await gqlUpload(me.agent, UPLOAD_PHOTOS, nulls(1), batch(1));
    expect(over.status).toBe(429);
    expect(over.errors[0].message).toBe(MSG.tooManyRequests);
    expect(over.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    expect(over.errors[0].extensions.retryAfter).toBeGreaterThan(0);

    // Refused while the file is still being sent: nothing of it was read.
    const early = await answerBeforeBody('/graphql', gqlHead(UPLOAD_PHOTOS, nulls(1), 'files.0'), {
      'apollo-require-preflight': 'true',
      Cookie: me.cookie,
    });
    expect(early.status).toBe(429);
    expect(early.stillSending).toBe(true);
  });
});

describe('image decoding', () => {
  it(`should decode at most ${IMAGE_JOBS_MAX} images at once when 8 big photos are uploaded in parallel`, async () => {
    const me = await signedInUser(gw);
    const raw = Buffer.alloc(1800 * 1200 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
    const big = await sharp(raw, { raw: { width: 1800, height: 1200, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    resetImageJobStats();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => me.agent.post('/api/upload').attach('images', big, `big${i}.jpg`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const stats = imageJobStats();
    expect(stats.running).toBe(0);
    expect(stats.waiting).toBe(0);
    expect(stats.peak).toBeLessThanOrEqual(IMAGE_JOBS_MAX);
    // The jobs did overlap up to the cap: the stat observes them, it is not a constant.
    expect(stats.peak).toBe(Math.min(IMAGE_JOBS_MAX, 8));
    expect(stats.completed).toBeGreaterThanOrEqual(8);
  });
});

describe('orphan listing photos', () => {
  const thumbOf = (url: string) => url.replace(/\.webp$/, '-thumb.webp');

  /**
   * Dates the uploads of `urls` 25 h back and purges, in one transaction: the gateway of another test file, purging
   * as it starts on the shared database, cannot see them old and take their rows (deleting the files from its own
   * storage, not this gateway's) before this purge does.
   */
  const backdateAndPurge = (urls: string[]) =>
    gw.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE listing_image_uploads SET created_at = now() - interval '25 hours' WHERE url = ANY($1::text[])`,
        [urls],
      );
      // An EntityManager answers query() and transaction() (a savepoint) as purgeExpired uses them.
      await purgeExpired(tx as unknown as DataSource, gw.storage);
    });

  it('should delete a photo never attached to a listing after 24 h with its files, and keep attached and fresh ones', async () => {
    const me = await signedInUser(gw);
    const png = await smallPng();
    const res = await me.agent
      .post('/api/upload')
      .attach('images', png, 'a.png')
      .attach('images', png, 'b.png')
      .attach('images', png, 'c.png');
    expect(res.status).toBe(201);
    const [attached, orphan, fresh] = res.body.urls as string[];
    await createProperty(me.agent, { images: [attached] });
    await backdateAndPurge([attached, orphan]);
    for (const url of [attached, fresh]) {
      expect(await isStored(gw, url)).toBe(true);
      expect(await isStored(gw, thumbOf(url))).toBe(true);
    }
    expect(await isStored(gw, orphan)).toBe(false);
    expect(await isStored(gw, thumbOf(orphan))).toBe(false);
    const rows: { url: string }[] = await gw.db.query(
      `SELECT url FROM listing_image_uploads WHERE url = ANY($1::text[]) ORDER BY url`,
      [[attached, orphan, fresh]],
    );
    // The attached photo is the listing's now: no longer tracked, never purged.
    expect(rows.map((r) => r.url)).toEqual([fresh]);
    expect((await gw.agent().get(attached)).status).toBe(200);
  });

  it('should delete every stored width of an orphan photo', async () => {
    const me = await signedInUser(gw);
    const res = await me.agent.post('/api/upload').attach('images', await largePng(), 'a.png');
    const [orphan] = res.body.urls as string[];
    const widths = [orphan, orphan.replace(/\.webp$/, '-800.webp'), thumbOf(orphan)];
    for (const url of widths) expect(await isStored(gw, url)).toBe(true);
    await backdateAndPurge([orphan]);
    for (const url of widths) expect(await isStored(gw, url)).toBe(false);
  });
});
