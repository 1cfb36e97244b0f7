import dns from 'node:dns';
import { MSG } from '@flaneur/schema';
import { Webhook as Verifier } from 'standardwebhooks';
import { buildUser, createProperty, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../../test/webhook-receiver';
import { checkOutboundUrl, guardedLookup, postJson } from '../../lib/outbound';

/*
 * Webhooks through the public surface: registered over REST or GraphQL, events caused by ordinary API calls,
 * delivered by the outbox to a local receiver that verifies them as an integrator would (Standard Webhooks).
 */

let receiver: WebhookReceiver;
let other: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  other = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await other.close();
});
beforeEach(() => {
  receiver.answer(200);
  other.answer(200);
});

/** Worker stopped: drain() runs the queue, so "nothing was delivered" is a fact, not a timeout. */
const gw = useGateway({ startOutbox: false });

const ALL_EVENTS = [
  'discovery.created',
  'message.created',
  'favorite.created',
  'favorite.deleted',
  'property.created',
  'property.updated',
  'property.deleted',
  'visit_request.created',
  'visit_request.updated',
];

async function integrator(events = ALL_EVENTS, path = `/hook-${Math.random().toString(36).slice(2)}`) {
  const member = await signedInUser(gw);
  const res = await member.agent.post('/api/webhooks').send({ url: receiver.url(path), events });
  expect(res.status).toBe(201);
  return { ...member, webhook: res.body.webhook as { id: number }, secret: res.body.secret as string, path };
}

/**
 * What reached `path`, verified with the secret as a receiver does (throws on a bad signature). Deliveries run
 * concurrently: their order is not the events' order (receivers sort on `timestamp`).
 */
function verified(secret: string, path: string): { type: string; timestamp: string; data: any }[] {
  const verifier = new Verifier(secret);
  return receiver
    .received()
    .filter((r) => r.path === path)
    .map((r: ReceivedWebhook) => verifier.verify(r.body, r.headers) as { type: string; timestamp: string; data: any });
}

/** The delivery jobs of one webhook (SQL condition on outbox_jobs, its id as $1). */
const JOBS_OF = `kind = 'webhook.deliver'
  AND (payload->>'deliveryId')::int IN (SELECT id FROM webhook_deliveries WHERE webhook_id = $1)`;

/** Makes the waiting retries of a webhook due now (instead of waiting 5 s, 5 min…). */
const retryNow = (webhookId: number) =>
  gw.db.query(`UPDATE outbox_jobs SET run_at = now() WHERE ${JOBS_OF}`, [webhookId]);

/** Seconds until each waiting delivery job of a webhook runs. */
const waits = async (webhookId: number): Promise<number[]> =>
  (
    await gw.db.query(`SELECT extract(epoch FROM run_at - now()) AS wait FROM outbox_jobs WHERE ${JOBS_OF}`, [
      webhookId,
    ])
  ).map((r: { wait: string }) => Number(r.wait));

