import { MSG } from '@flaneur/schema';
import { sign } from 'cookie-signature';
import { createAccessToken, restWithToken } from '../../../test/access-tokens';
import { captureLogger } from '../../../test/capture-logger';
import { signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { JSON_BODY_LIMITS } from '../../http/json-body';
import { Property } from '../properties/property.entity';
import { User } from '../users/user.entity';

/*
 * The position report of a signed-in session is served by a lean route before the /api stack (http/lean-route.ts):
 * these tests hold what it does differently — its own reading of the session cookie, its log, its body parsing
 * and errors outside the /api stack — to the answers of the full stack. The REST contract itself is
 * discovery.test.ts's, discovery.batch.test.ts's and the others', unchanged.
 */
const log = captureLogger('info');
const gw = useGateway({ logger: log.logger });
const SECRET = 'test-secret-test-secret-test-secret-42';

/** A random spot of the South Atlantic no other test file uses. */
const spot = () => ({ latitude: -40 + Math.random() * 5, longitude: -25 + Math.random() * 5 });

async function listingAt(at: { latitude: number; longitude: number }): Promise<number> {
  const [row]: { id: number }[] = await gw.db.query(
    `INSERT INTO properties (title, description, price, size, rooms, bedrooms, bathrooms, address, city, postal_code,
       latitude, longitude, is_rental, images, owner_name, owner_email, owner_phone, features, dpe_rating, charges,
       co_ownership, verified_on_site_at)
     VALUES ('Annonce', 'Calme', 950, 31.5, 2, 1, 1, '3 rue du Test', 'Paris', '75011', $1, $2, true,
       '{/uploads/listings/x.webp}', 'Agence', 'agence@example.fr', '0600000000', '{balcony}', 'C', 45.5,
       '{"lots": 12}', now())
     RETURNING id`,
    [at.latitude.toFixed(7), at.longitude.toFixed(7)],
  );
  return row.id;
}

/** A session row written as express-session writes it, and its signed cookie. */
async function storedSession(userId: number, expiresInMs: number): Promise<string> {
  const sid = `lean-${Math.random().toString(36).slice(2)}`;
  const expires = new Date(Date.now() + expiresInMs).toISOString();
  await gw.db.query(
    `INSERT INTO session (sid, sess, expire) VALUES ($1, json_build_object('cookie', json_build_object('originalMaxAge',
       2592000000, 'expires', $2::text, 'httpOnly', true, 'path', '/', 'sameSite', 'lax'), 'userId', $3::int), $2::timestamptz)`,
    [sid, expires, userId],
  );
  return `flaneur.sid=${encodeURIComponent('s:' + sign(sid, SECRET))}`;
}

const withCookie = (cookie: string) => gw.agent().post('/api/user-locations').set('Cookie', cookie);

describe('the lean position report', () => {
  it('should answer the discovered listings exactly as the listing entity serialises them', async () => {
    const at = spot();
    const id = await listingAt(at);
    const { agent } = await signedInUser(gw);
    const res = await agent.post('/api/user-locations').send({ ...at, accuracy: 5 });
    expect(res.status).toBe(201);
    const entity = await gw.db.getRepository(Property).findOneByOrFail({ id });
    expect(res.body.newDiscoveries).toEqual([JSON.parse(JSON.stringify(entity))]);
    expect(Object.keys(res.body.newDiscoveries[0])).toEqual(Object.keys(JSON.parse(JSON.stringify(entity))));
    expect(res.body.newDiscoveries[0]).toMatchObject({ price: '950.00', charges: '45.50', rentControlled: true });
    expect(res.body.newDiscoveries[0]).not.toHaveProperty('ownerSuspended');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('should log a served report at debug only and a refused one at warn, with its path and status', async () => {
    const { agent } = await signedInUser(gw);
    log.clear();
    expect((await agent.post('/api/user-locations').send({ ...spot(), accuracy: 900 })).status).toBe(201);
    // The full stack's request log would have written an info line for this 201.
    expect(log.text()).not.toContain('/api/user-locations');
    const bad = await agent.post('/api/user-locations').send({ latitude: 91, longitude: 0 });
    expect([bad.status, bad.body.message]).toEqual([400, 'La latitude doit être comprise entre -90 et 90']);
    const line = JSON.parse(log.text().trim().split('\n').pop()!);
    expect(line).toMatchObject({
      level: 40,
      req: { method: 'POST', path: '/api/user-locations' },
      res: { status: 400 },
    });
    expect(log.text()).not.toContain('latitude');
  });

  it('should refuse an expired, forged or unknown session cookie with 401, and serve a live one', async () => {
    const { user } = await signedInUser(gw);
    const live = await storedSession(user.id, 60_000);
    expect((await withCookie(live).send({ ...spot(), accuracy: 900 })).status).toBe(201);
    const expired = await storedSession(user.id, -60_000);
    const refused = await withCookie(expired).send({ ...spot(), accuracy: 900 });
    expect([refused.status, refused.body.message]).toEqual([401, MSG.unauthenticated]);
    const forged = `flaneur.sid=${encodeURIComponent('s:' + sign('lean-forged', 'another-secret'))}`;
    expect((await withCookie(forged).send({ ...spot(), accuracy: 900 })).status).toBe(401);
    expect((await withCookie('flaneur.sid=lean-unsigned').send({ ...spot(), accuracy: 900 })).status).toBe(401);
  });

  it('should refuse the session of a deleted account with 401', async () => {
    const { agent, user } = await signedInUser(gw);
    expect((await agent.post('/api/user-locations').send({ ...spot(), accuracy: 900 })).status).toBe(201);
    // As the account's deletion writes it (through TypeORM: the cached viewers are bumped).
    await gw.db.getRepository(User).update({ id: user.id }, { deletedAt: new Date() });
    const res = await agent.post('/api/user-locations').send({ ...spot(), accuracy: 900 });
    expect([res.status, res.body.message]).toEqual([401, MSG.unauthenticated]);
  });

  it('should take the identity of a Bearer token with its scope, even beside a session cookie', async () => {
    const { agent } = await signedInUser(gw);
    const reader = await createAccessToken(agent, ['discoveries:read']);
    const writer = await createAccessToken(agent, ['discoveries:write']);
    const body = { ...spot(), accuracy: 900 };
    const refused = await restWithToken(gw, reader.token, 'post', '/user-locations', body);
    expect([refused.status, refused.body.message]).toEqual([
      403,
      MSG.accessTokenMissingScope.replace('{scope}', 'discoveries:write'),
    ]);
    // The cookie is ignored when a token is sent: its session may not lend the token a scope.
    const both = await agent.post('/api/user-locations').set('Authorization', `Bearer ${reader.token}`).send(body);
    expect(both.status).toBe(403);
    const batch = await restWithToken(gw, reader.token, 'post', '/user-locations/batch', { fixes: [] });
    expect(batch.status).toBe(403);
    const ok = await restWithToken(gw, writer.token, 'post', '/user-locations', body);
    expect(ok.status).toBe(201);
    expect(ok.headers['x-ratelimit-remaining']).toBeDefined();
    const bad = await agent.post('/api/user-locations').set('Authorization', 'Bearer flr_unknown').send(body);
    expect([bad.status, bad.body.message]).toEqual([401, MSG.accessTokenInvalid]);
  });

  it('should answer a malformed, deep or oversized body with a French 4xx, never a 500', async () => {
    const { agent } = await signedInUser(gw);
    const raw = (path: string, text: string) =>
      agent.post(path).set('Content-Type', 'application/json').send(text) as unknown as Promise<{
        status: number;
        body: { message: string };
      }>;
    for (const path of ['/api/user-locations', '/api/user-locations/batch']) {
      const cut = await raw(path, '{"latitude": 1, "longitude":');
      expect([cut.status, cut.body.message]).toEqual([400, MSG.invalidInput]);
      const deep = await raw(
        path,
        '['.repeat(JSON_BODY_LIMITS.maxDepth + 1) + ']'.repeat(JSON_BODY_LIMITS.maxDepth + 1),
      );
      expect([deep.status, deep.body.message]).toEqual([400, MSG.jsonTooDeep]);
      const nul = await raw(path, '{"latitude": 1, "longitude": 1, "clientId": "a\\u0000b"}');
      expect([nul.status, nul.body.message]).toEqual([400, MSG.invalidInput]);
    }
    const big = await raw(
      '/api/user-locations',
      JSON.stringify({ latitude: 1, longitude: 1, pad: 'x'.repeat(110_000) }),
    );
    expect([big.status, big.body.message]).toEqual([413, MSG.payloadTooLarge]);
    const notJson = await agent.post('/api/user-locations').set('Content-Type', 'text/plain').send('latitude=1');
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toEqual(expect.any(String));
    const list = await agent.post('/api/user-locations').send([1, 2]);
    expect(list.status).toBe(400);
  });

  it('should compress a large answer for a client that accepts it', async () => {
    const at = spot();
    for (let i = 0; i < 5; i += 1) await listingAt({ latitude: at.latitude + i * 1e-4, longitude: at.longitude });
    const { agent } = await signedInUser(gw);
    const res = await agent
      .post('/api/user-locations')
      .set('Accept-Encoding', 'gzip')
      .send({ ...at, accuracy: 5 });
    expect(res.status).toBe(201);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.newDiscoveries).toHaveLength(5);
  });
});
