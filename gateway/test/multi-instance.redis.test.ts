import { buildUser } from './factories';
import { startGateway, TestGateway } from './gateway';
import { gql } from './graphql';
import { collect, waitFor } from './subscribe';
import { wsClient } from './ws';

// Runs when TEST_REDIS_URL is set (CI always sets it; jest.config.js leaves this file out otherwise).
const REDIS_URL = process.env.TEST_REDIS_URL!;

let a: TestGateway;
let b: TestGateway;
let portB: number;
beforeAll(async () => {
  a = await startGateway({ REDIS_URL });
  b = await startGateway({ REDIS_URL });
  await a.listen(0, '127.0.0.1');
  portB = await b.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await a.close();
  await b.close();
});

describe('two gateway instances on one PostgreSQL and one Redis', () => {
  it('should deliver a discovery published through one instance to a subscriber connected to the other', async () => {
    await a.db.query(
      `INSERT INTO properties (title, description, price, size, bedrooms, bathrooms, address, city, postal_code, latitude,
         longitude, images, owner_name, owner_email, owner_phone)
       VALUES ('Studio', 'Calme', 900, 20, 1, 1, '1 rue Test', 'Paris', '75001', 48.8566, 2.3522, '{/uploads/listings/x.webp}',
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
      `INSERT INTO properties (title, description, price, size, bedrooms, bathrooms, address, city, postal_code, latitude,
         longitude, images, owner_name, owner_email, owner_phone, owner_id)
       VALUES ('T2', 'Lumineux', 1200, 40, 1, 1, '2 rue Test', 'Paris', '75002', 48.86, 2.34, '{/uploads/listings/x.webp}',
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