describe('registration', () => {
  it('should create a webhook with a whsec_ secret shown once, list it without the secret, and delete it', async () => {
    const { agent, webhook, secret } = await integrator(['favorite.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await agent.get('/api/webhooks');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: webhook.id,
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/hook-/),
        events: ['favorite.created'],
        createdAt: expect.any(String),
        disabledAt: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));
    const graph = await gql(agent, '{ webhooks { id url events disabledAt } }');
    expect(graph.data!.webhooks).toEqual([expect.objectContaining({ id: String(webhook.id), disabledAt: null })]);
    expect((await agent.delete(`/api/webhooks/${webhook.id}`)).status).toBe(204);
    expect((await agent.get('/api/webhooks')).body).toEqual([]);
    expect((await agent.delete(`/api/webhooks/${webhook.id}`)).status).toBe(404);
  });

  it('should create over GraphQL too, and refuse unknown events, no events and bad URLs in French', async () => {
    const { agent } = await signedInUser(gw);
    const created = await gql(
      agent,
      'mutation ($i: CreateWebhookInput!) { createWebhook(input: $i) { secret webhook { id events } } }',
      { i: { url: receiver.url('/g'), events: ['message.created', 'message.created'] } },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.createWebhook.webhook.events).toEqual(['message.created']);
    const bad = async (body: object) => agent.post('/api/webhooks').send(body);
    const unknownEvent = await bad({ url: receiver.url(), events: ['property.sold'] });
    expect(unknownEvent.status).toBe(400);
    expect(unknownEvent.body.message).toBe(MSG.webhookEventInvalid);
    expect((await bad({ url: receiver.url(), events: [] })).body.message).toBe(MSG.webhookEventsRequired);
    for (const url of ['ftp://127.0.0.1/x', 'http://user:pw@127.0.0.1/x', 'pas une url'])
      expect((await bad({ url, events: ['message.created'] })).body.message).toBe(MSG.webhookUrlInvalid);
  });

  it("should keep a user's webhooks to that user: someone else's cannot be listed, read or deleted", async () => {
    const owner = await integrator(['favorite.created']);
    const intruder = await signedInUser(gw);
    expect((await intruder.agent.get('/api/webhooks')).body).toEqual([]);
    expect((await intruder.agent.delete(`/api/webhooks/${owner.webhook.id}`)).status).toBe(404);
    expect((await intruder.agent.get(`/api/webhooks/${owner.webhook.id}/deliveries`)).status).toBe(404);
    const graph = await gql(intruder.agent, 'query ($w: ID!) { webhookDeliveries(webhookId: $w) { id } }', {
      w: owner.webhook.id,
    });
    expect(graph.errors![0].extensions!.code).toBe('NOT_FOUND');
    expect((await gw.agent().get('/api/webhooks')).status).toBe(401);
  });

  it('should refuse more than 10 webhooks per user', async () => {
    const { agent } = await signedInUser(gw);
    for (let i = 0; i < 10; i++)
      expect(
        (await agent.post('/api/webhooks').send({ url: receiver.url(), events: ['favorite.created'] })).status,
      ).toBe(201);
    const over = await agent.post('/api/webhooks').send({ url: receiver.url(), events: ['favorite.created'] });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(MSG.webhookLimitReached);
  });
});

describe('the SSRF guard', () => {
  it('should refuse private, link-local and other non-public receivers, in every mode', async () => {
    const { agent } = await signedInUser(gw);
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/',
      'http://10.0.0.1/hook',
      'https://10.0.0.1/hook',
      'https://192.168.1.10/hook',
      'https://172.16.0.1/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fd00::1]/hook',
      'https://0.0.0.0/hook',
      'file:///etc/passwd',
      'http://example.com/hook',
    ]) {
      const res = await agent.post('/api/webhooks').send({ url, events: ['favorite.created'] });
      expect([url, res.status, res.body.message]).toEqual([url, 400, MSG.webhookUrlInvalid]);
    }
    expect(await gw.db.query(`SELECT 1 FROM webhooks w JOIN users u ON u.id = w.user_id WHERE u.id = 0`)).toEqual([]);
  });

  it('should in production accept https on public addresses only (no loopback, no http)', () => {
    const prod = { isProduction: true };
    expect(checkOutboundUrl('https://hooks.example.org/flaneur', prod)?.hostname).toBe('hooks.example.org');
    expect(checkOutboundUrl('https://93.184.216.34/hook', prod)).not.toBeNull();
    for (const url of ['http://hooks.example.org/x', 'https://127.0.0.1/x', 'https://localhost/x', 'https://[::1]/x'])
      expect([url, checkOutboundUrl(url, prod)]).toEqual([url, null]);
  });

  it('should accept IPv6 global unicast only: no IPv4-compatible, 6to4, Teredo, NAT64 or site-local literal', async () => {
    for (const isProduction of [true, false])
      for (const literal of [
        '[::127.0.0.1]',
        '[::7f00:1]',
        '[2002:7f00:1::]',
        '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
        '[fec0::1]',
        '[64:ff9b:1::7f00:1]',
        '[64:ff9b::a00:1]',
        '[3fff::1]',
      ])
        expect([literal, checkOutboundUrl(`https://${literal}/hook`, { isProduction })]).toEqual([literal, null]);
    expect(checkOutboundUrl('https://[2606:4700:4700::1111]/hook', { isProduction: true })).not.toBeNull();
    // At send time too, for a literal stored before the rule: never connected to.
    const sent = postJson(
      new URL('https://[2002:7f00:1::]/hook'),
      '{}',
      {},
      {
        policy: { isProduction: true },
        timeoutMs: 1000,
      },
    );
    await expect(sent).rejects.toMatchObject({ code: 'EADDRNOTALLOWED' });
  });

  it('should check the address the connection uses: a name resolving to a private address is refused', async () => {
    const resolving = (address: string, family = 4) =>
      ((_h: string, _o: unknown, cb: (e: null, a: dns.LookupAddress[]) => void) =>
        cb(null, [{ address, family }])) as unknown as typeof dns.lookup;
    const lookup = (address: string, isProduction = true) =>
      new Promise<string>((resolve) =>
        guardedLookup({ isProduction }, resolving(address))('hooks.example.org', { all: true }, (err) =>
          resolve(err ? String(err.code) : 'ok'),
        ),
      );
    expect(await lookup('93.184.216.34')).toBe('ok');
    expect(await lookup('10.1.2.3')).toBe('EADDRNOTALLOWED');
    expect(await lookup('169.254.169.254')).toBe('EADDRNOTALLOWED');
    expect(await lookup('127.0.0.1')).toBe('EADDRNOTALLOWED');
    expect(await lookup('127.0.0.1', false)).toBe('ok');
    expect(await lookup('fe80::1')).toBe('EADDRNOTALLOWED');
  });

  it('should not follow a redirect: the 3xx is a failed attempt and its target is never called', async () => {
    const { agent, secret, path } = await integrator(['favorite.created']);
    receiver.answer(302, { location: other.url('/metadata') });
    const p = await createProperty(agent);
    await agent.post('/api/favorites').send({ propertyId: p.id }).expect(201);
    await gw.outbox.drain();
    expect(verified(secret, path).map((e) => e.type)).toEqual(['favorite.created']);
    expect(other.received()).toEqual([]);
    const [delivery] = (await agent.get(`/api/webhooks/${(await agent.get('/api/webhooks')).body[0].id}/deliveries`))
      .body;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: 302 });
  });
});

