import { MODERATION_MSG, MSG } from '@flaneur/schema';
import { createProperty, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { createAccessToken, gqlWithToken, restWithToken } from '../../../test/access-tokens';
import { setUserRole } from '../users/user-role';

const gw = useGateway({ startOutbox: false });
type Signed = Awaited<ReturnType<typeof signedInUser>>;
let moderator: Signed;
beforeAll(async () => {
  moderator = await signedInUser(gw);
  await setUserRole(gw.db, moderator.user.username, 'moderator');
});

const act = (agent: Signed['agent'], body: Record<string, unknown>) =>
  agent.post('/api/moderation/actions').send({ reason: 'Annonce frauduleuse signalée', ...body });
const MODERATE = `mutation ($input: ModerationActionInput!) { moderate(input: $input) { id action reason } }`;

describe('moderation access', () => {
  it('should refuse the queue and the actions to a non-moderator, in French (403)', async () => {
    const someone = await signedInUser(gw);
    const queue = await someone.agent.get('/api/moderation/queue');
    expect(queue.status).toBe(403);
    expect(queue.body.message).toBe(MODERATION_MSG.moderatorOnly);
    const res = await act(someone.agent, { targetType: 'user', targetId: moderator.user.id, action: 'warn' });
    expect(res.status).toBe(403);
    const g = await gql(someone.agent, `{ moderationQueue { listings { propertyId } } }`);
    expect(g.errors![0].extensions!.code).toBe('FORBIDDEN');
    expect(g.errors![0].message).toBe(MODERATION_MSG.moderatorOnly);
  });

  it("should refuse a moderator's access token, whatever its scopes (403)", async () => {
    const { token } = await createAccessToken(moderator.agent, ['listings:read', 'listings:write', 'profile:read']);
    const queue = await restWithToken(gw, token, 'get', '/moderation/queue');
    expect(queue.status).toBe(403);
    expect(queue.body.message).toBe(MSG.accessTokenSessionOnly);
    const post = await restWithToken(gw, token, 'post', '/moderation/actions', {
      targetType: 'user',
      targetId: 1,
      action: 'warn',
      reason: 'Essai par jeton',
    });
    expect(post.status).toBe(403);
    const g = await gqlWithToken(gw, token, MODERATE, {
      input: { targetType: 'user', targetId: '1', action: 'warn', reason: 'Essai par jeton' },
    });
    expect(g.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await gw.db.query(`SELECT 1 FROM moderation_actions WHERE moderator_id = $1`, [moderator.user.id])).toEqual(
      [],
    );
  });

  it('should refuse a moderator acting on their own listing or account, and bad input, in French', async () => {
    const own = await createProperty(moderator.agent);
    const hide = await act(moderator.agent, { targetType: 'property', targetId: own.id, action: 'hide' });
    expect(hide.status).toBe(403);
    expect(hide.body.message).toBe(MODERATION_MSG.moderationOwnListing);
    const self = await act(moderator.agent, { targetType: 'user', targetId: moderator.user.id, action: 'suspend' });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(MODERATION_MSG.moderationSelf);
    const wrong = await act(moderator.agent, { targetType: 'user', targetId: moderator.user.id, action: 'hide' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MODERATION_MSG.moderationActionInvalid);
    const noReason = await act(moderator.agent, {
      targetType: 'property',
      targetId: own.id,
      action: 'hide',
      reason: '',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toBe(MODERATION_MSG.moderationReasonRequired);
    const missing = await act(moderator.agent, { targetType: 'property', targetId: 2_000_000_000, action: 'hide' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MODERATION_MSG.moderationTargetNotFound);
  });
});

describe('moderation queue', () => {
  it('should rank listings and accounts by their reports', async () => {
    const owner = await signedInUser(gw);
    const [once, twice] = [await createProperty(owner.agent), await createProperty(owner.agent)];
    const reporters = await Promise.all([signedInUser(gw), signedInUser(gw)]);
    for (const r of reporters)
      expect(
        (await r.agent.post('/api/reports').send({ targetType: 'property', targetId: twice.id, reason: 'arnaque' }))
          .status,
      ).toBe(201);
    await reporters[0].agent
      .post('/api/reports')
      .send({ targetType: 'property', targetId: once.id, reason: 'doublon' });
    const res = await moderator.agent.get('/api/moderation/queue');
    expect(res.status).toBe(200);
    const ids = res.body.listings.map((l: { propertyId: number }) => l.propertyId);
    expect(ids.indexOf(twice.id)).toBeLessThan(ids.indexOf(once.id));
    expect(res.body.listings.find((l: { propertyId: number }) => l.propertyId === twice.id)).toMatchObject({
      reportCount: 2,
      hidden: false,
      ownerUsername: owner.user.username,
      reasons: ['Arnaque ou tentative de fraude'],
    });
    const account = res.body.accounts.find((a: { userId: number }) => a.userId === owner.user.id);
    expect(account).toMatchObject({ reportCount: 3, suspended: false });
    const g = await gql(moderator.agent, `{ moderationQueue { listings { propertyId score } } }`);
    expect(g.errors).toBeUndefined();
    expect(g.data!.moderationQueue.listings.length).toBeGreaterThan(0);
  });
});

describe('hiding a listing', () => {
  it('should answer 404 to everyone but its owner and moderators, and leave search and favourites', async () => {
    const owner = await signedInUser(gw);
    const tenant = await signedInUser(gw);
    const listing = await createProperty(owner.agent);
    await tenant.agent.post('/api/favorites').send({ propertyId: listing.id });
    const res = await act(moderator.agent, { targetType: 'property', targetId: listing.id, action: 'hide' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ action: 'hide', reason: 'Annonce frauduleuse signalée' });
    const gone = await tenant.agent.get(`/api/properties/${listing.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(MSG.propertyNotFound);
    expect((await gw.agent().get(`/api/properties/${listing.id}`)).status).toBe(404);
    expect((await owner.agent.get(`/api/properties/${listing.id}`)).status).toBe(200);
    expect((await moderator.agent.get(`/api/properties/${listing.id}`)).status).toBe(200);
    const search = await gw.agent().get('/api/properties').query({ city: listing.city });
    expect(search.body).toEqual([]);
    expect((await tenant.agent.get('/api/favorites')).body).toEqual([]);
    // Nothing deleted: the favourite stays and comes back with the listing.
    const restored = await act(moderator.agent, { targetType: 'property', targetId: listing.id, action: 'restore' });
    expect(restored.status).toBe(201);
    expect((await tenant.agent.get(`/api/properties/${listing.id}`)).status).toBe(200);
    expect((await tenant.agent.get('/api/favorites')).body).toHaveLength(1);
    expect((await gw.agent().get('/api/properties').query({ city: listing.city })).body).toHaveLength(1);
  });

  it('should show the owner each decision with its reason and take one contest per decision', async () => {
    const owner = await signedInUser(gw);
    const listing = await createProperty(owner.agent);
    const hidden = await act(moderator.agent, { targetType: 'property', targetId: listing.id, action: 'hide' });
    const decisions = await owner.agent.get('/api/moderation/decisions');
    expect(decisions.body).toEqual([
      expect.objectContaining({ id: hidden.body.id, targetType: 'property', targetId: listing.id, action: 'hide' }),
    ]);
    expect(decisions.body[0].reason).toBe('Annonce frauduleuse signalée');
    const stranger = await signedInUser(gw);
    const path = `/api/moderation/decisions/${hidden.body.id}/contest`;
    const message = 'Cette annonce est authentique, je peux le prouver.';
    const notYours = await stranger.agent.post(path).send({ message });
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toBe(MODERATION_MSG.contestNotYours);
    const short = await owner.agent.post(path).send({ message: 'non' });
    expect(short.status).toBe(400);
    const first = await owner.agent.post(path).send({ message });
    expect(first.status).toBe(200);
    expect(first.body.contest).toBe(message);
    const second = await owner.agent.post(path).send({ message });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(MODERATION_MSG.contestDuplicate);
    const g = await gql(owner.agent, `{ myModerationActions { id action reason contest } }`);
    expect(g.data!.myModerationActions).toEqual([
      { id: String(hidden.body.id), action: 'hide', reason: 'Annonce frauduleuse signalée', contest: message },
    ]);
    const [log] = await gw.db.query(`SELECT moderator_id, created_at FROM moderation_actions WHERE id = $1`, [
      hidden.body.id,
    ]);
    expect(log.moderator_id).toBe(moderator.user.id);
  });
});

describe('suspending an account', () => {
  it('should refuse sign-in, end its sessions and hide its listings until reinstated; a warning is only logged', async () => {
    const owner = await signedInUser(gw);
    const listing = await createProperty(owner.agent);
    const warned = await act(moderator.agent, { targetType: 'user', targetId: owner.user.id, action: 'warn' });
    expect(warned.status).toBe(201);
    expect((await owner.agent.get('/api/user')).status).toBe(200);

    const res = await gql(moderator.agent, MODERATE, {
      input: { targetType: 'user', targetId: String(owner.user.id), action: 'suspend', reason: 'Escroquerie avérée' },
    });
    expect(res.errors).toBeUndefined();
    expect((await owner.agent.get('/api/user')).status).toBe(401);
    const login = await gw.agent().post('/api/login').send({ username: owner.user.username, password: owner.password });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(MODERATION_MSG.accountSuspended);
    const wrong = await gw.agent().post('/api/login').send({ username: owner.user.username, password: 'mauvais-mot' });
    expect(wrong.status).toBe(401);
    expect((await gw.agent().get(`/api/properties/${listing.id}`)).status).toBe(404);
    expect((await moderator.agent.get(`/api/properties/${listing.id}`)).status).toBe(200);
    expect((await gw.agent().get('/api/properties').query({ city: listing.city })).body).toEqual([]);

    const back = await act(moderator.agent, { targetType: 'user', targetId: owner.user.id, action: 'reinstate' });
    expect(back.status).toBe(201);
    const again = gw.agent();
    expect(
      (await again.post('/api/login').send({ username: owner.user.username, password: owner.password })).status,
    ).toBe(200);
    expect((await gw.agent().get(`/api/properties/${listing.id}`)).status).toBe(200);
    const decisions = await again.get('/api/moderation/decisions');
    expect(decisions.body.map((d: { action: string }) => d.action)).toEqual(['reinstate', 'suspend', 'warn']);
  });
});

describe('message signals in the queue', () => {
  it('should store the signals of a new message and rank its sender', async () => {
    const owner = await signedInUser(gw);
    const tenant = await signedInUser(gw);
    const listing = await createProperty(owner.agent);
    const c = await tenant.agent
      .post('/api/conversations')
      .send({ user1Id: tenant.user.id, user2Id: owner.user.id, propertyId: listing.id });
    const sent = await owner.agent
      .post(`/api/conversations/${c.body.id}/messages`)
      .send({ content: 'Payez 500 € en coupon PCS avant la visite, puis écrivez-moi sur WhatsApp.' });
    expect(sent.status).toBe(201);
    const [row] = await gw.db.query(`SELECT signals FROM messages WHERE id = $1`, [sent.body.id]);
    expect(row.signals.sort()).toEqual(['argent_avant_visite', 'autre_canal', 'coupon_paiement']);
    const queue = await moderator.agent.get('/api/moderation/queue');
    expect(queue.body.accounts.find((a: { userId: number }) => a.userId === owner.user.id)).toMatchObject({
      flaggedMessageCount: 1,
    });
    expect(queue.body.listings.find((l: { propertyId: number }) => l.propertyId === listing.id)).toMatchObject({
      flaggedMessageCount: 1,
      reportCount: 0,
    });
  });
});

describe('conversation warning', () => {
  it('should warn the reader of flagged messages (REST and GraphQL), not their sender, and after a suspension', async () => {
    const owner = await signedInUser(gw);
    const tenant = await signedInUser(gw);
    const listing = await createProperty(owner.agent);
    const c = await tenant.agent
      .post('/api/conversations')
      .send({ user1Id: tenant.user.id, user2Id: owner.user.id, propertyId: listing.id });
    await tenant.agent
      .post(`/api/conversations/${c.body.id}/messages`)
      .send({ content: 'Bonjour, est-il disponible ?' });
    expect((await tenant.agent.get(`/api/conversations/${c.body.id}`)).body.trustWarning).toBeUndefined();
    await owner.agent
      .post(`/api/conversations/${c.body.id}/messages`)
      .send({ content: 'Oui, réglez la caution par mandat cash avant la visite.' });
    const rest = await tenant.agent.get(`/api/conversations/${c.body.id}`);
    expect(rest.body.trustWarning).toEqual({
      message: MODERATION_MSG.scamWarning,
      signals: expect.arrayContaining(['coupon_paiement', 'argent_avant_visite']),
      reportTargetType: 'conversation',
      reportTargetId: c.body.id,
    });
    expect((await owner.agent.get(`/api/conversations/${c.body.id}`)).body.trustWarning).toBeUndefined();
    // The list marks the row the same way, for its reader only.
    const row = async (agent: typeof tenant.agent) =>
      ((await agent.get('/api/conversations')).body as { id: number; warned?: boolean }[]).find(
        (r) => r.id === c.body.id,
      );
    expect(await row(tenant.agent)).toMatchObject({ warned: true });
    expect((await row(owner.agent))!.warned).toBeUndefined();
    const rows = await gql(tenant.agent, `{ conversations { id warned } }`);
    expect(rows.data!.conversations).toContainEqual({ id: String(c.body.id), warned: true });
    const g = await gql(
      tenant.agent,
      `query ($id: ID!) { conversation(id: $id) { trustWarning { message reportTargetId } } }`,
      {
        id: String(c.body.id),
      },
    );
    expect(g.errors).toBeUndefined();
    expect(g.data!.conversation.trustWarning.message).toMatch(/^Ne versez jamais d'argent avant d'avoir visité/);
    await act(moderator.agent, { targetType: 'user', targetId: owner.user.id, action: 'suspend' });
    const after = await tenant.agent.get(`/api/conversations/${c.body.id}`);
    expect(after.body.trustWarning.message).toBe(MODERATION_MSG.suspendedCounterpartWarning);
  });
});

describe('documents warning', () => {
  const DOCS = `query ($id: ID!) { conversation(id: $id) { documentsWarning } }`;
  it('should warn before sending documents to an account under 7 days old or reported, not to a clean older one', async () => {
    const owner = await signedInUser(gw);
    const tenant = await signedInUser(gw);
    const listing = await createProperty(owner.agent);
    const c = await tenant.agent
      .post('/api/conversations')
      .send({ user1Id: tenant.user.id, user2Id: owner.user.id, propertyId: listing.id });
    const docs = async () => (await tenant.agent.get(`/api/conversations/${c.body.id}`)).body.documentsWarning;
    // A new account: warned.
    expect(await docs()).toBe(MODERATION_MSG.documentsCaution);
    // The same account a month old, clean: nothing (REST leaves the key out, GraphQL answers null).
    await gw.db.query(`UPDATE users SET created_at = now() - interval '30 days' WHERE id = $1`, [owner.user.id]);
    expect(await docs()).toBeUndefined();
    const g = await gql(tenant.agent, DOCS, { id: String(c.body.id) });
    expect(g.data!.conversation.documentsWarning).toBeNull();
    // Reported by someone: warned again.
    const other = await signedInUser(gw);
    const reported = await other.agent
      .post('/api/reports')
      .send({ targetType: 'user', targetId: owner.user.id, reason: 'arnaque' });
    expect(reported.status).toBe(201);
    expect(await docs()).toBe(MODERATION_MSG.documentsCaution);
    expect((await gql(tenant.agent, DOCS, { id: String(c.body.id) })).data!.conversation.documentsWarning).toBe(
      MODERATION_MSG.documentsCaution,
    );
  });
});
