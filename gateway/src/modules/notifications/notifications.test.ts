import { MSG } from '@flaneur/schema';
import { createProperty, insertProperties, insertUsers, signedInUser } from '../../../test/factories';
import { startGateway, TEST_VAPID, unique, useGateway, type TestGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { startPushService, type FakeDevice, type PushService } from '../../../test/push-service';
import { quietHoursAround } from '../../../test/quiet-hours';

/*
 * Passing alerts through the public surface: a device subscribes (REST or GraphQL), a discovery.alert job is queued
 * as discovery does in its transaction, the local push service receives, decrypts and records the push.
 */

let push: PushService;
beforeAll(async () => {
  push = await startPushService();
});
afterAll(() => push.close());

/** Worker stopped: each test runs the queue with drain(), so that "nothing was sent" is a fact, not a timeout. */
const gw = useGateway({ startOutbox: false });

const SETTINGS = `{ passingAlerts messageAlerts quietHours { start end } maxPerDay minIntervalMinutes }`;
const UPDATE = `mutation ($i: NotificationSettingsInput!) { updateNotificationSettings(input: $i) ${SETTINGS} }`;

async function walker(g: TestGateway = gw, settings: Record<string, unknown> = { quietHours: null }) {
  const { agent, user } = await signedInUser(g);
  const device = push.device();
  const res = await agent.post('/api/push/subscriptions').send(device.subscription);
  expect(res.status).toBe(201);
  if (settings) expect((await agent.patch('/api/notification-settings').send(settings)).status).toBe(200);
  return { agent, user, device };
}

async function listing(overrides: Record<string, unknown> = {}) {
  const owner = await signedInUser(gw);
  return createProperty(owner.agent, { title: 'Loft Canal Saint-Martin', price: 1250, isRental: true, ...overrides });
}

const alert = (userId: number, items: { propertyId: number; distanceM: number }[], fixAt = new Date()) =>
  gw.outbox.add('discovery.alert', { userId, fixAt: fixAt.toISOString(), items });

describe('subscriptions', () => {
  it('should serve the VAPID public key without a session', async () => {
    const res = await gw.agent().get('/api/push/public-key');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publicKey: TEST_VAPID.VAPID_PUBLIC_KEY });
    expect((await gql(gw.agent(), '{ pushPublicKey }')).data).toEqual({ pushPublicKey: TEST_VAPID.VAPID_PUBLIC_KEY });
  });

  it('should answer 201 then 200 for the same endpoint, moving it to the user who subscribes last', async () => {
    const a = await signedInUser(gw);
    const b = await signedInUser(gw);
    const device = push.device();
    const first = await a.agent.post('/api/push/subscriptions').send(device.subscription);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String) });
    const again = await b.agent.post('/api/push/subscriptions').send(device.subscription);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const rows = await gw.db.query(`SELECT user_id FROM push_subscriptions WHERE endpoint = $1`, [device.endpoint]);
    expect(rows).toEqual([{ user_id: b.user.id }]);
    // A's delete does not touch B's device.
    expect((await a.agent.delete('/api/push/subscriptions').send({ endpoint: device.endpoint })).body).toEqual({
      removed: false,
    });
    expect((await b.agent.delete('/api/push/subscriptions').send({ endpoint: device.endpoint })).body).toEqual({
      removed: true,
    });
  });

  it('should subscribe and unsubscribe over GraphQL', async () => {
    const { agent } = await signedInUser(gw);
    const device = push.device();
    const sub = await gql(agent, `mutation ($s: PushSubscriptionInput!) { subscribePush(subscription: $s) { id } }`, {
      s: device.subscription,
    });
    expect(sub.errors).toBeUndefined();
    expect(sub.data!.subscribePush.id).toMatch(/^\d+$/);
    const un = await gql(agent, `mutation ($e: String!) { unsubscribePush(endpoint: $e) }`, { e: device.endpoint });
    expect(un.data).toEqual({ unsubscribePush: true });
  });

  it('should keep 10 devices per user, the 11th replacing the oldest', async () => {
    const { agent, user } = await signedInUser(gw);
    const devices = Array.from({ length: 11 }, () => push.device());
    for (const d of devices)
      expect((await agent.post('/api/push/subscriptions').send(d.subscription)).status).toBe(201);
    const rows: { endpoint: string }[] = await gw.db.query(
      `SELECT endpoint FROM push_subscriptions WHERE user_id = $1`,
      [user.id],
    );
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.endpoint)).not.toContain(devices[0].endpoint);
  });

  it('should refuse a signed-out caller and malformed keys, in French', async () => {
    const device = push.device();
    expect((await gw.agent().post('/api/push/subscriptions').send(device.subscription)).status).toBe(401);
    const { agent } = await signedInUser(gw);
    const bad = [
      [{ ...device.subscription, keys: { ...device.subscription.keys, p256dh: 'abc' } }, MSG.pushKeyInvalid],
      // 65 bytes starting 0x04 but not a point of the curve.
      [
        {
          ...device.subscription,
          keys: { ...device.subscription.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') },
        },
        MSG.pushKeyInvalid,
      ],
      [{ ...device.subscription, keys: { ...device.subscription.keys, auth: 'AAAA' } }, MSG.pushAuthInvalid],
      [{ ...device.subscription, endpoint: 42 }, MSG.pushEndpointInvalid],
      [{ ...device.subscription, expirationTime: 'demain' }, MSG.pushExpirationInvalid],
    ] as const;
    for (const [body, message] of bad) {
      const res = await agent.post('/api/push/subscriptions').send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('should refuse endpoints that are not push services (SSRF): link-local, private, file:, other hosts', async () => {
    const { agent } = await signedInUser(gw);
    const keys = push.device().subscription.keys;
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/push',
      'https://10.0.0.1/push',
      'file:///etc/passwd',
      'https://evil.example.fr/push',
      'http://user:pw@127.0.0.1:9/push',
    ]) {
      const res = await agent.post('/api/push/subscriptions').send({ endpoint, expirationTime: null, keys });
      expect({ endpoint, status: res.status, error: res.body.message }).toEqual({
        endpoint,
        status: 400,
        error: MSG.pushEndpointInvalid,
      });
      const g = await gql(agent, `mutation ($s: PushSubscriptionInput!) { subscribePush(subscription: $s) { id } }`, {
        s: { endpoint, keys },
      });
      expect(g.errors?.[0]).toMatchObject({ message: MSG.pushEndpointInvalid, extensions: { code: 'BAD_USER_INPUT' } });
    }
  });
});

