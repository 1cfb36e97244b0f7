import { MODERATION_MSG, MSG } from '@flaneur/schema';
import { createProperty, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { User } from '../users/user.entity';
import { createAccessToken, gqlWithToken, restWithToken } from '../../../test/access-tokens';

const gw = useGateway({ startOutbox: false });
type Signed = Awaited<ReturnType<typeof signedInUser>>;
let owner: Signed;
let listing: { id: number };
beforeAll(async () => {
  owner = await signedInUser(gw);
  listing = await createProperty(owner.agent);
});

const REPORT = `mutation ($input: ReportInput!) {
  createReport(input: $input) { id targetType targetId reason reasonLabel comment }
}`;
/** An account older than the new-account window (its report budget is the wider one). */
const age = (userId: number) =>
  // Through the repository: the row change invalidates the cached viewers.
  gw.db.getRepository(User).update(userId, { createdAt: new Date(Date.now() - 30 * 24 * 3600_000) });

describe('reports', () => {
  it('should store one report of a listing (REST) and refuse the second with a French 409', async () => {
    const tenant = await signedInUser(gw);
    const body = { targetType: 'property', targetId: listing.id, reason: 'arnaque', comment: '  Virement demandé  ' };
    const res = await tenant.agent.post('/api/reports').send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ targetType: 'property', targetId: listing.id, reason: 'arnaque' });
    expect(res.body.comment).toBe('Virement demandé');
    const [row] = await gw.db.query(`SELECT subject_user_id FROM reports WHERE id = $1`, [res.body.id]);
    expect(row.subject_user_id).toBe(owner.user.id);
    const again = await tenant.agent.post('/api/reports').send({ ...body, reason: 'doublon' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MODERATION_MSG.reportDuplicate);
  });

  it('should report over GraphQL with the French label of the reason', async () => {
    const tenant = await signedInUser(gw);
    const res = await gql(tenant.agent, REPORT, {
      input: { targetType: 'property', targetId: String(listing.id), reason: 'deja_loue_vendu' },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createReport).toMatchObject({
      reason: 'deja_loue_vendu',
      reasonLabel: 'Annonce déjà louée ou vendue',
      comment: null,
    });
  });

  it('should refuse bad input with French messages and store nothing', async () => {
    const tenant = await signedInUser(gw);
    const bad = await tenant.agent.post('/api/reports').send({ targetType: 'property', targetId: listing.id });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.reason).toBe(MODERATION_MSG.reportReasonInvalid);
    const long = await tenant.agent
      .post('/api/reports')
      .send({ targetType: 'property', targetId: listing.id, reason: 'doublon', comment: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.errors.comment).toBe(MODERATION_MSG.reportCommentTooLong);
    const type = await tenant.agent.post('/api/reports').send({ targetType: 'photo', targetId: 1, reason: 'doublon' });
    expect(type.status).toBe(400);
    expect(type.body.errors.targetType).toBe(MODERATION_MSG.reportTargetInvalid);
    const [{ n }] = await gw.db.query(`SELECT count(*)::int AS n FROM reports WHERE reporter_id = $1`, [
      tenant.user.id,
    ]);
    expect(n).toBe(0);
  });

  it("should refuse a report of one's own listing or account (403)", async () => {
    const own = await owner.agent
      .post('/api/reports')
      .send({ targetType: 'property', targetId: listing.id, reason: 'doublon' });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(MODERATION_MSG.reportOwnListing);
    const self = await owner.agent
      .post('/api/reports')
      .send({ targetType: 'user', targetId: owner.user.id, reason: 'arnaque' });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(MODERATION_MSG.reportSelf);
  });

  it('should answer 404 for a target the reporter cannot see: a draft, a stranger conversation, an unknown account', async () => {
    const tenant = await signedInUser(gw);
    await age(tenant.user.id);
    const draft = await createProperty(owner.agent);
    await gw.db.query(`UPDATE properties SET listing_state = 'draft' WHERE id = $1`, [draft.id]);
    const d = await tenant.agent
      .post('/api/reports')
      .send({ targetType: 'property', targetId: draft.id, reason: 'doublon' });
    expect(d.status).toBe(404);
    expect(d.body.message).toBe(MSG.propertyNotFound);
    const other = await signedInUser(gw);
    const started = await other.agent
      .post('/api/conversations')
      .send({ user1Id: other.user.id, user2Id: owner.user.id, propertyId: listing.id });
    const c = await tenant.agent
      .post('/api/reports')
      .send({ targetType: 'conversation', targetId: started.body.id, reason: 'arnaque' });
    expect(c.status).toBe(404);
    expect(c.body.message).toBe(MODERATION_MSG.reportTargetNotFound);
    const u = await tenant.agent
      .post('/api/reports')
      .send({ targetType: 'user', targetId: 2_000_000_000, reason: 'arnaque' });
    expect(u.status).toBe(404);
    expect(u.body.message).toBe(MSG.userNotFound);
  });

  it('should report a conversation the reporter takes part in, about the other participant', async () => {
    const tenant = await signedInUser(gw);
    const started = await tenant.agent
      .post('/api/conversations')
      .send({ user1Id: tenant.user.id, user2Id: owner.user.id, propertyId: listing.id });
    const conversationId = started.body.id;
    const res = await tenant.agent
      .post('/api/reports')
      .send({ targetType: 'conversation', targetId: conversationId, reason: 'arnaque' });
    expect(res.status).toBe(201);
    const [row] = await gw.db.query(`SELECT subject_user_id FROM reports WHERE id = $1`, [res.body.id]);
    expect(row.subject_user_id).toBe(owner.user.id);
  });

  it('should throttle a new account at 3 reports a day, an older one at 10 an hour', async () => {
    const targets = await Promise.all(Array.from({ length: 11 }, () => signedInUser(gw)));
    const fresh = await signedInUser(gw);
    const send = (s: Signed, i: number) =>
      s.agent.post('/api/reports').send({ targetType: 'user', targetId: targets[i].user.id, reason: 'arnaque' });
    for (let i = 0; i < 3; i++) expect((await send(fresh, i)).status).toBe(201);
    const refused = await send(fresh, 3);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(MSG.tooManyRequests);
    const older = await signedInUser(gw);
    await age(older.user.id);
    for (let i = 0; i < 10; i++) expect((await send(older, i)).status).toBe(201);
    expect((await send(older, 10)).status).toBe(429);
  });

  it('should refuse reports made with an access token (session only, French 403)', async () => {
    const tenant = await signedInUser(gw);
    const { token } = await createAccessToken(tenant.agent, ['listings:read', 'messages:write']);
    const rest = await restWithToken(gw, token, 'post', '/reports', {
      targetType: 'property',
      targetId: listing.id,
      reason: 'arnaque',
    });
    expect(rest.status).toBe(403);
    expect(rest.body.message).toBe(MSG.accessTokenSessionOnly);
    const g = await gqlWithToken(gw, token, REPORT, {
      input: { targetType: 'property', targetId: String(listing.id), reason: 'arnaque' },
    });
    expect(g.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
