import { buildUser, createProperty } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { startPushService, type PushService } from '../../../test/push-service';
import { collect, waitFor } from '../../../test/subscribe';
import { wsClient } from '../../../test/ws';
import { quietHoursAround } from '../../../test/quiet-hours';

/*
 * Message and visit request alerts: the recipient is told by push unless one of their devices has the conversation
 * open (a messageAdded subscription on any instance), at most once per conversation and minute, never in quiet hours.
 */

let push: PushService;
beforeAll(async () => {
  push = await startPushService();
});
afterAll(() => push.close());

/** Worker stopped: drain() runs the queue, so that "no push" is checked, not waited for. */
const gw = useGateway({ listen: true, startOutbox: false });

const START = `mutation ($o: ID!, $p: ID!) { startConversation(otherUserId: $o, propertyId: $p) { id } }`;
const MESSAGE_ADDED = 'subscription ($c: ID!) { messageAdded(conversationId: $c) { id content } }';

async function member(firstName: string, withDevice = true) {
  const fields = buildUser({ firstName });
  const agent = gw.agent();
  const res = await agent.post('/api/register').send(fields);
  expect(res.status).toBe(201);
  const device = push.device();
  if (withDevice) {
    expect((await agent.post('/api/push/subscriptions').send(device.subscription)).status).toBe(201);
    await agent.patch('/api/notification-settings').send({ quietHours: null });
  }
  return {
    agent,
    device,
    password: fields.password,
    user: res.body as { id: number },
    cookie: (res.headers['set-cookie'] as unknown as string[])[0].split(';')[0],
  };
}

async function scene() {
  const owner = await member('Hélène');
  const tenant = await member('Karim');
  const property = await createProperty(owner.agent, { title: 'Loft Canal Saint-Martin' });
  const started = await gql(tenant.agent, START, { o: owner.user.id, p: property.id });
  const conversationId = Number(started.data!.startConversation.id);
  return { owner, tenant, property, conversationId };
}

const send = (m: { agent: ReturnType<typeof gw.agent> }, c: number, content: string) =>
  m.agent.post(`/api/conversations/${c}/messages`).send({ content }).expect(201);

const presence = async (userId: number) =>
  Number((await gw.db.query(`SELECT count(*) AS n FROM conversation_presence WHERE user_id = $1`, [userId]))[0].n);

async function until(predicate: () => Promise<boolean>, ms = 3000) {
  const start = Date.now();
  while (!(await predicate())) {
    if (Date.now() - start > ms) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

describe('message alerts', () => {
  it('should name a sender « Utilisateur » when their account is deleted before the alert is sent', async () => {
    const { owner, tenant, conversationId } = await scene();
    await send(tenant, conversationId, 'Toujours disponible ?');
    expect((await tenant.agent.delete('/api/users/me').send({ password: tenant.password })).status).toBe(200);
    await gw.outbox.drain();
    expect(owner.device.received().map((r) => r.data.title)).toEqual(['Nouveau message de Utilisateur']);
  });

  it('should push « Nouveau message de {prénom} » with the first 80 characters, once per conversation and minute', async () => {
    const { owner, tenant, property, conversationId } = await scene();
    const long = 'Bonjour, je suis très intéressé par votre loft : serait-il possible de le visiter samedi matin ?';
    await send(tenant, conversationId, long);
    await gw.outbox.drain();
    expect(owner.device.received().map((r) => r.data)).toEqual([
      {
        type: 'message',
        title: 'Nouveau message de Karim',
        body: `${[...long].slice(0, 80).join('')}…`,
        url: `/messages/${conversationId}`,
        conversationId,
      },
    ]);
    expect(owner.device.received()[0].headers.topic).toBe(`message-${conversationId}`);
    // The sender is not told of their own message.
    expect(tenant.device.received()).toEqual([]);

    // A second message within the minute: no second push for this conversation…
    await send(tenant, conversationId, 'Ou dimanche ?');
    await gw.outbox.drain();
    expect(owner.device.received()).toHaveLength(1);
    // …but another conversation alerts on its own.
    const other = await member('Zoé', false);
    const second = await gql(other.agent, START, { o: owner.user.id, p: property.id });
    await send(other, Number(second.data!.startConversation.id), 'Bonjour !');
    await gw.outbox.drain();
    expect(owner.device.received().map((r) => r.data.title)).toEqual([
      'Nouveau message de Karim',
      'Nouveau message de Zoé',
    ]);
  });

  it('should not push while the recipient has the conversation open over a websocket, and push again once closed', async () => {
    const { owner, tenant, conversationId } = await scene();
    const ws = wsClient(gw.port, { cookie: owner.cookie, lazy: false });
    try {
      const sub = collect(ws, MESSAGE_ADDED, { c: String(conversationId) });
      await sub.ready;
      expect(await until(async () => (await presence(owner.user.id)) === 1)).toBe(true);
      await send(tenant, conversationId, 'Vous êtes là ?');
      await gw.outbox.drain();
      expect(await waitFor(() => sub.events.length === 1, 2000)).toBe(true);
      expect(owner.device.received()).toEqual([]);
    } finally {
      await ws.dispose();
    }
    // The socket closed: its presence row goes, and the next message is pushed.
    expect(await until(async () => (await presence(owner.user.id)) === 0)).toBe(true);
    await send(tenant, conversationId, 'Je vous écris ici alors.');
    await gw.outbox.drain();
    expect(owner.device.received().map((r) => r.data.body)).toEqual(['Je vous écris ici alors.']);
  });

  it('should not count a stale presence (instance gone without cleaning up)', async () => {
    const { owner, tenant, conversationId } = await scene();
    await gw.db.query(
      `INSERT INTO conversation_presence (id, user_id, conversation_id, seen_at)
       VALUES (gen_random_uuid(), $1, $2, now() - interval '5 minutes')`,
      [owner.user.id, conversationId],
    );
    await send(tenant, conversationId, 'Toujours disponible ?');
    await gw.outbox.drain();
    expect(owner.device.received()).toHaveLength(1);
  });

  it('should respect messageAlerts off and quiet hours', async () => {
    const { owner, tenant, conversationId } = await scene();
    await owner.agent.patch('/api/notification-settings').send({ messageAlerts: false });
    await send(tenant, conversationId, 'Message 1');
    await gw.outbox.drain();
    await owner.agent.patch('/api/notification-settings').send({
      messageAlerts: true,
      quietHours: quietHoursAround().covering,
      // The discovery cap does not apply to messages.
      maxPerDay: 1,
    });
    await send(tenant, conversationId, 'Message 2');
    await gw.outbox.drain();
    expect(owner.device.received()).toEqual([]);
    await owner.agent.patch('/api/notification-settings').send({ quietHours: null });
    for (const c of ['Message 3']) await send(tenant, conversationId, c);
    await gw.outbox.drain();
    expect(owner.device.received().map((r) => r.data.body)).toEqual(['Message 3']);
  });
});

describe('visit request alerts', () => {
  it('should tell the owner « Nouvelle demande de visite » with the first name and the listing title', async () => {
    const { owner, tenant, property, conversationId } = await scene();
    const res = await tenant.agent.post('/api/visit-requests').send({ propertyId: property.id, message: 'Samedi ?' });
    expect(res.status).toBe(201);
    await gw.outbox.drain();
    expect(owner.device.received().map((r) => r.data)).toEqual([
      {
        type: 'visit_request',
        title: 'Nouvelle demande de visite',
        body: 'Karim souhaite visiter « Loft Canal Saint-Martin »',
        url: `/messages/${conversationId}`,
        conversationId,
      },
    ]);
  });
});
