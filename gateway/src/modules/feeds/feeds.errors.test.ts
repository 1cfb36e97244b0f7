import { FEED_MSG, feedText } from '@flaneur/schema';
import { createAccessToken, restWithToken } from '../../../test/access-tokens';
import { signedInUser } from '../../../test/factories';
import { agencyUser, importFeed, photoJpeg, uploadFeed } from '../../../test/feeds';
import { startTestGeocoder, banFeature, type TestGeocoder } from '../../../test/geocoder';
import { startGateway, type TestGateway } from '../../../test/gateway';
import { gqlUpload } from '../../../test/factories';
import { gql } from '../../../test/graphql';
import { member, zerosMember, zip } from '../../../test/zip';
import { POLIRIS_FIELD_COUNT } from './poliris-fields';
import { polirisZip, saleLine } from './poliris-writer';

let gw: TestGateway;
let geocoder: TestGeocoder;
beforeAll(async () => {
  // Only « 5 rue Introuvable » is unknown to the geocoder.
  geocoder = await startTestGeocoder((q) =>
    q.includes('Introuvable') ? [] : [banFeature(q, 'Bordeaux', '33000', -0.5792, 44.8378, 0.9)],
  );
  gw = await startGateway({ GEOCODER_URL: geocoder.url }, { startOutbox: false });
});
afterAll(async () => {
  await gw.close();
  await geocoder.close();
});

