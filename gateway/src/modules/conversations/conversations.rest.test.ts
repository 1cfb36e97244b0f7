import { LIMITS, MSG } from '@flaneur/schema';
import { createProperty, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';

type Member = Awaited<ReturnType<typeof signedInUser>>;
const gw = useGateway();

/** An owner with a listing, a tenant and a stranger; the tenant opened the conversation about the listing. */
async function scene() {
  const owner = await signedInUser(gw);
  const tenant = await signedInUser(gw);
  const stranger = await signedInUser(gw);
  const property = await createProperty(owner.agent, { title: 'Studio Montmartre' });
  const res = await tenant.agent
    .post('/api/conversations')
    .send({ user1Id: tenant.user.id, user2Id: owner.user.id, propertyId: property.id });
  expect(res.status).toBe(201);
  return { owner, tenant, stranger, property, conversationId: res.body.id as number };
}

const send = (m: Member, conversationId: number, body: Record<string, unknown>) =>
  m.agent.post(`/api/conversations/${conversationId}/messages`).send({ senderId: m.user.id, ...body });
const unread = async (m: Member) => (await m.agent.get('/api/messages/unread')).body as number;

describe('POST /api/conversations', () => {
  it('should answer 201 { id } when created, then 200 with the same id when either participant starts it again', async () => {
    const { owner, tenant, property, conversationId } = await scene();
    const again = await tenant.agent
      .post('/api/conversations')
      .send({ user1Id: tenant.user.id, user2Id: owner.user.id, propertyId: property.id });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id: conversationId });
    const reversed = await owner.agent
      .post('/api/conversations')
      .send({ user1Id: owner.user.id, user2Id: tenant.user.id, propertyId: String(property.id) });
    expect(reversed.status).toBe(200);
    expect(reversed.body).toEqual({ id: conversationId });
    const [{ count }] = await gw.db.query('SELECT count(*)::int AS count FROM conversations WHERE property_id = $1', [
      property.id,
    ]);
    expect(count).toBe(1);
  });

  it('should keep one row when two starts race for the same pair and listing', async () => {
    const owner = await signedInUser(gw);
    const tenant = await signedInUser(gw);
    const property = await createProperty(owner.agent);
    const body = { user1Id: tenant.user.id, user2Id: owner.user.id, propertyId: property.id };
    const answers = await Promise.all([1, 2, 3].map(() => tenant.agent.post('/api/conversations').send(body)));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
  });

  it('should open a separate conversation for another listing of the same owner', async () => {
    const { owner, tenant, conversationId } = await scene();
    const other = await createProperty(owner.agent);
    const res = await tenant.agent
      .post('/api/conversations')
      .send({ user1Id: tenant.user.id, user2Id: owner.user.id, propertyId: other.id });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(conversationId);
  });

  it('should answer 400 with the French message when the user writes to themself', async () => {
    const owner = await signedInUser(gw);
    const property = await createProperty(owner.agent);
    const res = await owner.agent
      .post('/api/conversations')
      .send({ user1Id: owner.user.id, user2Id: owner.user.id, propertyId: property.id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MSG.conversationWithSelf });
  });

  it('should answer 404 when the other user does not exist', async () => {
    const tenant = await signedInUser(gw);
    const property = await createProperty(tenant.agent);
    const res = await tenant.agent
      .post('/api/conversations')
      .send({ user1Id: tenant.user.id, user2Id: 2_000_000_000, propertyId: property.id });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.userNotFound);
  });

  it('should answer 404 when the listing does not exist, and 403 when neither user owns it', async () => {
    const owner = await signedInUser(gw);
    const tenant = await signedInUser(gw);
    const stranger = await signedInUser(gw);
    const property = await createProperty(owner.agent);
    const missing = await tenant.agent
      .post('/api/conversations')
      .send({ user1Id: tenant.user.id, user2Id: owner.user.id, propertyId: 2_000_000_000 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MSG.propertyNotFound);
    const unrelated = await tenant.agent
      .post('/api/conversations')
      .send({ user1Id: tenant.user.id, user2Id: stranger.user.id, propertyId: property.id });
    expect(unrelated.status).toBe(403);
    expect(unrelated.body.message).toBe(MSG.conversationStartForbidden);
  });

  it('should answer 403 "Accès refusé" when the session user is neither user1Id nor user2Id', async () => {
    const { owner, tenant, stranger, property } = await scene();
    const res = await stranger.agent
      .post('/api/conversations')
      .send({ user1Id: tenant.user.id, user2Id: owner.user.id, propertyId: property.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MSG.forbidden });
  });

  it('should answer 401 when signed out', async () => {
    const res = await gw.agent().post('/api/conversations').send({ user1Id: 1, user2Id: 2, propertyId: 1 });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/conversations and /api/conversations/{id}', () => {
  it('should list the rows with participant, listing title and unread count, most recent activity first', async () => {
    const { owner, tenant, property, conversationId } = await scene();
    const second = await createProperty(owner.agent, { title: 'Maison au calme' });
    const other = await tenant.agent
      .post('/api/conversations')
      .send({ user1Id: tenant.user.id, user2Id: owner.user.id, propertyId: second.id });
    await send(tenant, conversationId, { content: 'Bonjour, est-il toujours disponible ?' });
    const rows = (await owner.agent.get('/api/conversations')).body;
    expect(rows.map((r: { id: number }) => r.id)).toEqual([conversationId, other.body.id]);
    expect(rows[0]).toMatchObject({
      id: conversationId,
      unreadCount: 1,
      propertyId: property.id,
      propertyTitle: 'Studio Montmartre',
      participant: { id: tenant.user.id, username: tenant.user.username, firstName: 'Camille', lastName: 'Durand' },
    });
    expect(rows[0].participant).toHaveProperty('profilePicture');
    expect(rows[0].participant.email).toBeUndefined();
    expect(rows[1]).toMatchObject({ unreadCount: 0, propertyTitle: 'Maison au calme' });
    const tenantRows = (await tenant.agent.get('/api/conversations')).body;
    expect(tenantRows[0]).toMatchObject({ unreadCount: 0, participant: { id: owner.user.id } });
  });

  it('should answer { conversation, messages, participant, property } to each participant', async () => {
    const { owner, tenant, property, conversationId } = await scene();
    await send(tenant, conversationId, { content: 'Bonjour' });
    // An account older than a week (a new one adds documentsWarning, as a flagged one adds trustWarning).
    await gw.db.query(`UPDATE users SET created_at = now() - interval '30 days' WHERE id = $1`, [tenant.user.id]);
    const res = await owner.agent.get(`/api/conversations/${conversationId}`).query({ userId: owner.user.id });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['conversation', 'messages', 'participant', 'property']);
    expect(res.body.conversation).toMatchObject({ id: conversationId, propertyId: property.id });
    expect(res.body.participant).toMatchObject({ id: tenant.user.id, username: tenant.user.username });
    expect(res.body.property).toMatchObject({ id: property.id, title: 'Studio Montmartre', price: '350000.00' });
    expect(res.body.messages).toEqual([
      expect.objectContaining({ content: 'Bonjour', senderId: tenant.user.id, isRead: false, messageType: 'text' }),
    ]);
    const mine = await tenant.agent.get(`/api/conversations/${conversationId}`);
    expect(mine.body.participant.id).toBe(owner.user.id);
  });

  it("should answer 403 with the French text to a third user, for a missing id too, and 403 'Accès refusé' for another userId", async () => {
    const { tenant, stranger, conversationId } = await scene();
    for (const path of [
      `/api/conversations/${conversationId}`,
      '/api/conversations/2000000000',
      '/api/conversations/abc',
    ]) {
      const res = await stranger.agent.get(path);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: MSG.conversationForbidden });
    }
    const spoofed = await tenant.agent.get(`/api/conversations/${conversationId}`).query({ userId: stranger.user.id });
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.message).toBe(MSG.forbidden);
    expect((await stranger.agent.get('/api/conversations')).body).toEqual([]);
  });

  it('should keep the conversation and show "Annonce supprimée" when the listing is deleted', async () => {
    const { owner, tenant, property, conversationId } = await scene();
    await send(tenant, conversationId, { content: 'Toujours libre ?' });
    expect((await owner.agent.delete(`/api/properties/${property.id}`)).status).toBe(204);
    const rows = (await tenant.agent.get('/api/conversations')).body;
    expect(rows[0]).toMatchObject({ id: conversationId, propertyId: null, propertyTitle: MSG.deletedListing });
    const detail = await tenant.agent.get(`/api/conversations/${conversationId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.property).toBeNull();
    expect(detail.body.conversation.propertyTitle).toBe('Annonce supprimée');
    expect(detail.body.messages).toHaveLength(1);
  });
});

describe('POST /api/conversations/{id}/messages', () => {
  it('should answer 201 with the created message and move lastActivityAt to its time', async () => {
    const { tenant, conversationId } = await scene();
    const before = (await tenant.agent.get(`/api/conversations/${conversationId}`)).body.conversation.lastActivityAt;
    const res = await send(tenant, conversationId, { content: '  Bonjour !  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      conversationId,
      senderId: tenant.user.id,
      content: 'Bonjour !',
      isRead: false,
      sentAt: expect.any(String),
      attachedFileIds: [],
      messageType: 'text',
    });
    const after = (await tenant.agent.get(`/api/conversations/${conversationId}`)).body.conversation.lastActivityAt;
    expect(after).toBe(res.body.sentAt);
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime());
  });

  it('should refuse blank content with 400 unless documents are attached', async () => {
    const { tenant, conversationId } = await scene();
    for (const content of ['', '   \n ', undefined]) {
      const res = await send(tenant, conversationId, { content });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.messageEmpty);
    }
  });

  it('should accept 5000 characters and refuse 5001 with the French message', async () => {
    const { tenant, conversationId } = await scene();
    expect((await send(tenant, conversationId, { content: 'a'.repeat(LIMITS.messageMax) })).status).toBe(201);
    const long = await send(tenant, conversationId, { content: 'a'.repeat(LIMITS.messageMax + 1) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ message: MSG.messageTooLong, errors: { content: MSG.messageTooLong } });
  });

  it('should refuse a third user with 403, and a senderId other than the session user with "Accès refusé"', async () => {
    const { tenant, stranger, conversationId } = await scene();
    const intruder = await send(stranger, conversationId, { content: 'Coucou' });
    expect(intruder.status).toBe(403);
    expect(intruder.body.message).toBe(MSG.conversationForbidden);
    const spoofed = await tenant.agent
      .post(`/api/conversations/${conversationId}/messages`)
      .send({ content: 'Coucou', senderId: stranger.user.id });
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.message).toBe(MSG.forbidden);
    const messages = (await tenant.agent.get(`/api/conversations/${conversationId}`)).body.messages;
    expect(messages).toEqual([]);
  });
});

describe('unread messages', () => {
  it('should count messages addressed to each user and mark read only those addressed to the reader', async () => {
    const { owner, tenant, stranger, conversationId } = await scene();
    await send(tenant, conversationId, { content: 'Bonjour' });
    await send(tenant, conversationId, { content: 'Êtes-vous là ?' });
    const unreadRes = await owner.agent.get('/api/messages/unread');
    expect(unreadRes.status).toBe(200);
    expect(unreadRes.text).toBe('2');
    expect(await unread(tenant)).toBe(0);

    // The tenant opening the conversation does not mark their own messages as read.
    const tenantRead = await tenant.agent
      .post(`/api/conversations/${conversationId}/read`)
      .send({ userId: tenant.user.id });
    expect(tenantRead.status).toBe(200);
    expect(await unread(owner)).toBe(2);

    await send(owner, conversationId, { content: 'Oui, bonjour' });
    expect(await unread(tenant)).toBe(1);
    expect((await owner.agent.post(`/api/conversations/${conversationId}/read`).send({})).status).toBe(200);
    expect(await unread(owner)).toBe(0);
    expect(await unread(tenant)).toBe(1);
    const messages = (await owner.agent.get(`/api/conversations/${conversationId}`)).body.messages;
    expect(messages.map((m: { content: string; isRead: boolean }) => [m.content, m.isRead])).toEqual([
      ['Bonjour', true],
      ['Êtes-vous là ?', true],
      ['Oui, bonjour', false],
    ]);

    const intruder = await stranger.agent.post(`/api/conversations/${conversationId}/read`).send({});
    expect(intruder.status).toBe(403);
    const spoofed = await tenant.agent
      .post(`/api/conversations/${conversationId}/read`)
      .send({ userId: owner.user.id });
    expect(spoofed.status).toBe(403);
    expect(await unread(tenant)).toBe(1);
  });

  it('should answer 401 to a signed-out client', async () => {
    expect((await gw.agent().get('/api/messages/unread')).status).toBe(401);
    expect((await gw.agent().get('/api/conversations')).status).toBe(401);
  });
});
