import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MSG } from '@flaneur/schema';
import { WS_LIMITS } from '../src/graphql/ws-server';
import { THROTTLES } from '../src/lib/throttle';
import { ZIP_LIMITS } from '../src/modules/tenant-files/zip-archive';
import { buildUser, createProperty, signedInUser } from './factories';
import { useGateway } from './gateway';
import { gql } from './graphql';
import { waitForToken } from './outbox';
import { collect, waitFor } from './subscribe';
import { wsClient } from './ws';
import { DOCX_CONTENT_TYPES, member, zerosMember, zip } from './zip';

const gw = useGateway({ listen: true });

const registered = async () => {
  const agent = gw.agent();
  const res = await agent.post('/api/register').send(buildUser());
  return { agent, id: res.body.id as number, cookie: res.headers['set-cookie'][0].split(';')[0] as string };
};

describe('request limits', () => {
  it('should answer 413 in French when a JSON body is over 1 MB, on REST and on GraphQL', async () => {
    const big = { username: 'x'.repeat(1024 * 1024 + 10), password: 'motdepasse' };
    const rest = await gw.agent().post('/api/login').send(big);
    expect(rest.status).toBe(413);
    expect(rest.body).toEqual({ message: MSG.payloadTooLarge });
    const graphql = await gw.agent().post('/graphql').send({ query: `{ me { id } }`, variables: big });
    expect(graphql.status).toBe(413);
  });

  it('should refuse with 415 an image whose decoded size is over the pixel cap, whatever its file size', async () => {
    const { agent } = await signedInUser(gw);
    // 8000 × 8000 = 64 Mpx of a single colour: a small PNG that would take 256 MB once decoded.
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const res = await agent.post('/api/upload').attach('images', bomb, 'grand.png');
    expect(res.status).toBe(415);
  });
});

describe('zip bombs (.docx documents)', () => {
  const MB = 1024 * 1024;
  const upload = (agent: Awaited<ReturnType<typeof signedInUser>>['agent'], data: Buffer) =>
    agent.post('/api/tenant-files/upload').attach('file', data, 'bail.docx');
  const storedFiles = (userId: number) => {
    const dir = path.join(gw.dataDir, 'private', 'tenant-files', String(userId));
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  /** Runs a request while sampling the resident memory of this process (the gateway's). */
  async function measured<T>(send: () => Promise<T>) {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const started = Date.now();
    try {
      const res = await send();
      peak = Math.max(peak, process.memoryUsage().rss);
      return { res, ms: Date.now() - started, grownBytes: peak - before };
    } finally {
      clearInterval(sampler);
    }
  }
  let zeros: Awaited<ReturnType<typeof zerosMember>>;
  beforeAll(async () => {
    // 200 MB of zeros in about 200 KB: the body of word/document.xml in the bombs below.
    zeros = await zerosMember('word/document.xml', 200);
  });

  it(`should refuse with 413 a .docx declaring more than ${ZIP_LIMITS.maxUnpackedBytes / MB} MB unpacked, before inflating anything`, async () => {
    const me = await signedInUser(gw);
    const bomb = zip([member('[Content_Types].xml', DOCX_CONTENT_TYPES), zeros]);
    expect(bomb.length).toBeLessThan(MB);
    const { res, ms, grownBytes } = await measured(() => upload(me.agent, bomb));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: MSG.documentUnpackedTooLarge });
    expect(ms).toBeLessThan(2000);
    expect(grownBytes).toBeLessThan(64 * MB);
    expect(storedFiles(me.user.id)).toEqual([]);
    expect((await gw.agent().get('/healthz')).body).toEqual({ status: 'ok' });
  });

  it('should refuse with 415 a .docx whose header lies about its unpacked size, cutting the inflation short', async () => {
    const me = await signedInUser(gw);
    const liar = zip([member('[Content_Types].xml', DOCX_CONTENT_TYPES), { ...zeros, declaredSize: 2048 }]);
    const { res, ms, grownBytes } = await measured(() => upload(me.agent, liar));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: MSG.documentTypeUnsupported });
    expect(ms).toBeLessThan(2000);
    expect(grownBytes).toBeLessThan(64 * MB);
    expect(storedFiles(me.user.id)).toEqual([]);
    expect((await gw.agent().get('/healthz')).body).toEqual({ status: 'ok' });
  });

  it(`should refuse with 413 a .docx of more than ${ZIP_LIMITS.maxEntries} entries`, async () => {
    const me = await signedInUser(gw);
    const many = Array.from({ length: ZIP_LIMITS.maxEntries }, (_, i) => member(`word/media/${i}.xml`, '<a/>', 0));
    const res = await upload(me.agent, zip([member('[Content_Types].xml', DOCX_CONTENT_TYPES), ...many]));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: MSG.documentUnpackedTooLarge });
  });

  it('should accept a genuine deflated .docx, whose every member unpacks to its declared size', async () => {
    const me = await signedInUser(gw);
    const docx = zip([
      member('[Content_Types].xml', DOCX_CONTENT_TYPES),
      member('word/', '', 0),
      member('word/document.xml', `<w:document>${'<w:p>Bonjour</w:p>'.repeat(5000)}</w:document>`),
    ]);
    const res = await upload(me.agent, docx);
    expect(res.status).toBe(201);
    expect(res.body.originalName).toBe('bail.docx');
  });
});

