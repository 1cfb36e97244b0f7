import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FEED_MSG, FEED_PHOTO_FETCH_REASONS, feedText, MSG } from '@flaneur/schema';
import { Webhook as Verifier } from 'standardwebhooks';
import { signedInUser } from '../../../test/factories';
import { agencyUser, importFeed, photoJpeg } from '../../../test/feeds';
import { unique, useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { polirisZip, saleLine, type PolirisLine } from './poliris-writer';

const gw = useGateway({ startOutbox: false });
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

const REPORT = `mutation ($lat: Float!, $lng: Float!) {
  reportLocation(latitude: $lat, longitude: $lng, accuracy: 10) { newDiscoveries { id title } }
}`;
const SAVE = `mutation ($f: SearchFiltersInput!) { savePreferences(searchFilters: $f) { searchFilters { radius } } }`;
const ONE = `query ($id: ID!) { property(id: $id) {
  id title description price city listingState draftReason agencyReference ownerName ownerEmail advertiser
  feesPaidBy photos { url } formerPrice priceHistory { price } owner { agencyName professionalCard } } }`;

/** The agency's listings by reference, as the owner sees them (every state). */
async function mine(agent: Parameters<typeof gql>[0]) {
  const res = await gql(agent, `{ myProperties { id agencyReference listingState draftReason price updatedAt } }`);
  expect(res.errors).toBeUndefined();
  return Object.fromEntries(
    (res.data!.myProperties as { agencyReference: string }[]).map((p) => [p.agencyReference, p]),
  ) as unknown as Record<
    string,
    { id: string; listingState: string; draftReason: string | null; price: number; updatedAt: string }
  >;
}

/** A spot of its own for each test (nothing else discovered there). */
const spot = () => ({ latitude: 44 + Math.random(), longitude: -0.5 + Math.random() });

describe('agency feed import', () => {
  it('should create the listings of an ISO-8859-1 feed with their photos, drafts for a missing energy class, discoverable while walking', async () => {
    const { agent } = await agencyUser(gw, 'Agence du Marais');
    const at = spot();
    const city = unique('Créteil');
    const photos = { 'a-1.jpg': await photoJpeg(1), 'a-2.jpg': await photoJpeg(2), 'b-1.jpg': await photoJpeg(3) };
    const lines: PolirisLine[] = [
      saleLine('A-1', {
        city,
        latitude: at.latitude,
        longitude: at.longitude,
        description: 'Séjour !# cuisine équipée, « vue dégagée »',
        photos: ['a-1.jpg', 'a-2.jpg'],
        negotiatorName: 'Léa Négociatrice',
      }),
      saleLine('B-2', {
        city,
        latitude: at.latitude,
        longitude: at.longitude + 0.0005,
        propertyType: 'Maison',
        floor: null,
        photos: ['b-1.jpg'],
      }),
      // No energy class: imported, but as a draft with the reason.
      saleLine('C-3', {
        city,
        latitude: at.latitude,
        longitude: at.longitude + 0.001,
        dpeClass: '',
        photos: ['a-1.jpg'],
      }),
    ];
    const report = await importFeed(gw, agent, polirisZip(lines, photos, { encoding: 'latin1' }));
    expect(report).toMatchObject({
      status: 'done',
      statusLabel: 'terminé',
      lines: 3,
      counts: { created: 3, updated: 0, unchanged: 0, withdrawn: 0, refused: 0, drafts: 1 },
    });
    expect(report.report).toEqual([
      { line: 3, reference: 'C-3', field: 'dpeClass (176)', message: `Brouillon : ${MSG.dpeRequired}` },
    ]);

    const listings = await mine(agent);
    expect(listings['C-3']).toMatchObject({ listingState: 'draft', draftReason: `Brouillon : ${MSG.dpeRequired}` });
    const a = await gql(gw.agent(), ONE, { id: listings['A-1'].id });
    expect(a.errors).toBeUndefined();
    expect(a.data!.property).toMatchObject({
      city,
      description: 'Séjour !# cuisine équipée, « vue dégagée »',
      listingState: 'published',
      agencyReference: 'A-1',
      ownerName: 'Léa Négociatrice',
      advertiser: 'professional',
      feesPaidBy: 'seller',
      owner: { agencyName: 'Agence du Marais', professionalCard: 'CPI 7501 2024 000 000 123' },
    });
    expect(a.data!.property.photos).toHaveLength(2);
    // The draft is its owner's only.
    expect((await gw.agent().get(`/api/properties/${listings['C-3'].id}`)).status).toBe(404);
    // The same photo on two lines is stored once.
    const [{ n }] = await gw.db.query(
      `SELECT count(*)::int AS n FROM feed_photos f JOIN users u ON u.id = f.owner_id WHERE u.agency_name = 'Agence du Marais'`,
    );
    expect(n).toBe(3);

    // A tenant walking there discovers the two published listings, never the draft.
    const tenant = await signedInUser(gw);
    expect((await gql(tenant.agent, SAVE, { f: { radius: 0.5 } })).errors).toBeUndefined();
    const walk = await gql(tenant.agent, REPORT, { lat: at.latitude, lng: at.longitude });
    expect(walk.errors).toBeUndefined();
    expect(walk.data!.reportLocation.newDiscoveries.map((d: { id: string }) => d.id).sort()).toEqual(
      [listings['A-1'].id, listings['B-2'].id].sort(),
    );
  });

  it('should update a price drop through the « Modifier » path, write nothing for an unchanged line and withdraw an absent listing', async () => {
    const { agent, user } = await agencyUser(gw);
    const at = spot();
    const city = unique('Nantes');
    const photos = { 'p.jpg': await photoJpeg(4), 'q.jpg': await photoJpeg(5) };
    const base = (ref: string, over: PolirisLine = {}) =>
      saleLine(ref, { city, latitude: at.latitude, longitude: at.longitude, photos: ['p.jpg'], ...over });
    await importFeed(gw, agent, polirisZip([base('D-1'), base('E-2', { photos: ['q.jpg'] }), base('F-3')], photos));
    const before = await mine(agent);
    // The agency's software listens to its listings' changes.
    const hook = await agent.post('/api/webhooks').send({ url: receiver.url('/agence'), events: ['property.updated'] });
    expect(hook.status).toBe(201);
    const [{ uploads }] = await gw.db.query(`SELECT count(*)::int AS uploads FROM feed_photos WHERE owner_id = $1`, [
      user.id,
    ]);

    // The next night: D-1 cheaper, F-3 the same, E-2 gone; written in UTF-8 this time.
    const report = await importFeed(
      gw,
      agent,
      polirisZip([base('D-1', { price: 399000 }), base('F-3')], photos, { encoding: 'utf8' }),
    );
    expect(report.counts).toEqual({ created: 0, updated: 1, unchanged: 1, withdrawn: 1, refused: 0, drafts: 0 });
    expect(report.report).toEqual([{ line: null, reference: 'E-2', field: null, message: FEED_MSG.withdrawnAbsent }]);
    const after = await mine(agent);
    expect(after['F-3'].updatedAt).toBe(before['F-3'].updatedAt);
    expect(after['E-2'].listingState).toBe('withdrawn');
    // Integrators learn of the drop and of the withdrawal, verified as a receiver does.
    const verifier = new Verifier(hook.body.secret);
    const events = receiver
      .received()
      .filter((r) => r.path === '/agence')
      .map((r) => verifier.verify(r.body, r.headers) as { type: string; data: any });
    expect(events.map((e) => [e.type, e.data.property.id, e.data.listingState ?? null]).sort()).toEqual(
      [
        ['property.updated', Number(after['D-1'].id), null],
        ['property.updated', Number(after['E-2'].id), 'withdrawn'],
      ].sort(),
    );
    const d = await gql(gw.agent(), ONE, { id: after['D-1'].id });
    expect(d.data!.property).toMatchObject({
      price: 399000,
      formerPrice: 420000,
      priceHistory: [{ price: 420000 }, { price: 399000 }],
    });
    // No photo stored twice.
    const [{ uploads: again }] = await gw.db.query(
      `SELECT count(*)::int AS uploads FROM feed_photos WHERE owner_id = $1`,
      [user.id],
    );
    expect(uploads).toBe(2);
    expect(again).toBe(uploads);
    // The withdrawn listing still opens, is no longer listed nor discovered.
    const e = await gql(gw.agent(), ONE, { id: after['E-2'].id });
    expect(e.data!.property.listingState).toBe('withdrawn');
    const search = await gql(gw.agent(), `query ($c: String) { properties(filter: { city: $c }) { nodes { id } } }`, {
      c: city,
    });
    expect(search.data!.properties.nodes.map((p: { id: string }) => p.id).sort()).toEqual(
      [after['D-1'].id, after['F-3'].id].sort(),
    );
    const tenant = await signedInUser(gw);
    await gql(tenant.agent, SAVE, { f: { radius: 0.5 } });
    const walk = await gql(tenant.agent, REPORT, { lat: at.latitude, lng: at.longitude });
    expect(walk.data!.reportLocation.newDiscoveries.map((x: { id: string }) => x.id)).not.toContain(after['E-2'].id);

    // A third, identical feed writes no listing at all.
    const third = await importFeed(gw, agent, polirisZip([base('D-1', { price: 399000 }), base('F-3')], photos));
    expect(third.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2, withdrawn: 0 });
  });
});

