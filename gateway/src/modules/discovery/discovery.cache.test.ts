import request from 'supertest';
import { signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { Property } from '../properties/property.entity';

/** A random spot of the Indian Ocean no other test file uses: the walker's radius holds only this test's listings. */
const lonelySpot = () => ({ lat: -30 + Math.random() * 10, lng: 60 + Math.random() * 30 });

/*
 * A position report serves the session, its user and the saved criteria from memory for a few seconds: these tests
 * prove a change is seen by the very next report (no waiting for the cache to expire), and that the listings the
 * report answers are the stored ones.
 */
const gw = useGateway();

/** Two listings at one spot (a rental and a sale), unique to each test by their position. */
async function twoListings(lat: number, lng: number): Promise<{ rental: number; sale: number }> {
  const rows: { id: number; is_rental: boolean }[] = await gw.db.query(
    `INSERT INTO properties (title, description, price, size, rooms, bedrooms, bathrooms, address, city, postal_code,
       latitude, longitude, is_rental, images, owner_name, owner_email, owner_phone, features, dpe_rating)
     SELECT 'Annonce', 'Calme', CASE WHEN r THEN 950 ELSE 420000 END, 31.5, 2, 1, 1, '3 rue du Test', 'Paris', '75011',
       $1, $2, r, '{/uploads/listings/x.webp}', 'Agence', 'agence@example.fr', '0600000000', '{balcony}', 'C'
     FROM unnest(ARRAY[true, false]) r
     RETURNING id, is_rental`,
    [lat.toFixed(7), lng.toFixed(7)],
  );
  return { rental: rows.find((r) => r.is_rental)!.id, sale: rows.find((r) => !r.is_rental)!.id };
}

const report = (agent: request.Agent, at: { lat: number; lng: number }) =>
  agent.post('/api/user-locations').send({ latitude: at.lat, longitude: at.lng, accuracy: 5 });
/** Opens the 5 s gate again, so the next report takes its pass (the gate is not what these tests are about). */
const reopenGate = (userId: number) =>
  gw.db.query(`UPDATE discovery_state SET last_pass_at = now() - interval '1 hour' WHERE user_id = $1`, [userId]);
const ids = (res: { body: { newDiscoveries: { id: number }[] } }) => res.body.newDiscoveries.map((p) => p.id);
const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String((res.headers['set-cookie'] as string[])[0]).split(';')[0];
const withCookie = (cookie: string, at: { lat: number; lng: number }) =>
  gw.agent().post('/api/user-locations').set('Cookie', cookie).send({ latitude: at.lat, longitude: at.lng });

describe('a position report after a change of criteria or session', () => {
  it('should match with the new criteria from the very next report when the criteria change', async () => {
    const at = lonelySpot();
    const { rental, sale } = await twoListings(at.lat, at.lng);
    const { agent, user } = await signedInUser(gw);
    await agent.post('/api/user/preferences').send({ searchFilters: { propertyStatus: 'rent', radius: 1 } });
    const first = await report(agent, at);
    expect(first.status).toBe(201);
    expect(ids(first)).toEqual([rental]);
    // Served from memory now: the next reports read neither the session, the user nor the criteria.
    await reopenGate(user.id);
    expect(ids(await report(agent, at))).toEqual([]);

    const saved = await agent
      .post('/api/user/preferences')
      .send({ searchFilters: { propertyStatus: 'sale', radius: 1 } });
    expect(saved.status).toBe(200);
    await reopenGate(user.id);
    const after = await report(agent, at);
    expect(after.status).toBe(201);
    expect(ids(after)).toEqual([sale]);
  });

  it('should answer 401 to the next report when its session signed out', async () => {
    const at = lonelySpot();
    const { user, password } = await signedInUser(gw);
    const cookie = cookieOf(await gw.agent().post('/api/login').send({ username: user.username, password }));
    // Loaded, then served from memory, then signed out.
    expect((await withCookie(cookie, at)).status).toBe(201);
    expect((await withCookie(cookie, at)).status).toBe(201);
    expect((await gw.agent().post('/api/logout').set('Cookie', cookie)).status).toBeLessThan(300);
    expect((await withCookie(cookie, at)).status).toBe(401);
  });

  it('should answer 401 to a report of another session once the password changed (its sessions ended)', async () => {
    const at = lonelySpot();
    const { agent, user, password } = await signedInUser(gw);
    const second = await gw.agent().post('/api/login').send({ username: user.username, password });
    expect(second.status).toBe(200);
    const cookie = cookieOf(second);
    expect((await withCookie(cookie, at)).status).toBe(201);
    expect((await withCookie(cookie, at)).status).toBe(201);
    const changed = await agent
      .post('/api/change-password')
      .send({ currentPassword: password, newPassword: 'Un-nouveau-mot-de-passe-42' });
    expect(changed.status).toBe(200);
    const res = await withCookie(cookie, at);
    expect(res.status).toBe(401);
  });

  it('should answer 401 to the next report once the account is deleted', async () => {
    const at = lonelySpot();
    const { user, password } = await signedInUser(gw);
    const login = await gw.agent().post('/api/login').send({ username: user.username, password });
    const cookie = cookieOf(login);
    expect((await withCookie(cookie, at)).status).toBe(201);
    expect((await withCookie(cookie, at)).status).toBe(201);
    const other = await gw.agent().post('/api/login').send({ username: user.username, password });
    const deleted = await gw.agent().delete('/api/users/me').set('Cookie', cookieOf(other)).send({ password });
    expect(deleted.status).toBe(200);
    expect((await withCookie(cookie, at)).status).toBe(401);
  });

  it('should answer the discovered listings exactly as stored (every column, in the REST shape)', async () => {
    const at = lonelySpot();
    const { rental, sale } = await twoListings(at.lat, at.lng);
    const { agent } = await signedInUser(gw);
    const res = await report(agent, at);
    expect(res.status).toBe(201);
    const stored = await gw.db.getRepository(Property).findBy([{ id: rental }, { id: sale }]);
    const expected = [rental, sale].sort((a, b) => a - b).map((id) => stored.find((p) => p.id === id));
    expect(res.body.newDiscoveries).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(Object.keys(res.body.newDiscoveries[0])).toEqual(Object.keys(JSON.parse(JSON.stringify(expected[0]))));
  });
});