describe('settings', () => {
  it('should answer the defaults, then change only the fields given, quietHours: null removing them', async () => {
    const { agent } = await signedInUser(gw);
    expect((await agent.get('/api/notification-settings')).body).toEqual({
      passingAlerts: true,
      messageAlerts: true,
      quietHours: { start: '21:30', end: '08:00' },
      maxPerDay: 15,
      minIntervalMinutes: 2,
    });
    const patched = await agent.patch('/api/notification-settings').send({ maxPerDay: 3 });
    expect(patched.body).toMatchObject({ maxPerDay: 3, minIntervalMinutes: 2, quietHours: { start: '21:30' } });
    const g = await gql(agent, UPDATE, { i: { quietHours: null, passingAlerts: false } });
    expect(g.data!.updateNotificationSettings).toEqual({
      passingAlerts: false,
      messageAlerts: true,
      quietHours: null,
      maxPerDay: 3,
      minIntervalMinutes: 2,
    });
    expect((await gql(agent, `{ notificationSettings ${SETTINGS} }`)).data!.notificationSettings.quietHours).toBeNull();
  });

  it('should refuse bad values with a French message and 400 / BAD_USER_INPUT', async () => {
    const { agent } = await signedInUser(gw);
    const cases: [Record<string, unknown>, string][] = [
      [{ maxPerDay: 0 }, MSG.notificationsMaxPerDayInvalid],
      [{ maxPerDay: 51 }, MSG.notificationsMaxPerDayInvalid],
      [{ maxPerDay: 2.5 }, MSG.notificationsMaxPerDayInvalid],
      [{ minIntervalMinutes: 121 }, MSG.notificationsMinIntervalInvalid],
      [{ minIntervalMinutes: -1 }, MSG.notificationsMinIntervalInvalid],
      [{ quietHours: { start: '25:00', end: '08:00' } }, MSG.quietHoursInvalid],
      [{ quietHours: { start: '8h', end: '08:00' } }, MSG.quietHoursInvalid],
      [{ quietHours: { start: '08:00', end: '08:00' } }, MSG.quietHoursEmpty],
      [{ passingAlerts: 'oui' }, MSG.notificationsToggleInvalid],
      [{ maxPerDay: null }, MSG.notificationsMaxPerDayInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await agent.patch('/api/notification-settings').send(body);
      expect({ body, status: res.status, error: res.body.message }).toEqual({ body, status: 400, error: message });
    }
    const g = await gql(agent, UPDATE, { i: { maxPerDay: 99 } });
    expect(g.errors?.[0]).toMatchObject({
      message: MSG.notificationsMaxPerDayInvalid,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // Nothing was changed by the refused calls.
    expect((await agent.get('/api/notification-settings')).body.maxPerDay).toBe(15);
  });
});

describe('passing alerts', () => {
  it('should send one push per pass that decrypts to the alert, signed with the served VAPID key', async () => {
    const { user, device } = await walker();
    const p = await listing();
    await alert(user.id, [{ propertyId: p.id, distanceM: 42.4 }]);
    await gw.outbox.drain();
    expect(device.received()).toHaveLength(1);
    const [got] = device.received();
    expect(got.data).toEqual({
      type: 'discovery',
      title: 'Vous passez devant un bien',
      body: 'Loft Canal Saint-Martin · 1\u202f250\u00a0€/mois · à 42 m',
      url: `/property/${p.id}`,
      count: 1,
      propertyIds: [p.id],
    });
    expect(got.headers).toMatchObject({
      ttl: '600',
      urgency: 'high',
      topic: 'discovery',
      'content-encoding': 'aes128gcm',
    });
    const publicKey = (await gw.agent().get('/api/push/public-key')).body.publicKey;
    expect(got.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    const [row] = await gw.db.query(`SELECT last_success_at FROM push_subscriptions WHERE endpoint = $1`, [
      device.endpoint,
    ]);
    expect(row.last_success_at).not.toBeNull();
  });

  it('should announce a walk past a matching listing: a position report discovers it, one push decrypts to it', async () => {
    const { agent, user, device } = await walker();
    // A spot of the South Pacific no other test uses: the walker's 2 km radius holds only this listing.
    const at = { latitude: -47 + Math.random() * 3, longitude: -135 + Math.random() * 3 };
    const p = await listing({ ...at, title: 'Maison du Pacifique', price: 900, isRental: true });
    const near = { latitude: at.latitude + 0.0003, longitude: at.longitude };
    const report = await agent.post('/api/user-locations').send({ ...near, accuracy: 10 });
    expect(report.status).toBe(201);
    expect(report.body.newDiscoveries.map((d: { id: number }) => d.id)).toEqual([p.id]);
    // The report answered before anything was sent; the job was written with the discovery.
    expect(device.received()).toEqual([]);
    await gw.outbox.drain();
    expect(device.received().map((r) => r.data)).toEqual([
      {
        type: 'discovery',
        title: 'Vous passez devant un bien',
        body: 'Maison du Pacifique · 900\u00a0€/mois · à 33 m',
        url: `/property/${p.id}`,
        count: 1,
        propertyIds: [p.id],
      },
    ]);
    // A second report on the same spot discovers nothing new: no second push.
    await gw.db.query(`DELETE FROM discovery_state WHERE user_id = $1`, [user.id]);
    await agent.post('/api/user-locations').send({ ...near, accuracy: 10 });
    await gw.outbox.drain();
    expect(device.received()).toHaveLength(1);
  });

  it('should name the nearest listing and count the others when a pass finds several', async () => {
    const { user, device } = await walker();
    const near = await listing({ title: 'Studio Oberkampf', price: 320000, isRental: false });
    const far = await listing();
    const farther = await listing();
    await alert(user.id, [
      { propertyId: near.id, distanceM: 12 },
      { propertyId: far.id, distanceM: 80 },
      { propertyId: farther.id, distanceM: 150 },
    ]);
    await gw.outbox.drain();
    expect(device.received().map((r) => r.data)).toEqual([
      {
        type: 'discovery',
        title: "3 biens pour vous autour d'ici",
        body: 'Studio Oberkampf · 320\u202f000\u00a0€ · à 12 m, et 2 autres',
        url: '/history',
        count: 3,
        propertyIds: [near.id, far.id, farther.id],
      },
    ]);
  });

  it('should send to every device of the user, and nothing (no cap spent) to a user without a device', async () => {
    const { agent, user, device } = await walker(gw, { quietHours: null, maxPerDay: 1 });
    const second = push.device();
    await agent.post('/api/push/subscriptions').send(second.subscription);
    const lonely = await signedInUser(gw);
    const p = await listing();
    await alert(lonely.user.id, [{ propertyId: p.id, distanceM: 5 }]);
    await alert(user.id, [{ propertyId: p.id, distanceM: 5 }]);
    await gw.outbox.drain();
    expect([device.received().length, second.received().length]).toEqual([1, 1]);
    expect(
      await gw.db.query(`SELECT 1 FROM alert_marks WHERE user_id = $1 AND kind = 'passing'`, [lonely.user.id]),
    ).toEqual([]);
  });

  it('should send nothing when passing alerts are off', async () => {
    const { user, device } = await walker(gw, { quietHours: null, passingAlerts: false });
    await alert(user.id, [{ propertyId: (await listing()).id, distanceM: 5 }]);
    await gw.outbox.drain();
    expect(device.received()).toEqual([]);
  });

  it('should send nothing during quiet hours (Europe/Paris), and send again once they no longer cover now', async () => {
    const { covering: quietHours, later } = quietHoursAround();
    const { agent, user, device } = await walker(gw, { quietHours });
    const p = await listing();
    await alert(user.id, [{ propertyId: p.id, distanceM: 5 }]);
    await gw.outbox.drain();
    expect(device.received()).toEqual([]);
    // The same window shifted away from now: the next pass is announced.
    await agent.patch('/api/notification-settings').send({ quietHours: later });
    await alert(user.id, [{ propertyId: p.id, distanceM: 5 }]);
    await gw.outbox.drain();
    expect(device.received()).toHaveLength(1);
  });

  it('should send nothing for a fix older than 10 minutes', async () => {
    const { user, device } = await walker();
    await alert(user.id, [{ propertyId: (await listing()).id, distanceM: 5 }], new Date(Date.now() - 11 * 60_000));
    await gw.outbox.drain();
    expect(device.received()).toEqual([]);
  });

  it("should stop at the day's cap (maxPerDay)", async () => {
    const { user, device } = await walker(gw, { quietHours: null, maxPerDay: 2, minIntervalMinutes: 0 });
    const p = await listing();
    for (let i = 0; i < 4; i++) await alert(user.id, [{ propertyId: p.id, distanceM: 5 }]);
    await gw.outbox.drain();
    expect(device.received()).toHaveLength(2);
  });

  it('should wait minIntervalMinutes between two passing alerts', async () => {
    const { agent, user, device } = await walker(gw, { quietHours: null, minIntervalMinutes: 5 });
    const p = await listing();
    await alert(user.id, [{ propertyId: p.id, distanceM: 5 }]);
    await alert(user.id, [{ propertyId: p.id, distanceM: 5 }]);
    await gw.outbox.drain();
    expect(device.received()).toHaveLength(1);
    // With no interval, the next pass goes out at once.
    await agent.patch('/api/notification-settings').send({ minIntervalMinutes: 0 });
    await alert(user.id, [{ propertyId: p.id, distanceM: 5 }]);
    await gw.outbox.drain();
    expect(device.received()).toHaveLength(2);
  });

  it('should delete a device its push service says is gone (410)', async () => {
    const { user, device } = await walker();
    device.answer(410);
    await alert(user.id, [{ propertyId: (await listing()).id, distanceM: 5 }]);
    await gw.outbox.drain();
    expect(device.received()).toHaveLength(1);
    expect(await gw.db.query(`SELECT 1 FROM push_subscriptions WHERE endpoint = $1`, [device.endpoint])).toEqual([]);
  });

  it('should give up a push the service refuses for good (400) without deleting the device', async () => {
    const { user, device } = await walker();
    device.answer(400);
    await alert(user.id, [{ propertyId: (await listing()).id, distanceM: 5 }]);
    await gw.outbox.drain();
    const dead = await gw.db.query(`SELECT last_error FROM outbox_jobs WHERE queue = $1 AND dead_at IS NOT NULL`, [
      gw.outbox.queue,
    ]);
    expect(dead).toEqual([{ last_error: expect.stringContaining('400') }]);
    expect(await gw.db.query(`SELECT 1 FROM push_subscriptions WHERE endpoint = $1`, [device.endpoint])).toHaveLength(
      1,
    );
    await gw.db.query(`DELETE FROM outbox_jobs WHERE queue = $1`, [gw.outbox.queue]);
  });

  it('should send the test notification to every device whatever the settings, answering how many', async () => {
    const { agent, device } = await walker(gw, { passingAlerts: false });
    const res = await agent.post('/api/push/test');
    expect(res.body).toEqual({ devices: 1 });
    await gw.outbox.drain();
    expect(device.received()[0].data).toMatchObject({ type: 'test', title: 'Les alertes de passage sont activées' });
    expect((await gql(agent, 'mutation { sendTestNotification }')).data).toEqual({ sendTestNotification: 1 });
  });
});

describe('delivery with the worker running', () => {
  const live = useGateway();

  it('should retry a push the service failed (500) with backoff, then deliver it once', async () => {
    const { user, device } = await walker(live);
    device.answer(500);
    const owner = await signedInUser(live);
    const p = await createProperty(owner.agent, { title: 'Maison', price: 500000 });
    const start = Date.now();
    await live.outbox.add('discovery.alert', {
      userId: user.id,
      fixAt: new Date().toISOString(),
      items: [{ propertyId: p.id, distanceM: 5 }],
    });
    expect(await push.until(() => device.received().length >= 2, 8000)).toBe(true);
    const [first, second] = device.received();
    expect([first.status, second.status]).toEqual([500, 201]);
    // The first backoff is 1 s ± 20 %.
    expect(second.at - first.at).toBeGreaterThanOrEqual(700);
    expect(second.data).toEqual(first.data);
    expect(Date.now() - start).toBeLessThan(8000);
  });

  it('should honour Retry-After on 429', async () => {
    const { agent, device } = await walker(live);
    device.answer({ status: 429, retryAfter: '2' });
    await agent.post('/api/push/test');
    expect(await push.until(() => device.received().length >= 2, 8000)).toBe(true);
    const [first, second] = device.received();
    expect(second.at - first.at).toBeGreaterThanOrEqual(1900);
  });

  it('should deliver each push once with two gateway instances sharing the queue and the database', async () => {
    const queue = unique('shared-outbox-');
    const a = await startGateway({ OUTBOX_QUEUE: queue }, { outboxPollMs: 50 });
    const b = await startGateway({ OUTBOX_QUEUE: queue }, { outboxPollMs: 50 });
    try {
      const walkers: { device: FakeDevice }[] = [];
      for (let i = 0; i < 6; i++) {
        const w = await walker(i % 2 ? a : b, { quietHours: null, minIntervalMinutes: 0 });
        walkers.push(w);
      }
      const ids: number[] = await Promise.all(
        walkers.map(async (w, i) => {
          const [row] = await a.db.query(`SELECT user_id FROM push_subscriptions WHERE endpoint = $1`, [
            w.device.endpoint,
          ]);
          const owner = await signedInUser(i % 2 ? a : b);
          const p = await createProperty(owner.agent, { title: `Bien ${i}` });
          for (const g of [a, b, a])
            await g.outbox.add('discovery.alert', {
              userId: row.user_id,
              fixAt: new Date().toISOString(),
              items: [{ propertyId: p.id, distanceM: 5 }],
            });
          return row.user_id as number;
        }),
      );
      expect(ids).toHaveLength(6);
      // maxPerDay 15 and no interval: each of the 3 passes of each walker is announced exactly once.
      expect(await push.until(() => walkers.every((w) => w.device.received().length >= 3), 8000)).toBe(true);
      await new Promise((r) => setTimeout(r, 500));
      expect(walkers.map((w) => w.device.received().length)).toEqual([3, 3, 3, 3, 3, 3]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('in production', () => {
  const prod = useGateway({
    startOutbox: false,
    env: { NODE_ENV: 'production', PUBLIC_URL: 'https://flaneur.fr', SESSION_SECRET: 'x'.repeat(40), TRUST_PROXY: '1' },
  });

  /** A signed-in user behind the TLS proxy (the session cookie is Secure in production). */
  async function prodUser() {
    const res = await prod
      .agent()
      .post('/api/register')
      .set('X-Forwarded-Proto', 'https')
      .send({ username: unique('prod'), email: `${unique('prod')}@exemple.fr`, password: 'motdepasse-solide' });
    expect(res.status).toBe(201);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const post = (path: string, body: unknown) =>
      prod
        .agent()
        .post(path)
        .set('X-Forwarded-Proto', 'https')
        .set('Cookie', cookie)
        .send(body as object);
    return { id: res.body.id as number, post };
  }

  it('should accept only https endpoints of the push services, not loopback nor IP literals', async () => {
    const user = await prodUser();
    const keys = push.device().subscription.keys;
    const status = async (endpoint: string) =>
      (await user.post('/api/push/subscriptions', { endpoint, expirationTime: null, keys })).status;
    expect(await status(`${push.base}/push/x`)).toBe(400);
    expect(await status('https://127.0.0.1/push/x')).toBe(400);
    expect(await status('https://[::1]/push/x')).toBe(400);
    expect(await status('https://142.250.75.234/fcm/send/x')).toBe(400);
    expect(await status('https://www.google.com/fcm/send/x')).toBe(400);
    expect(await status('http://fcm.googleapis.com/fcm/send/x')).toBe(400);
    expect(await status('https://fcm.googleapis.com:8443/fcm/send/x')).toBe(400);
    expect(await status('https://fcm.googleapis.com.evil.fr/fcm/send/x')).toBe(400);
    expect(await status('https://fcm.googleapis.com/fcm/send/abc')).toBe(201);
    expect(await status('https://wns2-par02p.notify.windows.com/w/?token=abc')).toBe(201);
  });

  it('should not post to a stored device its settings no longer accept', async () => {
    const [userId] = await insertUsers(prod.db, 1);
    const [propertyId] = await insertProperties(prod.db, 1);
    const device = push.device();
    // Stored under development settings (loopback), then the gateway runs in production.
    await prod.db.query(`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)`, [
      userId,
      device.endpoint,
      device.subscription.keys.p256dh,
      device.subscription.keys.auth,
    ]);
    await prod.db.query(
      `INSERT INTO notification_settings (user_id, passing_alerts, message_alerts, max_per_day, min_interval_minutes)
       VALUES ($1, true, true, 15, 0)`,
      [userId],
    );
    await prod.outbox.add('discovery.alert', {
      userId,
      fixAt: new Date().toISOString(),
      items: [{ propertyId, distanceM: 5 }],
    });
    await prod.outbox.drain();
    expect(device.received()).toEqual([]);
    const dead = await prod.db.query(`SELECT kind FROM outbox_jobs WHERE queue = $1 AND dead_at IS NOT NULL`, [
      prod.outbox.queue,
    ]);
    expect(dead).toEqual([{ kind: 'push.send' }]);
  });
});
