import { signedInUser } from '../../../test/factories';
import { startGateway, TestGateway } from '../../../test/gateway';

/** A random spot of the Indian Ocean no other test file uses: the walker's radius holds only this test's listings. */
const lonelySpot = () => ({ lat: -30 + Math.random() * 10, lng: 60 + Math.random() * 30 });

// Runs when TEST_REDIS_URL is set (CI always sets it; jest.config.js leaves this file out otherwise).
const REDIS_URL = process.env.TEST_REDIS_URL!;

/*
 * Two instances on one PostgreSQL and one Redis: what one instance serves from memory (session, user, criteria) is
 * stale as soon as the other has answered a change.
 */
let a: TestGateway;
let b: TestGateway;
beforeAll(async () => {
  a = await startGateway({ REDIS_URL });
  b = await startGateway({ REDIS_URL });
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String((res.headers['set-cookie'] as string[])[0]).split(';')[0];
const reportOn = (gw: TestGateway, cookie: string, at: { lat: number; lng: number }) =>
  gw.agent().post('/api/user-locations').set('Cookie', cookie).send({ latitude: at.lat, longitude: at.lng });

describe('position reports on another instance after a change', () => {
  it('should match with the new criteria on the other instance from its very next report', async () => {
    const at = lonelySpot();
    const rows: { id: number; is_rental: boolean }[] = await a.db.query(
      `INSERT INTO properties (title, description, price, size, rooms, bedrooms, bathrooms, address, city, postal_code,
         latitude, longitude, is_rental, images, owner_name, owner_email, owner_phone)
       SELECT 'Annonce', 'Calme', 900, 30, 2, 1, 1, '1 rue du Test', 'Toulouse', '31000', $1, $2, r,
         '{/uploads/listings/x.webp}', 'Agence', 'agence@example.fr', '0600000000'
       FROM unnest(ARRAY[true, false]) r RETURNING id, is_rental`,
      [at.lat, at.lng],
    );
    const sale = rows.find((r) => !r.is_rental)!.id;
    const { user, password } = await signedInUser(a);
    const cookie = cookieOf(await a.agent().post('/api/login').send({ username: user.username, password }));
    const save = (filters: object) =>
      a.agent().post('/api/user/preferences').set('Cookie', cookie).send({ searchFilters: filters });
    expect((await save({ propertyStatus: 'rent', radius: 1 })).status).toBe(200);
    // b loads the session, the user and the criteria, then serves them from memory.
    expect((await reportOn(b, cookie, at)).body.newDiscoveries).toHaveLength(1);
    await b.db.query(`UPDATE discovery_state SET last_pass_at = now() - interval '1 hour' WHERE user_id = $1`, [
      user.id,
    ]);
    expect((await reportOn(b, cookie, at)).body.newDiscoveries).toEqual([]);

    expect((await save({ propertyStatus: 'sale', radius: 1 })).status).toBe(200);
    await b.db.query(`UPDATE discovery_state SET last_pass_at = now() - interval '1 hour' WHERE user_id = $1`, [
      user.id,
    ]);
    const after = await reportOn(b, cookie, at);
    expect(after.status).toBe(201);
    expect(after.body.newDiscoveries.map((p: { id: number }) => p.id)).toEqual([sale]);
  });

  it('should answer 401 on the other instance from the very next report when the session signed out', async () => {
    const at = lonelySpot();
    const { user, password } = await signedInUser(a);
    const cookie = cookieOf(await a.agent().post('/api/login').send({ username: user.username, password }));
    expect((await reportOn(b, cookie, at)).status).toBe(201);
    expect((await reportOn(b, cookie, at)).status).toBe(201);
    expect((await a.agent().post('/api/logout').set('Cookie', cookie)).status).toBeLessThan(300);
    expect((await reportOn(b, cookie, at)).status).toBe(401);
  });
});