describe('photos given by their URL in a feed', () => {
  let server: http.Server;
  let base: string;
  const hits: Record<string, number> = {};
  beforeAll(async () => {
    const jpeg = await photoJpeg(11);
    server = http.createServer((req, res) => {
      hits[req.url ?? ''] = (hits[req.url ?? ''] ?? 0) + 1;
      if (req.url === '/photos/a.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      else if (req.url === '/photos/moved.jpg') res.writeHead(302, { location: 'http://10.0.0.1/x.jpg' }).end();
      else if (req.url === '/photos/note.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end('bonjour');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/photos`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('should fetch them through the outbound guard, report the refused ones, and download nothing again the next night', async () => {
    const { agent } = await agencyUser(gw);
    const at = spot();
    const line = saleLine('U-1', {
      city: unique('Lyon'),
      latitude: at.latitude,
      longitude: at.longitude,
      photos: [
        `${base}/a.jpg`,
        `${base}/moved.jpg`,
        'http://169.254.169.254/latest/meta-data.jpg',
        `${base}/note.txt`,
        `${base}/absent.jpg`,
      ],
    });
    const report = await importFeed(gw, agent, polirisZip([line], {}));
    expect(report.counts).toMatchObject({ created: 1, refused: 0 });
    const name = (path: string) => `${base}/${path}`.slice(0, 80);
    expect(report.report.map((r) => r.message)).toEqual([
      feedText(FEED_MSG.photoUrlRefused, { name: 'http://169.254.169.254/latest/meta-data.jpg' }),
      feedText(FEED_MSG.photoUrlFailed, {
        name: name('moved.jpg'),
        reason: FEED_PHOTO_FETCH_REASONS.redirect,
      }),
      feedText(FEED_MSG.photoNotImage, { name: name('note.txt') }),
      feedText(FEED_MSG.photoUrlFailed, {
        name: name('absent.jpg'),
        reason: feedText(FEED_PHOTO_FETCH_REASONS.status, { status: 404 }),
      }),
    ]);
    const listing = (await mine(agent))['U-1'];
    const one = await gql(gw.agent(), ONE, { id: listing.id });
    expect(one.data!.property.photos).toHaveLength(1);
    expect(hits['/photos/a.jpg']).toBe(1);
    // The redirect was not followed (nothing asked of 10.0.0.1) and the link-local address never called.
    expect(Object.keys(hits).sort()).toEqual([
      '/photos/a.jpg',
      '/photos/absent.jpg',
      '/photos/moved.jpg',
      '/photos/note.txt',
    ]);

    // The next night, the same line: unchanged, the stored photo is not downloaded again.
    const again = await importFeed(gw, agent, polirisZip([line], {}));
    expect(again.counts).toMatchObject({ unchanged: 1, updated: 0 });
    expect(hits['/photos/a.jpg']).toBe(1);
  });
});
