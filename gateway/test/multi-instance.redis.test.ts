import { MSG } from '@flaneur/schema';
import Redis from 'ioredis';
import { BACKOFFS, THROTTLES } from '../src/lib/throttle';
import { buildUser, signedInUser } from './factories';
import { startGateway, TestGateway, unique } from './gateway';
import { gql } from './graphql';
import { collect, waitFor } from './subscribe';
import { wsClient } from './ws';

// Runs when TEST_REDIS_URL is set (CI always sets it; jest.config.js leaves this file out otherwise).
const REDIS_URL = process.env.TEST_REDIS_URL!;
/** a and b share their throttle budgets on purpose; c is on the same Redis with a prefix of its own. */
const SHARED_PREFIX = unique('test-throttle:');

let a: TestGateway;
let b: TestGateway;
let c: TestGateway;
let portB: number;
let redis: Redis;
/** Throttle key prefixes this file wrote under, removed from Redis at the end. */
const prefixes = [SHARED_PREFIX];
beforeAll(async () => {
  a = await startGateway({ REDIS_URL, THROTTLE_PREFIX: SHARED_PREFIX });
  b = await startGateway({ REDIS_URL, THROTTLE_PREFIX: SHARED_PREFIX });
  c = await startGateway({ REDIS_URL });
  prefixes.push(c.config.throttlePrefix);
  await a.listen(0, '127.0.0.1');
  portB = await b.listen(0, '127.0.0.1');
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await c.close();
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
});

// First: ioredis keeps a refused socket up to 2 s after disconnecting, and the other tests outlast that.
describe('throttles when Redis does not answer', () => {
  it('should still throttle, with the in-memory insurance limiters, without waiting for Redis', async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    const down = await startGateway({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const started = Date.now();
      const forgot = () => down.agent().post('/api/forgot-password').send({ email: 'personne@example.fr' });
      for (let i = 0; i < THROTTLES.forgotPasswordPerEmail.points; i++) expect((await forgot()).status).toBe(200);
      const over = await forgot();
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ message: MSG.tooManyRequests });
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await down.close();
    }
  });
});

describe('two gateway instances on one PostgreSQL and one Redis', () => {
  it('should deliver a discovery published through one instance to a subscriber connected to the other', async () => {
    await a.db.query(
      `INSERT INTO properties (title, description, price, size, rooms, bedrooms, bathrooms, address, city, postal_code, latitude,
         longitude, images, owner_name, owner_email, owner_phone)
       VALUES ('Studio', 'Calme', 900, 20, 1, 0, 1, '1 rue Test', 'Paris', '75001', 48.8566, 2.3522, '{/uploads/listings/x.webp}',
         'Test', 'test@example.fr', '0600000000')`,
    );
    const agent = a.agent();
    const res = await agent.post('/api/register').send(buildUser());
    const cookie = res.headers['set-cookie'][0].split(';')[0];
    const ws = wsClient(portB, { cookie, lazy: false });
    const sub = collect(ws, 'subscription { discoveryAdded { entry { id } property { id } } }');
    await sub.ready;
    await new Promise((r) => setTimeout(r, 150));
    const simulated = await gql(agent, 'mutation { simulateDiscovery { entry { id } property { id } } }');
    expect(simulated.errors).toBeUndefined();
    expect(await waitFor(() => sub.events.length === 1, 1000)).toBe(true);
    expect(sub.events[0].discoveryAdded.entry.id).toBe(simulated.data!.simulateDiscovery.entry.id);
    await ws.dispose();
  });

  it('should deliver a message sent through one instance to the other participant connected to the other', async () => {
    const owner = a.agent();
    const ownerRes = await owner.post('/api/register').send(buildUser());
    const [listing] = await a.db.query(
      `INSERT INTO properties (title, description, price, size, rooms, bedrooms, bathrooms, address, city, postal_code, latitude,
         longitude, images, owner_name, owner_email, owner_phone, owner_id)
       VALUES ('T2', 'Lumineux', 1200, 40, 2, 1, 1, '2 rue Test', 'Paris', '75002', 48.86, 2.34, '{/uploads/listings/x.webp}',
         'Test', 'test@example.fr', '0600000000', $1) RETURNING id`,
      [ownerRes.body.id],
    );
    const tenant = a.agent();
    await tenant.post('/api/register').send(buildUser());
    const started = await gql(
      tenant,
      'mutation ($o: ID!, $p: ID!) { startConversation(otherUserId: $o, propertyId: $p) { id } }',
      {
        o: String(ownerRes.body.id),
        p: String(listing.id),
      },
    );
    expect(started.errors).toBeUndefined();
    const conversationId = started.data!.startConversation.id;
    const ws = wsClient(portB, { cookie: ownerRes.headers['set-cookie'][0].split(';')[0], lazy: false });
    const sub = collect(ws, 'subscription ($c: ID!) { messageAdded(conversationId: $c) { id content } }', {
      c: conversationId,
    });
    await sub.ready;
    await new Promise((r) => setTimeout(r, 150));
    const sent = await gql(
      tenant,
      'mutation ($c: ID!) { sendMessage(conversationId: $c, content: "Bonjour !") { id } }',
      { c: conversationId },
    );
    expect(sent.errors).toBeUndefined();
    expect(await waitFor(() => sub.events.length === 1, 1000)).toBe(true);
    expect(sub.events[0].messageAdded).toEqual({ id: sent.data!.sendMessage.id, content: 'Bonjour !' });
    await ws.dispose();
  });
});

describe('throttles shared through Redis', () => {
  const login = (gw: TestGateway, username: string, password: string) =>
    gw.agent().post('/api/login').send({ username, password });

  it('should count the login failures made on one instance at the other, and not at an instance with another prefix', async () => {
    const { user, password } = await signedInUser(a);
    for (let i = 0; i <= BACKOFFS.loginFailuresPerAccount.free; i++)
      expect((await login(i % 2 ? b : a, user.username, 'mauvais-mdp')).status).toBe(401);
    for (const gw of [a, b]) {
      const blocked = await login(gw, user.username, password);
      expect(blocked.status).toBe(429);
      expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
      expect(blocked.body).toEqual({ message: MSG.tooManyRequests });
    }
    expect((await login(c, user.username, password)).status).toBe(200);
  });

  it('should share the fixed-window budgets too (forgot-password per e-mail)', async () => {
    const { user } = await signedInUser(a);
    const forgot = (gw: TestGateway) => gw.agent().post('/api/forgot-password').send({ email: user.email });
    for (let i = 0; i < THROTTLES.forgotPasswordPerEmail.points; i++)
      expect((await forgot(i % 2 ? b : a)).status).toBe(200);
    expect((await forgot(b)).status).toBe(429);
    expect((await forgot(a)).status).toBe(429);
    expect((await forgot(c)).status).toBe(200);
  });

  it('should close its Redis connection when the gateway closes', async () => {
    const d = await startGateway({ REDIS_URL });
    prefixes.push(d.config.throttlePrefix);
    const name = `flaneur-throttles:${d.config.throttlePrefix}`;
    const connected = async () => String(await redis.client('LIST')).includes(`name=${name} `);
    try {
      // A throttled request has gone through Redis: the named connection is up.
      await signedInUser(d);
      expect(await connected()).toBe(true);
    } finally {
      await d.close();
    }
    let open = true;
    for (let i = 0; i < 20 && open; i++) {
      open = await connected();
      if (open) await new Promise((r) => setTimeout(r, 50));
    }
    expect(open).toBe(false);
  });
});