describe('events', () => {
  it('should sign each event per Standard Webhooks and deliver favourites, listings and messages to whom may see them', async () => {
    const owner = await integrator();
    const tenant = await integrator();
    const bystander = await integrator();
    // The listing: created, then favourited by the tenant, changed, messaged about, unfavourited and deleted.
    const p = await createProperty(owner.agent, {
      title: 'Atelier Belleville',
      price: 420000,
      ownerEmail: 'camille@example.fr',
    });
    await tenant.agent.post('/api/favorites').send({ propertyId: p.id }).expect(201);
    await tenant.agent.post('/api/favorites').send({ propertyId: p.id }).expect(201); // again: no second event
    await owner.agent.patch(`/api/properties/${p.id}`).send({ price: 399000 }).expect(200);
    const started = await tenant.agent
      .post('/api/conversations')
      .send({ user1Id: tenant.user.id, user2Id: owner.user.id, propertyId: p.id });
    expect(started.status).toBeLessThan(300);
    await tenant.agent
      .post(`/api/conversations/${started.body.id}/messages`)
      .send({ content: 'Bonjour, est-il toujours disponible ?' })
      .expect(201);
    await gw.outbox.drain();
    await tenant.agent.delete(`/api/favorites/${p.id}`).expect(204);
    await tenant.agent.delete(`/api/favorites/${p.id}`).expect(204); // nothing to remove: no event
    await tenant.agent.post('/api/favorites').send({ propertyId: p.id }).expect(201);
    await owner.agent.delete(`/api/properties/${p.id}`).expect(204);
    await gw.outbox.drain();

    const ownerEvents = verified(owner.secret, owner.path);
    expect(ownerEvents.map((e) => e.type).sort()).toEqual([
      'message.created',
      'property.created',
      'property.deleted',
      'property.updated',
    ]);
    expect(ownerEvents.find((e) => e.type === 'property.updated')!.data.property).toMatchObject({
      id: p.id,
      title: 'Atelier Belleville',
      price: 399000,
    });
    expect(JSON.stringify(ownerEvents)).not.toContain('camille@example.fr');
    const tenantEvents = verified(tenant.secret, tenant.path);
    expect(tenantEvents.map((e) => e.type).sort()).toEqual([
      'favorite.created',
      'favorite.created',
      'favorite.deleted',
      'message.created',
      'property.deleted',
      'property.updated',
    ]);
    expect(tenantEvents.find((e) => e.type === 'message.created')!.data.message).toMatchObject({
      conversationId: started.body.id,
      propertyId: p.id,
      senderId: tenant.user.id,
      content: 'Bonjour, est-il toujours disponible ?',
      attachmentCount: 0,
    });
    expect(verified(bystander.secret, bystander.path)).toEqual([]);
    // Standard Webhooks headers: a msg id stable per event, a timestamp in seconds, v1 signatures.
    const raw = receiver.received().find((r) => r.path === owner.path)!;
    expect(raw.headers['webhook-id']).toMatch(/^[\w-]+$/);
    expect(Math.abs(Number(raw.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(raw.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(raw.headers['content-type']).toBe('application/json');
    // A body altered in transit, or signed with another secret, does not verify.
    expect(() => new Verifier(owner.secret).verify(raw.body.replace('property', 'propertx'), raw.headers)).toThrow();
    expect(() => new Verifier(tenant.secret).verify(raw.body, raw.headers)).toThrow();
  });

  it('should deliver only the events a webhook subscribed to', async () => {
    const { agent, secret, path } = await integrator(['favorite.deleted']);
    const p = await createProperty(agent);
    await agent.post('/api/favorites').send({ propertyId: p.id }).expect(201);
    await agent.delete(`/api/favorites/${p.id}`).expect(204);
    await gw.outbox.drain();
    expect(verified(secret, path).map((e) => e.type)).toEqual(['favorite.deleted']);
  });

  it('should tell the owner and the requester of a visit request and its answer', async () => {
    const owner = await integrator(['visit_request.created', 'visit_request.updated']);
    const tenant = await integrator(['visit_request.created', 'visit_request.updated']);
    const p = await createProperty(owner.agent);
    const asked = await tenant.agent.post('/api/visit-requests').send({ propertyId: p.id, message: 'Samedi ?' });
    expect(asked.status).toBe(201);
    await owner.agent.post(`/api/visit-requests/${asked.body.id}/respond`).send({ approve: false }).expect(200);
    await gw.outbox.drain();
    for (const m of [owner, tenant]) {
      const events = verified(m.secret, m.path);
      expect(events.map((e) => [e.type, e.data.visitRequest.status]).sort()).toEqual([
        ['visit_request.created', 'pending'],
        ['visit_request.updated', 'rejected'],
      ]);
      expect(events[0].data.visitRequest).toMatchObject({ propertyId: p.id, requesterId: tenant.user.id });
    }
  });

  it('should deliver discovery.created to the walker for each listing a position report discovers', async () => {
    const walker = await integrator(['discovery.created']);
    const at = { latitude: -40 + Math.random() * 3, longitude: -120 + Math.random() * 3 };
    const owner = await signedInUser(gw);
    const p = await createProperty(owner.agent, { ...at, isRental: true, price: 900, title: 'Maison du Pacifique' });
    const report = await walker.agent
      .post('/api/user-locations')
      .send({ latitude: at.latitude + 0.0003, longitude: at.longitude, accuracy: 10 });
    expect(report.status).toBe(201);
    expect(report.body.newDiscoveries.map((d: { id: number }) => d.id)).toEqual([p.id]);
    await gw.outbox.drain();
    const events = verified(walker.secret, walker.path);
    expect(events.map((e) => e.data)).toEqual([
      { discovery: { propertyId: p.id, distanceM: 33, discoveredAt: expect.any(String) } },
    ]);
  });
});

describe('delivery', () => {
  it('should retry after a 500 with the same webhook-id and body, then record the success', async () => {
    const { agent, webhook, secret, path } = await integrator(['favorite.created']);
    const p = await createProperty(agent);
    receiver.answer(500);
    await agent.post('/api/favorites').send({ propertyId: p.id }).expect(201);
    await gw.outbox.drain();
    let [delivery] = (await agent.get(`/api/webhooks/${webhook.id}/deliveries`)).body;
    expect(delivery).toMatchObject({
      eventType: 'favorite.created',
      status: 'pending',
      attempts: 1,
      lastResponseCode: 500,
    });
    // The retry waits 5 s: nothing more was sent meanwhile.
    const [wait] = await waits(webhook.id);
    expect(wait).toBeGreaterThan(3);
    expect(wait).toBeLessThanOrEqual(5);
    receiver.answer(200);
    await retryNow(webhook.id);
    await gw.outbox.drain();
    [delivery] = (await agent.get(`/api/webhooks/${webhook.id}/deliveries`)).body;
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      lastResponseCode: 200,
      deliveredAt: expect.any(String),
    });
    const attempts = receiver.received().filter((r) => r.path === path);
    expect(attempts).toHaveLength(2);
    expect(attempts[1].headers['webhook-id']).toBe(attempts[0].headers['webhook-id']);
    expect(attempts[1].body).toBe(attempts[0].body);
    expect(verified(secret, path)).toHaveLength(2);
  });

  it('should give up after 8 attempts (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 24 h apart)', async () => {
    const { agent, webhook } = await integrator(['favorite.created']);
    const p = await createProperty(agent);
    receiver.answer(503);
    await agent.post('/api/favorites').send({ propertyId: p.id }).expect(201);
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      await retryNow(webhook.id);
      await gw.outbox.drain();
      seen.push(...(await waits(webhook.id)).map(Math.round));
    }
    expect(seen).toEqual([5, 300, 1800, 7200, 18000, 36000, 86400]);
    const [delivery] = (await agent.get(`/api/webhooks/${webhook.id}/deliveries`)).body;
    expect(delivery).toMatchObject({ status: 'failed', attempts: 8, lastResponseCode: 503 });
  });

  it('should disable the webhook when the receiver answers 410, and deliver nothing to it any more', async () => {
    const { agent, webhook, path } = await integrator(['favorite.created', 'favorite.deleted']);
    const p = await createProperty(agent);
    receiver.answer(410);
    await agent.post('/api/favorites').send({ propertyId: p.id }).expect(201);
    await gw.outbox.drain();
    const [hook] = (await agent.get('/api/webhooks')).body;
    expect(hook.disabledAt).toEqual(expect.any(String));
    expect((await agent.get(`/api/webhooks/${webhook.id}/deliveries`)).body[0]).toMatchObject({
      status: 'disabled',
      lastResponseCode: 410,
    });
    receiver.answer(200);
    await agent.delete(`/api/favorites/${p.id}`).expect(204);
    await gw.outbox.drain();
    expect(receiver.received().filter((r) => r.path === path)).toHaveLength(1);
  });

  it('should store no delivery and send nothing when the change itself fails', async () => {
    const { agent, path } = await integrator(['favorite.created']);
    expect((await agent.post('/api/favorites').send({ propertyId: 999999999 })).status).toBe(404);
    await gw.outbox.drain();
    expect(receiver.received().filter((r) => r.path === path)).toEqual([]);
  });
});

describe('access tokens', () => {
  async function token(agent: ReturnType<typeof gw.agent>, scopes: string[]) {
    const res = await agent
      .post('/api/access-tokens')
      .send({ name: 'intégration', scopes, currentPassword: buildUser().password });
    expect(res.status).toBe(201);
    return res.body.token as string;
  }

  it('should manage webhooks with the webhooks scope, and refuse a token without it (403 naming the scope)', async () => {
    const { agent } = await signedInUser(gw);
    const withScope = await token(agent, ['webhooks', 'favorites']);
    const without = await token(agent, ['listings:read']);
    const create = (t: string) =>
      gw
        .agent()
        .post('/api/webhooks')
        .set('authorization', `Bearer ${t}`)
        .send({ url: receiver.url('/t'), events: ['favorite.created'] });
    const ok = await create(withScope);
    expect(ok.status).toBe(201);
    const refused = await create(without);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('« webhooks »');
    const graph = await gw
      .agent()
      .post('/graphql')
      .set('authorization', `Bearer ${without}`)
      .send({ query: '{ webhooks { id } }' });
    expect(graph.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const listed = await gw
      .agent()
      .post('/graphql')
      .set('authorization', `Bearer ${withScope}`)
      .send({ query: '{ webhooks { id } }' });
    expect(listed.body.data.webhooks).toEqual([{ id: String(ok.body.webhook.id) }]);
  });
});
