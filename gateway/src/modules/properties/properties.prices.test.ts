import { Webhook as Verifier } from 'standardwebhooks';
import { createProperty, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { startPushService, type PushService } from '../../../test/push-service';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import type { QueryCounter } from '../../lib/query-counter';
import { quietHoursAround } from '../../../test/quiet-hours';

/*
 * Price history and drop alerts through the public surface: listings published and changed over REST and GraphQL,
 * the history and « Prix en baisse » read back, the pushes received and decrypted by a local push service, the
 * webhook verified by a local receiver.
 */

let push: PushService;
let receiver: WebhookReceiver;
beforeAll(async () => {
  push = await startPushService();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await push.close();
  await receiver.close();
});

/** Worker stopped: drain() runs the queue, so "nothing was sent" is a fact, not a timeout. */
const gw = useGateway({ startOutbox: false });

const PRICES = `query ($id: ID!) { property(id: $id) { id price formerPrice priceHistory { price changedAt } } }`;
const UPDATE = `mutation ($id: ID!, $i: PropertyInput!) { updateProperty(id: $id, input: $i) { id price formerPrice } }`;

/** A remote spot of its own, away from Paris and from other test files. */
const remote = () => ({ latitude: 60 + Math.random() * 5, longitude: 100 + Math.random() * 20 });

async function prices(id: number) {
  const res = await gql(gw.agent(), PRICES, { id: String(id) });
  expect(res.errors).toBeUndefined();
  return res.data!.property as {
    price: number;
    formerPrice: number | null;
    priceHistory: { price: number; changedAt: string }[];
  };
}

/** A signed-in user with a device (quiet hours off unless given) who keeps the listing in their favourites. */
async function follower(propertyId: number | null, settings: Record<string, unknown> = { quietHours: null }) {
  const member = await signedInUser(gw);
  const device = push.device();
  expect((await member.agent.post('/api/push/subscriptions').send(device.subscription)).status).toBe(201);
  expect((await member.agent.patch('/api/notification-settings').send(settings)).status).toBe(200);
  if (propertyId !== null)
    expect((await member.agent.post('/api/favorites').send({ propertyId })).status).toBeLessThan(300);
  return { ...member, device };
}

describe('price history', () => {
  it('should record the publication price, then one point per change, none when the price stays the same', async () => {
    const owner = await signedInUser(gw);
    const p = await createProperty(owner.agent, { ...remote(), price: 420000 });
    expect(p.priceHistory).toEqual([{ price: '420000.00', changedAt: expect.any(String) }]);
    expect(p.formerPrice).toBeNull();
    expect((await prices(p.id)).priceHistory.map((h) => h.price)).toEqual([420000]);

    // A change that leaves the price alone (the same price given again, or another field) adds nothing.
    await owner.agent.patch(`/api/properties/${p.id}`).send({ title: 'Appartement refait', price: 420000 }).expect(200);
    await owner.agent.patch(`/api/properties/${p.id}`).send({ description: 'Calme absolu.' }).expect(200);
    expect((await prices(p.id)).priceHistory.map((h) => h.price)).toEqual([420000]);

    const rise = await gql(owner.agent, UPDATE, { id: String(p.id), i: { price: 450000 } });
    expect(rise.data!.updateProperty).toEqual({ id: String(p.id), price: 450000, formerPrice: null });
    const drop = await owner.agent.patch(`/api/properties/${p.id}`).send({ price: 399000 });
    expect(drop.status).toBe(200);
    expect(drop.body.priceHistory.map((h: { price: string }) => h.price)).toEqual([
      '420000.00',
      '450000.00',
      '399000.00',
    ]);
    expect(drop.body.formerPrice).toBe('450000.00');

    const read = await prices(p.id);
    expect(read.priceHistory.map((h) => h.price)).toEqual([420000, 450000, 399000]);
    const times = read.priceHistory.map((h) => Date.parse(h.changedAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(read.formerPrice).toBe(450000);
    // The REST reads carry the same fields.
    const rest = await gw.agent().get(`/api/properties/${p.id}`);
    expect(rest.body).toMatchObject({ price: '399000.00', formerPrice: '450000.00' });
    expect(rest.body.priceHistory).toHaveLength(3);
  });

  it('should show a drop for 30 days only, and no longer once the price rises again', async () => {
    const owner = await signedInUser(gw);
    const p = await createProperty(owner.agent, { ...remote(), price: 300000 });
    await owner.agent.patch(`/api/properties/${p.id}`).send({ price: 280000 }).expect(200);
    expect((await prices(p.id)).formerPrice).toBe(300000);
    // The drop made 31 days ago: no longer « en baisse ».
    await gw.db.query(
      `UPDATE property_price_changes SET changed_at = changed_at - interval '31 days' WHERE property_id = $1`,
      [p.id],
    );
    expect((await prices(p.id)).formerPrice).toBeNull();
    await owner.agent.patch(`/api/properties/${p.id}`).send({ price: 270000 }).expect(200);
    expect((await prices(p.id)).formerPrice).toBe(280000);
    await owner.agent.patch(`/api/properties/${p.id}`).send({ price: 275000 }).expect(200);
    expect((await prices(p.id)).formerPrice).toBeNull();
  });

  it('should answer the prices of a whole search page in one statement per page, not one per listing', async () => {
    const owner = await signedInUser(gw);
    const at = remote();
    const listed = [];
    for (let i = 0; i < 4; i++) {
      const p = await createProperty(owner.agent, { latitude: at.latitude + i * 0.001, longitude: at.longitude });
      await owner.agent
        .patch(`/api/properties/${p.id}`)
        .send({ price: 300000 - i * 1000 })
        .expect(200);
      listed.push(p.id);
    }
    const counter = gw.db.logger as QueryCounter;
    const before = counter.count;
    const res = await gql(
      gw.agent(),
      `query ($f: PropertyFilterInput) { properties(filter: $f, first: 10) { nodes { id formerPrice priceHistory { price } } } }`,
      { f: { near: { ...at, radiusKm: 1 } } },
    );
    expect(res.errors).toBeUndefined();
    const nodes = res.data!.properties.nodes as { id: string; formerPrice: number; priceHistory: unknown[] }[];
    expect(nodes.map((n) => Number(n.id)).sort()).toEqual([...listed].sort());
    expect(nodes.every((n) => n.priceHistory.length === 2 && n.formerPrice === 350000)).toBe(true);
    // The page and its prices: the search statement itself.
    expect(counter.count - before).toBe(1);
  });

  it('should read a listing and its prices in one statement, over REST and over GraphQL', async () => {
    const owner = await signedInUser(gw);
    const p = await createProperty(owner.agent, { ...remote(), price: 300000 });
    await owner.agent.patch(`/api/properties/${p.id}`).send({ price: 290000 }).expect(200);
    const counter = gw.db.logger as QueryCounter;
    const statements = async <T>(read: () => Promise<T>): Promise<[T, number]> => {
      const before = counter.count;
      const answer = await read();
      return [answer, counter.count - before];
    };

    const [rest, restCost] = await statements(() => gw.agent().get(`/api/properties/${p.id}`));
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ id: p.id, price: '290000.00', formerPrice: '300000.00' });
    expect(rest.body.priceHistory.map((h: { price: string }) => h.price)).toEqual(['300000.00', '290000.00']);
    expect(restCost).toBe(1);

    const [read, gqlCost] = await statements(() => prices(p.id));
    expect(read).toMatchObject({ price: 290000, formerPrice: 300000 });
    expect(read.priceHistory.map((h) => h.price)).toEqual([300000, 290000]);
    expect(read.priceHistory.map((h) => h.changedAt)).toEqual(
      rest.body.priceHistory.map((h: { changedAt: string }) => h.changedAt),
    );
    expect(gqlCost).toBe(1);
  });
});

describe('drop alerts', () => {
  it('should push « Baisse de prix » to a favouriter, not to a stranger nor to the owner', async () => {
    const owner = await follower(null);
    const p = await createProperty(owner.agent, {
      ...remote(),
      title: 'Maison « les Tilleuls »',
      isRental: false,
      price: 350000,
    });
    // The owner keeps their own listing in favourites too: still never told.
    await owner.agent.post('/api/favorites').send({ propertyId: p.id });
    const fan = await follower(p.id);
    const stranger = await follower(null);
    await gw.outbox.drain();

    await owner.agent.patch(`/api/properties/${p.id}`).send({ price: 329000 }).expect(200);
    await gw.outbox.drain();
    expect(fan.device.received().map((r) => r.data)).toEqual([
      {
        type: 'price_drop',
        title: 'Baisse de prix : Maison « les Tilleuls »',
        body: '329\u202f000\u00a0€ au lieu de 350\u202f000\u00a0€',
        url: `/property/${p.id}`,
        propertyId: p.id,
      },
    ]);
    expect(stranger.device.received()).toEqual([]);
    expect(owner.device.received()).toEqual([]);
    // The favourites list of the REST shim shows the drop too.
    const favorites = await fan.agent.get('/api/favorites');
    expect(favorites.body[0].property).toMatchObject({ id: p.id, price: '329000.00', formerPrice: '350000.00' });
    expect(favorites.body[0].property.priceHistory).toHaveLength(2);

    // A rise, or a change that leaves the price alone, tells no one.
    await owner.agent.patch(`/api/properties/${p.id}`).send({ price: 340000 }).expect(200);
    await owner.agent.patch(`/api/properties/${p.id}`).send({ title: 'Maison rénovée' }).expect(200);
    await gw.outbox.drain();
    expect(fan.device.received()).toHaveLength(1);
  });

  it('should push « Baisse de prix » to a favouriter for a drop made through GraphQL updateProperty too', async () => {
    const owner = await follower(null);
    const p = await createProperty(owner.agent, { ...remote(), isRental: true, price: 980, title: 'Deux-pièces' });
    const fan = await follower(p.id);
    const stranger = await follower(null);
    await gw.outbox.drain();

    const drop = await gql(owner.agent, UPDATE, { id: String(p.id), i: { price: 900 } });
    expect(drop.errors).toBeUndefined();
    expect(drop.data!.updateProperty).toEqual({ id: String(p.id), price: 900, formerPrice: 980 });
    await gw.outbox.drain();
    expect(fan.device.received().map((r) => r.data)).toEqual([
      {
        type: 'price_drop',
        title: 'Baisse de prix : Deux-pièces',
        body: '900\u00a0€/mois au lieu de 980\u00a0€/mois',
        url: `/property/${p.id}`,
        propertyId: p.id,
      },
    ]);
    expect(stranger.device.received()).toEqual([]);
    expect(owner.device.received()).toEqual([]);

    // A rise through GraphQL tells no one.
    expect((await gql(owner.agent, UPDATE, { id: String(p.id), i: { price: 950 } })).errors).toBeUndefined();
    await gw.outbox.drain();
    expect(fan.device.received()).toHaveLength(1);
  });

  it('should follow the passing-alert settings: nothing in quiet hours or with passing alerts off', async () => {
    const owner = await signedInUser(gw);
    const p = await createProperty(owner.agent, { ...remote(), isRental: true, price: 1400, title: 'Studio' });
    const { covering: quietHours, later } = quietHoursAround();
    const sleeper = await follower(p.id, { quietHours });
    const off = await follower(p.id, { quietHours: null, passingAlerts: false });
    const awake = await follower(p.id);
    await owner.agent.patch(`/api/properties/${p.id}`).send({ price: 1300 }).expect(200);
    await gw.outbox.drain();
    expect(sleeper.device.received()).toEqual([]);
    expect(off.device.received()).toEqual([]);
    expect(awake.device.received().map((r) => r.data.body)).toEqual([
      '1\u202f300\u00a0€/mois au lieu de 1\u202f400\u00a0€/mois',
    ]);
    // Quiet hours moved away from now: the next drop reaches the sleeper.
    await sleeper.agent.patch('/api/notification-settings').send({ quietHours: later }).expect(200);
    await owner.agent.patch(`/api/properties/${p.id}`).send({ price: 1250 }).expect(200);
    await gw.outbox.drain();
    expect(sleeper.device.received().map((r) => r.data.title)).toEqual(['Baisse de prix : Studio']);
  });

  it('should deliver a signed property.updated webhook with the new price to the owner and to a favouriter', async () => {
    const owner = await signedInUser(gw);
    const p = await createProperty(owner.agent, { ...remote(), price: 510000 });
    const fan = await follower(p.id);
    const hook = async (agent: typeof owner.agent, path: string) => {
      const res = await agent.post('/api/webhooks').send({ url: receiver.url(path), events: ['property.updated'] });
      expect(res.status).toBe(201);
      return res.body.secret as string;
    };
    const tag = Math.random().toString(36).slice(2);
    const ownerSecret = await hook(owner.agent, `/owner-${tag}`);
    const fanSecret = await hook(fan.agent, `/fan-${tag}`);
    await owner.agent.patch(`/api/properties/${p.id}`).send({ price: 495000 }).expect(200);
    await gw.outbox.drain();
    for (const [secret, path] of [
      [ownerSecret, `/owner-${tag}`],
      [fanSecret, `/fan-${tag}`],
    ]) {
      const got = receiver.received().filter((r) => r.path === path);
      expect(got).toHaveLength(1);
      const event = new Verifier(secret).verify(got[0].body, got[0].headers) as { type: string; data: any };
      expect(event.type).toBe('property.updated');
      expect(event.data.property).toMatchObject({ id: p.id, price: 495000 });
      expect(event.data.previousPrice).toBe(510000);
    }
  });
});
