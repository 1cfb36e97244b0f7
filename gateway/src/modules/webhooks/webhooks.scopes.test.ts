import { MSG } from '@flaneur/schema';
import { Webhook as Verifier } from 'standardwebhooks';
import { createAccessToken, gqlWithToken, restWithToken } from '../../../test/access-tokens';
import { createProperty, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';

/*
 * A webhook reaches only what the token (or session) that registered it may read: each event needs its read scope
 * at registration, and again at delivery (a revoked or expired token stops its webhooks).
 */

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

/** Worker stopped: drain() runs the queue, so "nothing was delivered" is a fact, not a timeout. */
const gw = useGateway({ startOutbox: false });

const path = () => `/scoped-${Math.random().toString(36).slice(2)}`;
const typesAt = (secret: string, at: string) =>
  receiver
    .received()
    .filter((r) => r.path === at)
    .map((r) => (new Verifier(secret).verify(r.body, r.headers) as { type: string }).type);

const CREATE = 'mutation ($i: CreateWebhookInput!) { createWebhook(input: $i) { secret webhook { id } } }';

describe('webhooks registered with an access token', () => {
  it('should refuse an event whose read scope the token lacks (403, REST and GraphQL), and store nothing', async () => {
    const member = await signedInUser(gw);
    const { token } = await createAccessToken(member.agent, ['webhooks', 'favorites']);
    for (const [event, scope] of [
      ['message.created', 'messages:read'],
      ['visit_request.created', 'messages:read'],
      ['visit_request.updated', 'messages:read'],
      ['discovery.created', 'discoveries:read'],
      ['property.updated', 'listings:read'],
    ]) {
      const message = MSG.webhookEventScopeMissing.replace('{event}', event).replace('{scope}', scope);
      const rest = await restWithToken(gw, token, 'post', '/webhooks', {
        url: receiver.url(),
        events: ['favorite.created', event],
      });
      expect([event, rest.status, rest.body.message]).toEqual([event, 403, message]);
      const graph = await gqlWithToken(gw, token, CREATE, { i: { url: receiver.url(), events: [event] } });
      expect(graph.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'FORBIDDEN' } });
    }
    expect((await member.agent.get('/api/webhooks')).body).toEqual([]);
    const allowed = await restWithToken(gw, token, 'post', '/webhooks', {
      url: receiver.url(),
      events: ['favorite.created'],
    });
    expect(allowed.status).toBe(201);
  });

  it('should let a signed-in session register any event', async () => {
    const member = await signedInUser(gw);
    const res = await member.agent
      .post('/api/webhooks')
      .send({ url: receiver.url(), events: ['message.created', 'discovery.created', 'visit_request.updated'] });
    expect(res.status).toBe(201);
  });

  it('should stop delivering once its token is revoked: events queued before are not sent, the webhook is disabled', async () => {
    const member = await signedInUser(gw);
    const { token, accessToken } = await createAccessToken(member.agent, ['webhooks', 'favorites']);
    const at = path();
    const created = await restWithToken(gw, token, 'post', '/webhooks', {
      url: receiver.url(at),
      events: ['favorite.created'],
    });
    expect(created.status).toBe(201);
    const { secret, webhook } = created.body as { secret: string; webhook: { id: number } };
    const [first, second, third] = [
      await createProperty(member.agent),
      await createProperty(member.agent),
      await createProperty(member.agent),
    ];
    await member.agent.post('/api/favorites').send({ propertyId: first.id }).expect(201);
    await gw.outbox.drain();
    expect(typesAt(secret, at)).toEqual(['favorite.created']);

    // Queued while the token was valid, delivered after its revocation: refused at delivery.
    await member.agent.post('/api/favorites').send({ propertyId: second.id }).expect(201);
    expect((await member.agent.delete(`/api/access-tokens/${accessToken.id}`)).status).toBe(204);
    await gw.outbox.drain();
    // After the revocation: nothing is even queued.
    await member.agent.post('/api/favorites').send({ propertyId: third.id }).expect(201);
    await gw.outbox.drain();
    expect(typesAt(secret, at)).toEqual(['favorite.created']);

    const deliveries = await member.agent.get(`/api/webhooks/${webhook.id}/deliveries`);
    expect(deliveries.body.map((d: { status: string }) => d.status)).toEqual(['disabled', 'succeeded']);
    const [listed] = (await member.agent.get('/api/webhooks')).body as { disabledAt: string | null }[];
    expect(listed.disabledAt).not.toBeNull();
  });

  it("should stop delivering when the password changes (the change revokes the user's tokens)", async () => {
    const member = await signedInUser(gw);
    const { token } = await createAccessToken(member.agent, ['webhooks', 'favorites']);
    const at = path();
    const created = await restWithToken(gw, token, 'post', '/webhooks', {
      url: receiver.url(at),
      events: ['favorite.created'],
    });
    const { secret } = created.body as { secret: string };
    const changed = await member.agent
      .post('/api/change-password')
      .send({ currentPassword: member.password, newPassword: 'un-tout-nouveau-mot' });
    expect(changed.status).toBe(200);
    const p = await createProperty(member.agent);
    await member.agent.post('/api/favorites').send({ propertyId: p.id }).expect(201);
    await gw.outbox.drain();
    expect(typesAt(secret, at)).toEqual([]);
  });
});
