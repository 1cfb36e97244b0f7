import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG } from '@flaneur/schema';
import { loadConfig } from '../../config';
import { signedInUser } from '../../../test/factories';
import { startGateway, TestGateway } from '../../../test/gateway';
import { banFeature, startTestGeocoder, TestGeocoder } from '../../../test/geocoder';
import { gql } from '../../../test/graphql';

const GEOCODE = `query Geocode($query: String!) {
  geocode(query: $query) { label city postcode latitude longitude score }
}`;

let geocoder: TestGeocoder;
let gw: TestGateway;
let address = 0;
/** Each test asks from its own address: the per-address budget of one does not touch another. */
const from = () => `203.0.113.${(address += 1)}`;
/** A query no other test (or earlier run on the same gateway) has asked, so the cache cannot answer it. */
let n = 0;
const fresh = (text = 'boulevard du port') => `${(n += 1)} ${text} ${Date.now().toString(36)}`;

beforeAll(async () => {
  geocoder = await startTestGeocoder();
  gw = await startGateway({ GEOCODER_URL: `${geocoder.url}/`, TRUST_PROXY: '1' });
});
afterAll(async () => {
  await gw?.close();
  await geocoder?.close();
});
beforeEach(() => geocoder.mode('ok'));

const amiens = {
  label: '8 Boulevard du Port 80000 Amiens',
  city: 'Amiens',
  postcode: '80000',
  latitude: 49.897443,
  longitude: 2.290084,
  score: 0.91,
};