describe('agency feed: bad input', () => {
  it('should refuse the upload itself: signed out 401, not an agency 403, not a ZIP 400, no file 400, a second import 409', async () => {
    const zipped = polirisZip([saleLine('Z-1')]);
    expect((await uploadFeed(gw.agent(), zipped)).status).toBe(401);
    const person = await signedInUser(gw);
    const notAgency = await uploadFeed(person.agent, zipped);
    expect(notAgency.status).toBe(403);
    expect(notAgency.body.message).toBe(FEED_MSG.notAgency);
    const { agent } = await agencyUser(gw);
    const text = await agent.post('/api/feeds/imports').attach('feed', Buffer.from('pas un zip'), 'flux.zip');
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(FEED_MSG.notZip);
    expect((await agent.post('/api/feeds/imports').send({})).status).toBe(400);
    const first = await uploadFeed(agent, zipped);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ id: expect.any(Number), status: 'pending' });
    const second = await uploadFeed(agent, zipped);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(FEED_MSG.importRunning);
    // Another account never reads it.
    expect((await person.agent.get(`/api/feeds/imports/${first.body.id}`)).status).toBe(404);
    await gw.outbox.drain();
    expect((await agent.get(`/api/feeds/imports/${first.body.id}`)).body.status).toBe('done');
  });

  it('should fail an archive that escapes its folder, a ZIP bomb and an archive without Annonces.csv, in French', async () => {
    const { agent } = await agencyUser(gw);
    const escape = zip([member('Annonces.csv', 'x'), member('../../etc/passwd', 'x')]);
    const escaped = await importFeed(gw, agent, escape);
    expect(escaped).toMatchObject({ status: 'failed', statusLabel: 'échoué' });
    expect(escaped.error).toBe(
      feedText(FEED_MSG.importFailed, { reason: feedText(FEED_MSG.pathEscape, { name: '../../etc/passwd' }) }),
    );
    const bomb = await importFeed(gw, agent, zip([await zerosMember('Annonces.csv', 200)]));
    expect(bomb.error).toBe(feedText(FEED_MSG.importFailed, { reason: FEED_MSG.zipBomb }));
    const noCsv = await importFeed(gw, agent, zip([member('photo.jpg', 'x')]));
    expect(noCsv.error).toBe(feedText(FEED_MSG.importFailed, { reason: FEED_MSG.noCsv }));
    const utf16 = await importFeed(gw, agent, zip([member('Annonces.csv', Buffer.from('"a"!#"b"', 'utf16le'))]));
    expect(utf16.error).toBe(feedText(FEED_MSG.importFailed, { reason: FEED_MSG.badEncoding }));
  });

  it('should report each bad line in French and import the others: too few fields, non-numeric price, duplicate reference, unknown type, no place, a photo that is not an image', async () => {
    const { agent, user } = await agencyUser(gw);
    const photos = { 'ok.jpg': await photoJpeg(7), 'faux.jpg': Buffer.from('ceci est du texte') };
    const good = { photos: ['ok.jpg'] };
    const report = await importFeed(
      gw,
      agent,
      polirisZip(
        [
          saleLine('G-1', { ...good, fieldCount: 200 }),
          saleLine('G-2', { ...good, price: 'cent mille' }),
          saleLine('G-3', { ...good, photos: ['faux.jpg', 'ok.jpg'], fieldCount: POLIRIS_FIELD_COUNT + 5 }),
          saleLine('G-3', good),
          saleLine('G-4', { ...good, propertyType: 'Parking' }),
          saleLine('G-5', { ...good, latitude: '', longitude: '', address: '5 rue Introuvable' }),
          // Without coordinates, placed by the geocoder.
          saleLine('G-6', {
            ...good,
            latitude: '',
            longitude: '',
            address: "8 cours de l'Intendance",
            city: 'Bordeaux',
          }),
        ],
        photos,
      ),
    );
    expect(report.counts).toMatchObject({ created: 2, refused: 5 });
    expect(report.report).toEqual([
      { line: 1, reference: 'G-1', field: null, message: feedText(FEED_MSG.tooFewFields, { count: 200, min: 328 }) },
      {
        line: 2,
        reference: 'G-2',
        field: 'price (11)',
        message: feedText(FEED_MSG.notNumeric, { value: 'cent mille' }),
      },
      { line: 3, reference: 'G-3', field: 'photos', message: feedText(FEED_MSG.photoNotImage, { name: 'faux.jpg' }) },
      {
        line: 4,
        reference: 'G-3',
        field: 'reference (2)',
        message: feedText(FEED_MSG.duplicateReference, { reference: 'G-3', line: 3 }),
      },
      {
        line: 5,
        reference: 'G-4',
        field: 'propertyType (4)',
        message: feedText(FEED_MSG.typeUnknown, { value: 'Parking' }),
      },
      { line: 6, reference: 'G-5', field: 'latitude (298)', message: FEED_MSG.placeUnknown },
    ]);
    const [placed] = await gw.db.query(
      `SELECT latitude::float8 AS lat, longitude::float8 AS lng FROM properties WHERE owner_id = $1 AND agency_reference = 'G-6'`,
      [user.id],
    );
    expect(placed).toEqual({ lat: 44.8378, lng: -0.5792 });
    // The report as CSV.
    const csv = await agent.get(`/api/feeds/imports/${report.id}`).query({ format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe('\uFEFFLigne;Référence;Champ;Motif');
    expect(csv.text).toContain(`2;G-2;price (11);${feedText(FEED_MSG.notNumeric, { value: 'cent mille' })}`);
  });

  it('should let an access token with the feeds scope push a feed, and refuse one without it', async () => {
    const { agent } = await agencyUser(gw);
    const { token } = await createAccessToken(agent, ['feeds']);
    const { token: other } = await createAccessToken(agent, ['listings:read']);
    const zipped = polirisZip([saleLine('T-1', { photos: ['t.jpg'] })], { 't.jpg': await photoJpeg(9) });
    const refused = await restWithToken(gw, other, 'post', '/feeds/imports').attach('feed', zipped, 'flux.zip');
    expect(refused.status).toBe(403);
    const pushed = await restWithToken(gw, token, 'post', '/feeds/imports').attach('feed', zipped, 'flux.zip');
    expect(pushed.status).toBe(202);
    await gw.outbox.drain();
    const read = await restWithToken(gw, token, 'get', `/feeds/imports/${pushed.body.id}`);
    expect(read.body).toMatchObject({ status: 'done', counts: { created: 1 } });
  });

  it('should import through the GraphQL mutation and read the import and its report back', async () => {
    const { agent } = await agencyUser(gw);
    const zipped = polirisZip([saleLine('Q-1', { photos: ['q.jpg'], price: 'abc' })], { 'q.jpg': await photoJpeg(10) });
    const res = await gqlUpload(
      agent,
      'mutation ($feed: Upload!) { importFeed(feed: $feed) { id status } }',
      { feed: null },
      {
        feed: { data: zipped, filename: 'flux.zip' },
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.importFeed.status).toBe('pending');
    await gw.outbox.drain();
    const read = await gql(
      agent,
      `query ($id: ID!) { feedImport(id: $id) { status statusLabel refused report { line reference field message } } }`,
      { id: res.data.importFeed.id },
    );
    expect(read.data!.feedImport).toEqual({
      status: 'done',
      statusLabel: 'terminé',
      refused: 1,
      report: [
        { line: 1, reference: 'Q-1', field: 'price (11)', message: feedText(FEED_MSG.notNumeric, { value: 'abc' }) },
      ],
    });
  });
});
