import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FEED_MSG, feedText } from '@flaneur/schema';
import { signedInUser } from '../../../test/factories';
import { agencyUser, photoJpeg } from '../../../test/feeds';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { outboxTexts } from '../../../test/outbox';
import { nextParisHour } from '../../lib/paris-time';
import { type PolirisLine, polirisZip, saleLine } from './poliris-writer';

/* The address an agency registers for its feed: checked as any URL a user gives us, fetched every night. */

const gw = useGateway({ startOutbox: false });

/** A feed server on loopback (allowed outside production): each path answers what `routes` says. */
type Route = (res: http.ServerResponse) => void;
const routes = new Map<string, Route>();
let base = '';
const server = http.createServer((req, res) => {
  const route = routes.get(req.url ?? '');
  if (route) route(res);
  else res.writeHead(404).end();
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A feed whose every line shows one photo (a listing needs one to be published). */
const feed = async (lines: PolirisLine[]) =>
  polirisZip(
    lines.map((l) => ({ ...l, photos: ['p.jpg'] })),
    { 'p.jpg': await photoJpeg(11) },
  );
const serveZip = (path: string, zip: Buffer) =>
  routes.set(path, (res) => res.writeHead(200, { 'content-type': 'application/zip' }).end(zip));
const spot = () => ({ latitude: 45 + Math.random(), longitude: 1 + Math.random() });

async function registered(path: string) {
  const agency = await agencyUser(gw);
  const res = await agency.agent.put('/api/feeds/source').send({ url: `${base}${path}` });
  expect(res.status).toBe(200);
  return agency;
}

const imports = async (agent: ReturnType<typeof gw.agent>) =>
  (await agent.get('/api/feeds/imports')).body as { id: number; origin: string; status: string; counts: object }[];

describe('feed address (PUT /api/feeds/source)', () => {
  it('should refuse what is not a public HTTPS address, in French, and a non-agency account', async () => {
    const { agent } = await agencyUser(gw);
    for (const url of [
      'http://10.0.0.1/flux.zip',
      'https://10.0.0.1/flux.zip',
      'https://192.168.1.2/flux.zip',
      'https://[::1]:99999/',
      'https://agence:secret@flux.example.fr/flux.zip',
      'ftp://flux.example.fr/flux.zip',
      'http://flux.example.fr/flux.zip',
      `https://flux.example.fr/${'a'.repeat(2100)}`,
      42,
    ]) {
      const res = await agent.put('/api/feeds/source').send({ url });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(FEED_MSG.sourceUrlInvalid);
    }
    expect((await agent.get('/api/feeds/source')).body).toBeNull();
    const owner = await signedInUser(gw);
    const refused = await owner.agent.put('/api/feeds/source').send({ url: 'https://flux.example.fr/flux.zip' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(FEED_MSG.notAgency);
    expect((await gw.agent().get('/api/feeds/source')).status).toBe(401);
  });

  it('should keep one address per agency, fetched next at 04:00 Paris time (spread by account), and forget it', async () => {
    const { agent, user } = await agencyUser(gw);
    const first = await agent.put('/api/feeds/source').send({ url: 'https://flux.example.fr/a.zip' });
    expect(first.body).toMatchObject({ url: 'https://flux.example.fr/a.zip', lastFetchAt: null, lastError: null });
    const next = new Date(first.body.nextFetchAt).getTime();
    expect(next).toBe(nextParisHour(4).getTime() + (Number(user.id) % 60) * 60_000);
    await agent.put('/api/feeds/source').send({ url: 'https://flux.example.fr/b.zip' });
    const gq = await gql(agent, '{ feedSource { url } }');
    expect(gq.data).toEqual({ feedSource: { url: 'https://flux.example.fr/b.zip' } });
    expect((await agent.delete('/api/feeds/source')).status).toBe(204);
    expect((await agent.get('/api/feeds/source')).body).toBeNull();
    const none = await agent.post('/api/feeds/source/fetch');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(FEED_MSG.sourceNotFound);
  });
});

describe('fetching the feed address', () => {
  it('should import what the address serves as an upload is imported, and e-mail the agency when lines are refused', async () => {
    const at = spot();
    serveZip(
      '/ok.zip',
      await feed([
        saleLine('U-1', { latitude: at.latitude, longitude: at.longitude }),
        saleLine('U-2', { latitude: at.latitude, longitude: at.longitude + 0.001 }),
      ]),
    );
    const { agent, user } = await registered('/ok.zip');
    expect((await agent.post('/api/feeds/source/fetch')).status).toBe(202);
    await gw.outbox.drain();
    const [done] = await imports(agent);
    expect(done).toMatchObject({ origin: 'url', status: 'done', counts: { created: 2, refused: 0 } });
    expect((await agent.get('/api/feeds/source')).body).toMatchObject({ lastError: null });
    expect(outboxTexts(gw.dataDir, user.email).join('\n')).not.toContain('lignes refusées');

    serveZip(
      '/ok.zip',
      await feed([
        saleLine('U-1', { latitude: at.latitude, longitude: at.longitude }),
        saleLine('U-2', { latitude: at.latitude, longitude: at.longitude + 0.001, price: 'cent mille' }),
      ]),
    );
    await agent.post('/api/feeds/source/fetch');
    await gw.outbox.drain();
    const [second] = await imports(agent);
    expect(second).toMatchObject({ origin: 'url', status: 'done', counts: { unchanged: 1, refused: 1 } });
    const mail = outboxTexts(gw.dataDir, user.email).join('\n');
    expect(mail).toContain(
      feedText(FEED_MSG.mailRefusedBody, { created: 0, updated: 0, withdrawn: 0, refused: 1 }).split('\n')[0],
    );
    expect(mail).toContain(`/my-properties/feeds?import=${second.id}`);
  });

  it('should refuse a redirect, an error status, an oversized or non-ZIP answer: recorded, e-mailed, nothing changed', async () => {
    const at = spot();
    serveZip('/base.zip', await feed([saleLine('R-1', { latitude: at.latitude, longitude: at.longitude })]));
    const { agent, user } = await registered('/base.zip');
    await agent.post('/api/feeds/source/fetch');
    await gw.outbox.drain();
    const before = await imports(agent);
    expect(before).toHaveLength(1);

    routes.set('/redirect.zip', (res) => res.writeHead(302, { location: `${base}/base.zip` }).end());
    routes.set('/gone.zip', (res) => res.writeHead(500).end());
    routes.set('/huge.zip', (res) => {
      res.writeHead(200, { 'content-length': String(101 * 1024 * 1024) });
      res.write(Buffer.alloc(1024));
      setTimeout(() => res.destroy(), 50);
    });
    routes.set('/page.zip', (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Bonjour</html>'));
    const cases: [string, string][] = [
      ['/redirect.zip', feedText(FEED_MSG.fetchRedirect, { status: 302 })],
      ['/gone.zip', feedText(FEED_MSG.fetchStatus, { status: 500 })],
      ['/huge.zip', FEED_MSG.fetchTooLarge],
      ['/page.zip', FEED_MSG.notZip],
    ];
    for (const [path, reason] of cases) {
      await agent.put('/api/feeds/source').send({ url: `${base}${path}` });
      await agent.post('/api/feeds/source/fetch');
      await gw.outbox.drain();
      expect((await agent.get('/api/feeds/source')).body).toMatchObject({ lastError: reason });
      expect(outboxTexts(gw.dataDir, user.email).join('\n')).toContain(
        feedText(FEED_MSG.mailFailedBody, { reason }).split('\n')[0],
      );
    }
    expect(await imports(agent)).toHaveLength(1);
    const mine = await gql(agent, '{ myProperties { agencyReference listingState } }');
    expect(mine.data!.myProperties).toEqual([{ agencyReference: 'R-1', listingState: 'published' }]);
  });

  it('should queue each due address once per night, then move it to the next night', async () => {
    const at = spot();
    serveZip('/nightly.zip', await feed([saleLine('N-1', { latitude: at.latitude, longitude: at.longitude })]));
    const { agent, user } = await registered('/nightly.zip');
    await gw.db.query(`UPDATE feed_sources SET next_fetch_at = now() - interval '1 minute' WHERE owner_id = $1`, [
      user.id,
    ]);
    const now = new Date();
    expect(await gw.services.feedSources.queueDue(now)).toBeGreaterThanOrEqual(1);
    const [{ next_fetch_at: moved }] = await gw.db.query(`SELECT next_fetch_at FROM feed_sources WHERE owner_id = $1`, [
      user.id,
    ]);
    expect(new Date(moved).getTime()).toBe(nextParisHour(4, now).getTime() + (Number(user.id) % 60) * 60_000);
    // A second sweep the same night (another instance) queues nothing more for it.
    await gw.services.feedSources.queueDue(now);
    await gw.outbox.drain();
    const done = await imports(agent);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ origin: 'url', status: 'done', counts: { created: 1 } });
  });
});

describe('nextParisHour', () => {
  it('should give 04:00 Paris time in winter (03:00 UTC) and in summer (02:00 UTC), strictly after now', () => {
    expect(nextParisHour(4, new Date('2026-12-02T18:00:00Z')).toISOString()).toBe('2026-12-03T03:00:00.000Z');
    expect(nextParisHour(4, new Date('2026-12-02T02:00:00Z')).toISOString()).toBe('2026-12-02T03:00:00.000Z');
    expect(nextParisHour(4, new Date('2026-12-02T03:00:00Z')).toISOString()).toBe('2026-12-03T03:00:00.000Z');
    expect(nextParisHour(4, new Date('2026-07-14T12:00:00Z')).toISOString()).toBe('2026-07-15T02:00:00.000Z');
    // The night the clocks go forward (29 March 2026, 02:00 → 03:00).
    expect(nextParisHour(4, new Date('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-29T02:00:00.000Z');
  });
});