describe('throttles', () => {
  it('should answer 429 with Retry-After past the message budget of a user', async () => {
    const owner = await signedInUser(gw);
    const listing = await createProperty(owner.agent);
    const tenant = await signedInUser(gw);
    const started = await gql(
      tenant.agent,
      'mutation ($o: ID!, $p: ID!) { startConversation(otherUserId: $o, propertyId: $p) { id } }',
      {
        o: String(owner.user.id),
        p: String(listing.id),
      },
    );
    const id = started.data!.startConversation.id;
    const send = () => tenant.agent.post(`/api/conversations/${id}/messages`).send({ content: 'Bonjour' });
    for (let i = 0; i < THROTTLES.messagesPerUser.points; i++) expect((await send()).status).toBe(201);
    const over = await send();
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
    expect(over.body.message).toBe(MSG.tooManyRequests);
  });

  it('should answer 429 past the location-report budget of a user', async () => {
    const { agent } = await signedInUser(gw);
    const report = () => agent.post('/api/user-locations').send({ latitude: 1, longitude: 1, accuracy: 900 });
    for (let i = 0; i < THROTTLES.locationReportsPerUser.points; i++) expect((await report()).status).toBe(201);
    expect((await report()).status).toBe(429);
  });
});

describe('websocket caps', () => {
  it(`should refuse a user's socket beyond ${WS_LIMITS.socketsPerUser}`, async () => {
    const { cookie } = await registered();
    const clients = Array.from({ length: WS_LIMITS.socketsPerUser }, () => wsClient(gw.port, { cookie, lazy: false }));
    try {
      await Promise.all(clients.map((c) => new Promise((resolve) => c.on('connected', resolve))));
      const extra = wsClient(gw.port, { cookie, lazy: false });
      const closed = await new Promise<number>((resolve) =>
        extra.on('closed', (e) => resolve((e as { code: number }).code)),
      );
      expect(closed).toBe(4403);
      await extra.dispose();
    } finally {
      await Promise.all(clients.map((c) => c.dispose()));
    }
  });

  it(`should refuse an operation beyond ${WS_LIMITS.operationsPerSocket} on one socket`, async () => {
    const { cookie } = await registered();
    const client = wsClient(gw.port, { cookie, lazy: false });
    try {
      const subs = Array.from({ length: WS_LIMITS.operationsPerSocket + 1 }, () =>
        collect(client, 'subscription { discoveryAdded { entry { id } } }'),
      );
      expect(await waitFor(() => subs.some((s) => s.errors.length > 0), 2000)).toBe(true);
      const refused = subs.filter((s) => s.errors.length > 0);
      expect(refused).toHaveLength(1);
      expect(JSON.stringify(refused[0].errors)).toContain(MSG.tooManySubscriptions);
    } finally {
      await client.dispose();
    }
  });

  it('should close the sockets of every session of a user when the password is reset', async () => {
    const fields = buildUser();
    const agent = gw.agent();
    const res = await agent.post('/api/register').send(fields);
    const cookie = res.headers['set-cookie'][0].split(';')[0];
    const client = wsClient(gw.port, { cookie, lazy: false });
    await new Promise((resolve) => client.on('connected', resolve));
    const closed = new Promise<number>((resolve) => client.on('closed', (e) => resolve((e as { code: number }).code)));
    await gw.agent().post('/api/forgot-password').send({ email: fields.email });
    const token = await waitForToken(gw.dataDir, fields.email, '/auth?token=');
    expect((await gw.agent().post('/api/reset-password').send({ token, password: 'tout-nouveau-mdp' })).status).toBe(
      200,
    );
    expect(await closed).toBe(4401);
    await client.dispose();
  });
});
