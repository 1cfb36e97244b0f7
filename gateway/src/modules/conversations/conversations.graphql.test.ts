import { MSG } from '@flaneur/schema';
import { buildUser, createProperty, insertProperties } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { collect, waitFor } from '../../../test/subscribe';
import { wsClient } from '../../../test/ws';
import type { QueryCounter } from '../../lib/query-counter';

// No outbox worker: its jobs (message alerts) would add statements to the counted ones.
const gw = useGateway({ listen: true, startOutbox: false });

/** A registered, signed-in user with the session cookie a browser would send on the websocket. */
async function member() {
  const fields = buildUser();
  const agent = gw.agent();
  const res = await agent.post('/api/register').send(fields);
  expect(res.status).toBe(201);
  return {
    agent,
    user: res.body as { id: number; username: string },
    cookie: res.headers['set-cookie'][0].split(';')[0],
  };
}
type Member = Awaited<ReturnType<typeof member>>;

const START = `mutation ($o: ID!, $p: ID!) { startConversation(otherUserId: $o, propertyId: $p) {
  id propertyId propertyTitle unreadCount lastActivityAt participant { id username firstName lastName profilePicture } } }`;
const SEND = `mutation ($c: ID!, $t: String, $f: [ID!]) { sendMessage(conversationId: $c, content: $t, attachedFileIds: $f) {
  id conversationId senderId content isRead messageType attachedFileIds sender { username } } }`;
const LIST = `query { conversations { id propertyTitle unreadCount lastActivityAt
  participant { id username firstName lastName profilePicture } } }`;
const THREAD = `query ($id: ID!) { conversation(id: $id) {
  conversation { id propertyId user1Id user2Id lastActivityAt createdAt }
  messages { id content isRead senderId sender { username } }
  participant { username } property { id title price } propertyTitle } }`;
const UNREAD = 'query { unreadMessageCount }';
const READ = 'mutation ($c: ID!) { markConversationRead(conversationId: $c) { id unreadCount } }';
const MESSAGE_ADDED = 'subscription ($c: ID!) { messageAdded(conversationId: $c) { id content senderId } }';
const UPDATED = 'subscription { conversationUpdated { unreadMessageCount conversation { id unreadCount } } }';

async function scene() {
  const owner = await member();
  const tenant = await member();
  const stranger = await member();
  const property = await createProperty(owner.agent, { title: 'Loft Canal Saint-Martin' });
  const started = await gql(tenant.agent, START, { o: owner.user.id, p: property.id });
  expect(started.errors).toBeUndefined();
  return { owner, tenant, stranger, property, conversationId: started.data!.startConversation.id as string };
}
const sendAs = (m: Member, c: string, t: string | null, f?: string[]) => gql(m.agent, SEND, { c, t, f });