describe('geocode (GraphQL)', () => {
  it('should map the address base answer, best first, latitude and longitude from [lon, lat], without sign-in', async () => {
    const query = fresh();
    const res = await gql(gw.agent().set('X-Forwarded-For', from()), GEOCODE, { query });

    expect(res.errors).toBeUndefined();
    expect(res.data!.geocode).toEqual([
      amiens,
      {
        label: '8 Boulevard du Port 44380 Pornichet',
        city: 'Pornichet',
        postcode: '44380',
        latitude: 47.26329,
        longitude: -2.30833,
        score: 0.52,
      },
    ]);
    const asked = geocoder.queries().at(-1)!;
    expect(asked.get('q')).toBe(query);
    expect(asked.get('limit')).toBe('5');
  });

  it('should answer at most 5 addresses and an empty list when nothing matches', async () => {
    const many = await startTestGeocoder((q) =>
      q.startsWith('rien')
        ? []
        : Array.from({ length: 8 }, (_, i) =>
            banFeature(`${i} rue Test 69001 Lyon`, 'Lyon', '69001', 4.83, 45.76, 0.5),
          ),
    );
    const other = await startGateway({ GEOCODER_URL: many.url });
    try {
      const res = await gql(other.agent(), GEOCODE, { query: 'rue Test Lyon' });
      expect(res.data!.geocode).toHaveLength(5);
      const none = await gql(other.agent(), GEOCODE, { query: 'rien du tout' });
      expect(none.errors).toBeUndefined();
      expect(none.data!.geocode).toEqual([]);
    } finally {
      await other.close();
      await many.close();
    }
  });

  it('should call the geocoder once for the same query asked again (case and spaces aside), from anyone', async () => {
    const query = fresh('rue de la Paix');
    const before = geocoder.queries().length;
    const { agent } = await signedInUser(gw);

    const first = await gql(agent, GEOCODE, { query });
    const again = await gql(gw.agent().set('X-Forwarded-For', from()), GEOCODE, {
      query: `  ${query.toUpperCase().replace(/ /g, '   ')} `,
    });
    const rest = await gw.agent().set('X-Forwarded-For', from()).get('/api/geocode').query({ q: query });

    expect(first.data!.geocode[0]).toEqual(amiens);
    expect(again.data!.geocode).toEqual(first.data!.geocode);
    expect(rest.body).toEqual(first.data!.geocode);
    expect(geocoder.queries().length - before).toBe(1);
  });

  it('should answer SERVICE_UNAVAILABLE in French when the geocoder fails, and not cache the failure', async () => {
    const query = fresh();
    geocoder.mode('error');
    const failed = await gql(gw.agent().set('X-Forwarded-For', from()), GEOCODE, { query });

    expect(failed.status).toBe(200);
    expect(failed.data).toBeNull();
    expect(failed.errors).toEqual([
      expect.objectContaining({ message: MSG.geocoderUnavailable, extensions: { code: 'SERVICE_UNAVAILABLE' } }),
    ]);
    expect(MSG.geocoderUnavailable).toBe("Le service d'adresses est injoignable : placez le bien sur la carte.");

    geocoder.mode('ok');
    const recovered = await gql(gw.agent().set('X-Forwarded-For', from()), GEOCODE, { query });
    expect(recovered.data!.geocode[0]).toEqual(amiens);
  });

  it('should refuse a query under 3 or over 200 characters in French without calling the geocoder', async () => {
    const before = geocoder.queries().length;
    const short = await gql(gw.agent().set('X-Forwarded-For', from()), GEOCODE, { query: '  a ' });
    const long = await gql(gw.agent().set('X-Forwarded-For', from()), GEOCODE, { query: 'x'.repeat(201) });

    expect(short.errors![0]).toMatchObject({
      message: MSG.geocodeQueryTooShort,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(long.errors![0]).toMatchObject({ message: MSG.geocodeQueryTooLong, extensions: { code: 'BAD_USER_INPUT' } });
    expect(geocoder.queries().length).toBe(before);
  });
});

describe('GET /api/geocode', () => {
  it('should answer the addresses as JSON', async () => {
    const res = await gw.agent().set('X-Forwarded-For', from()).get('/api/geocode').query({ q: fresh() });

    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual(amiens);
    expect(res.body).toHaveLength(2);
  });

  it('should answer 503 with the French message when the geocoder answers an error, a page or nothing', async () => {
    for (const mode of ['error', 'garbage', 'silent'] as const) {
      geocoder.mode(mode);
      const started = Date.now();
      const res = await gw.agent().set('X-Forwarded-For', from()).get('/api/geocode').query({ q: fresh() });
      expect({ mode, status: res.status, body: res.body }).toEqual({
        mode,
        status: 503,
        body: { message: MSG.geocoderUnavailable },
      });
      expect(Date.now() - started).toBeLessThan(6000);
    }
  });

  it('should answer 503, never 500, when nothing listens at GEOCODER_URL', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const other = await startGateway({ GEOCODER_URL: `http://127.0.0.1:${port}/geocodage` });
    try {
      const res = await other.agent().get('/api/geocode').query({ q: '8 bd du port' });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: MSG.geocoderUnavailable });
      const viaGraphql = await gql(other.agent(), GEOCODE, { query: '8 bd du port' });
      expect(viaGraphql.errors![0].extensions!.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await other.close();
    }
  });

  it('should answer 400 in French for a missing or too short q', async () => {
    const missing = await gw.agent().set('X-Forwarded-For', from()).get('/api/geocode');
    const short = await gw.agent().set('X-Forwarded-For', from()).get('/api/geocode').query({ q: 'ab' });
    const repeated = await gw.agent().set('X-Forwarded-For', from()).get('/api/geocode?q=abc&q=def');

    for (const res of [missing, short, repeated]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.geocodeQueryTooShort);
    }
  });

  it('should throttle an address past 60 look-ups a minute (cached answers count) with 429', async () => {
    const ip = from();
    const q = fresh();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1)
      statuses.push((await gw.agent().set('X-Forwarded-For', ip).get('/api/geocode').query({ q })).status);

    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another address keeps its own budget.
    expect((await gw.agent().set('X-Forwarded-For', from()).get('/api/geocode').query({ q })).status).toBe(200);
  });

  it('should leave the CSP connect-src without the geocoder: the gateway calls it, not the browser', async () => {
    const res = await gw.agent().get('/api/geocode').query({ q: fresh() });
    const connect = /connect-src ([^;]*)/.exec(res.headers['content-security-policy'])![1];

    expect(connect).not.toContain('127.0.0.1');
    expect(connect).not.toContain('geopf');
  });
});

describe('GEOCODER_URL (config)', () => {
  it("should default to the Géoplateforme's public address base geocoder, without a trailing slash", () => {
    expect(loadConfig({ NODE_ENV: 'test' }).geocoderUrl).toBe('https://data.geopf.fr/geocodage');
    expect(loadConfig({ NODE_ENV: 'test', GEOCODER_URL: 'http://127.0.0.1:7000/geo//' }).geocoderUrl).toBe(
      'http://127.0.0.1:7000/geo',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', GEOCODER_URL: 'ftp://example.org/geo' })).toThrow(/GEOCODER_URL/);
  });
});