describe('conversations over GraphQL', () => {
  it('should start a conversation once per pair and listing and answer the row', async () => {
    const { owner, tenant, property, conversationId } = await scene();
    const again = await gql(owner.agent, START, { o: tenant.user.id, p: property.id });
    expect(again.data!.startConversation).toMatchObject({
      id: conversationId,
      propertyId: String(property.id),
      propertyTitle: 'Loft Canal Saint-Martin',
      unreadCount: 0,
      participant: { id: String(tenant.user.id), username: tenant.user.username, firstName: 'Camille' },
    });
  });

  it('should answer BAD_USER_INPUT for oneself, NOT_FOUND for an unknown user and UNAUTHENTICATED signed out', async () => {
    const { owner, property } = await scene();
    const self = await gql(owner.agent, START, { o: owner.user.id, p: property.id });
    expect(self.errors![0]).toMatchObject({
      message: MSG.conversationWithSelf,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const ghost = await gql(owner.agent, START, { o: '2000000000', p: property.id });
    expect(ghost.errors![0]).toMatchObject({ message: MSG.userNotFound, extensions: { code: 'NOT_FOUND' } });
    const anonymous = await gql(gw.agent(), START, { o: owner.user.id, p: property.id });
    expect(anonymous.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('should send, list, open and mark read with unread counts for both users', async () => {
    const { owner, tenant, conversationId } = await scene();
    const sent = await sendAs(tenant, conversationId, 'Bonjour, la visite est-elle possible samedi ?');
    expect(sent.data!.sendMessage).toMatchObject({
      conversationId,
      senderId: String(tenant.user.id),
      isRead: false,
      messageType: 'text',
      attachedFileIds: [],
      sender: { username: tenant.user.username },
    });
    expect((await gql(owner.agent, UNREAD)).data).toEqual({ unreadMessageCount: 1 });
    expect((await gql(tenant.agent, UNREAD)).data).toEqual({ unreadMessageCount: 0 });
    const rows = (await gql(owner.agent, LIST)).data!.conversations;
    expect(rows[0]).toMatchObject({ id: conversationId, unreadCount: 1, participant: { id: String(tenant.user.id) } });

    const thread = (await gql(owner.agent, THREAD, { id: conversationId })).data!.conversation;
    expect(thread.participant.username).toBe(tenant.user.username);
    expect(thread.property).toMatchObject({ title: 'Loft Canal Saint-Martin', price: 350000 });
    expect(thread.messages).toHaveLength(1);

    expect((await gql(tenant.agent, READ, { c: conversationId })).data!.markConversationRead.unreadCount).toBe(0);
    expect((await gql(owner.agent, UNREAD)).data).toEqual({ unreadMessageCount: 1 });
    expect((await gql(owner.agent, READ, { c: conversationId })).data!.markConversationRead.unreadCount).toBe(0);
    expect((await gql(owner.agent, UNREAD)).data).toEqual({ unreadMessageCount: 0 });
  });

  it('should answer FORBIDDEN with the French text to a third user, whatever the operation', async () => {
    const { stranger, conversationId } = await scene();
    for (const [query, variables] of [
      [THREAD, { id: conversationId }],
      [THREAD, { id: '2000000000' }],
      [SEND, { c: conversationId, t: 'Coucou' }],
      [READ, { c: conversationId }],
    ] as const) {
      const res = await gql(stranger.agent, query, variables);
      expect(res.errors![0]).toMatchObject({ message: MSG.conversationForbidden, extensions: { code: 'FORBIDDEN' } });
    }
  });

  it('should refuse blank and too long content with BAD_USER_INPUT', async () => {
    const { tenant, conversationId } = await scene();
    const blank = await sendAs(tenant, conversationId, '   ');
    expect(blank.errors![0]).toMatchObject({
      message: MSG.messageEmpty,
      extensions: { code: 'BAD_USER_INPUT', fields: { content: MSG.messageEmpty } },
    });
    const long = await sendAs(tenant, conversationId, 'é'.repeat(5001));
    expect(long.errors![0].extensions).toMatchObject({ fields: { content: MSG.messageTooLong } });
  });

  it('should cost the same number of SQL statements for a list of 2 conversations as for 12', async () => {
    const counter = gw.db.logger as QueryCounter;
    const measure = async (m: Member) => {
      counter.count = 0;
      const res = await gql(m.agent, LIST);
      expect(res.errors).toBeUndefined();
      return { statements: counter.count, rows: res.data!.conversations.length };
    };
    const withConversations = async (n: number) => {
      const tenant = await member();
      const owners = [await member(), await member()];
      const ids = await insertProperties(gw.db, n, {
        ownerIds: Array.from({ length: n }, (_, i) => owners[i % 2].user.id),
      });
      for (const [i, id] of ids.entries()) {
        const started = await gql(tenant.agent, START, { o: owners[i % 2].user.id, p: id });
        await sendAs(owners[i % 2], started.data!.startConversation.id, `Message ${i}`);
      }
      return tenant;
    };
    const small = await measure(await withConversations(2));
    const large = await measure(await withConversations(12));
    expect(small.rows).toBe(2);
    expect(large.rows).toBe(12);
    expect(small.statements).toBeGreaterThan(0);
    expect(small.statements).toBeLessThanOrEqual(4);
    expect(large.statements).toBe(small.statements);
  });
});

describe('live updates over graphql-ws', () => {
  it("should deliver messageAdded within 1 s on the other participant's connection and never on a third user's", async () => {
    const { owner, tenant, stranger, conversationId } = await scene();
    const ownerWs = wsClient(gw.port, { cookie: owner.cookie, lazy: false });
    const strangerWs = wsClient(gw.port, { cookie: stranger.cookie, lazy: false });
    try {
      const ownerSub = collect(ownerWs, MESSAGE_ADDED, { c: conversationId });
      const strangerSub = collect(strangerWs, MESSAGE_ADDED, { c: conversationId });
      await Promise.all([ownerSub.ready, strangerSub.ready]);
      expect(await waitFor(() => strangerSub.errors.length > 0)).toBe(true);
      expect(JSON.stringify(strangerSub.errors)).toContain(MSG.conversationForbidden);
      await new Promise((r) => setTimeout(r, 100));

      const sentAt = Date.now();
      const sent = await tenant.agent
        .post(`/api/conversations/${conversationId}/messages`)
        .send({ content: 'Visite possible demain ?' });
      expect(sent.status).toBe(201);
      expect(await waitFor(() => ownerSub.events.length > 0, 1000)).toBe(true);
      expect(Date.now() - sentAt).toBeLessThan(1000);
      expect(ownerSub.events[0]).toEqual({
        messageAdded: {
          id: String(sent.body.id),
          content: 'Visite possible demain ?',
          senderId: String(tenant.user.id),
        },
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(strangerSub.events).toEqual([]);
    } finally {
      await ownerWs.dispose();
      await strangerWs.dispose();
    }
  });

  it('should refuse private subscriptions on a connection without a session', async () => {
    const { conversationId } = await scene();
    const anonymous = wsClient(gw.port, { lazy: false });
    try {
      const messages = collect(anonymous, MESSAGE_ADDED, { c: conversationId });
      const updates = collect(anonymous, UPDATED);
      await Promise.all([messages.ready, updates.ready]);
      expect(await waitFor(() => messages.errors.length > 0 && updates.errors.length > 0)).toBe(true);
      expect(JSON.stringify(updates.errors)).toContain(MSG.unauthenticated);
      expect(messages.events).toEqual([]);
      expect(updates.events).toEqual([]);
    } finally {
      await anonymous.dispose();
    }
  });

  it("should push conversationUpdated to the recipient's own connection with unread counts, then on read", async () => {
    const { owner, tenant, stranger, conversationId } = await scene();
    const ownerWs = wsClient(gw.port, { cookie: owner.cookie, lazy: false });
    const strangerWs = wsClient(gw.port, { cookie: stranger.cookie, lazy: false });
    try {
      const ownerSub = collect(ownerWs, UPDATED);
      const strangerSub = collect(strangerWs, UPDATED);
      await Promise.all([ownerSub.ready, strangerSub.ready]);
      await new Promise((r) => setTimeout(r, 100));
      await sendAs(tenant, conversationId, 'Bonjour');
      expect(await waitFor(() => ownerSub.events.length > 0)).toBe(true);
      expect(ownerSub.events[0]).toEqual({
        conversationUpdated: { unreadMessageCount: 1, conversation: { id: conversationId, unreadCount: 1 } },
      });
      await gql(owner.agent, READ, { c: conversationId });
      expect(await waitFor(() => ownerSub.events.length > 1)).toBe(true);
      expect(ownerSub.events[1]).toEqual({
        conversationUpdated: { unreadMessageCount: 0, conversation: { id: conversationId, unreadCount: 0 } },
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(strangerSub.events).toEqual([]);
      expect(strangerSub.errors).toEqual([]);
    } finally {
      await ownerWs.dispose();
      await strangerWs.dispose();
    }
  });
});
