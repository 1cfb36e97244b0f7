import { MSG } from '@flaneur/schema';
import { createProperty, PropertyJson, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
const gw = useGateway();
let owner: Signed;
let tenant: Signed;
let stranger: Signed;
beforeAll(async () => {
  [owner, tenant, stranger] = await Promise.all([signedInUser(gw), signedInUser(gw), signedInUser(gw)]);
});

const REQUEST_KEYS = ['createdAt', 'id', 'message', 'propertyId', 'requesterId', 'status', 'updatedAt'];
const ask = (agent: Signed['agent'], propertyId: unknown, message?: string) =>
  agent.post('/api/visit-requests').send({ propertyId, message });
const pendingRows = async (propertyId: number, requesterId: number) =>
  (
    await gw.db.query(
      `SELECT count(*)::int AS n FROM contact_requests WHERE property_id = $1 AND requester_id = $2 AND status = 'pending'`,
      [propertyId, requesterId],
    )
  )[0].n as number;

describe('POST /api/visit-requests', () => {
  it('should create a pending request with the message when a tenant asks', async () => {
    const listing = await createProperty(owner.agent);
    const res = await ask(tenant.agent, listing.id, '  Bonjour, samedi matin ?  ');
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(REQUEST_KEYS);
    expect(res.body).toMatchObject({
      propertyId: listing.id,
      requesterId: tenant.user.id,
      message: 'Bonjour, samedi matin ?',
      status: 'pending',
    });
  });

  it('should accept a request without a message', async () => {
    const listing = await createProperty(owner.agent);
    const res = await ask(tenant.agent, String(listing.id));
    expect(res.status).toBe(201);
    expect(res.body.message).toBeNull();
  });

  it('should answer 409 when the same user already has a pending request on the listing', async () => {
    const listing = await createProperty(owner.agent);
    expect((await ask(tenant.agent, listing.id)).status).toBe(201);
    const again = await ask(tenant.agent, listing.id, 'Relance');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: MSG.visitAlreadyRequested });
  });

  it('should keep one pending request when identical requests race', async () => {
    const listing = await createProperty(owner.agent);
    const results = await Promise.all(Array.from({ length: 5 }, () => ask(tenant.agent, listing.id)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await pendingRows(listing.id, tenant.user.id)).toBe(1);
  });

  it('should accept a new request once the previous one was answered', async () => {
    const listing = await createProperty(owner.agent);
    const first = await ask(tenant.agent, listing.id);
    await owner.agent.post(`/api/visit-requests/${first.body.id}/respond`).send({ approve: false });
    expect((await ask(tenant.agent, listing.id)).status).toBe(201);
  });

  it('should answer 400 with the French message when the owner asks to visit their own listing', async () => {
    const listing = await createProperty(owner.agent);
    const res = await ask(owner.agent, listing.id);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MSG.visitOwnProperty });
  });

  it('should answer 404 for an unknown listing and 400 for a missing id or a message too long', async () => {
    expect((await ask(tenant.agent, 999999999)).status).toBe(404);
    const missing = await ask(tenant.agent, undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MSG.invalidInput);
    expect((await ask(tenant.agent, 'abc')).status).toBe(400);
    const listing = await createProperty(owner.agent);
    const long = await ask(tenant.agent, listing.id, 'x'.repeat(5001));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(MSG.messageTooLong);
    expect((await ask(tenant.agent, listing.id, 'x'.repeat(5000))).status).toBe(201);
    const nul = await ask(stranger.agent, listing.id, 'Bonjour\u0000');
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe(MSG.invalidInput);
    const bad = await tenant.agent.post('/api/visit-requests').set('Content-Type', 'application/json').send('{"a');
    expect(bad.status).toBe(400);
  });

  it('should answer 401 when signed out', async () => {
    const listing = await createProperty(owner.agent);
    const res = await ask(gw.agent(), listing.id);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MSG.unauthenticated });
  });
});

describe('POST /api/visit-requests/{id}/respond', () => {
  let listing: PropertyJson;
  beforeAll(async () => {
    listing = await createProperty(owner.agent);
  });
  const pending = async () => {
    await gw.db.query(`DELETE FROM contact_requests WHERE property_id = $1`, [listing.id]);
    return (await ask(tenant.agent, listing.id, 'Visite ?')).body.id as number;
  };
  const respond = (agent: Signed['agent'], id: unknown, approve: unknown) =>
    agent.post(`/api/visit-requests/${id}/respond`).send({ approve });

  it.each([
    [true, 'approved'],
    [false, 'rejected'],
  ])('should set the status when the owner answers approve=%s', async (approve, status) => {
    const id = await pending();
    const res = await respond(owner.agent, id, approve);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status, requesterId: tenant.user.id, propertyId: listing.id });
  });

  it('should answer 409 when the request was already decided', async () => {
    const id = await pending();
    expect((await respond(owner.agent, id, true)).status).toBe(200);
    for (const approve of [false, true]) {
      const res = await respond(owner.agent, id, approve);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: MSG.visitAlreadyAnswered });
    }
  });

  it('should answer 403 and keep it pending when the requester or a stranger answers', async () => {
    const id = await pending();
    for (const agent of [tenant.agent, stranger.agent]) {
      const res = await respond(agent, id, true);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: MSG.propertyForbidden });
    }
    expect(await pendingRows(listing.id, tenant.user.id)).toBe(1);
  });

  it('should answer 404 for an unknown or non-numeric id, 400 when approve is not a boolean, 401 signed out', async () => {
    const id = await pending();
    for (const bad of [999999999, 'abc']) {
      const res = await respond(owner.agent, bad, true);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: MSG.visitRequestNotFound });
    }
    expect((await respond(owner.agent, id, 'oui')).status).toBe(400);
    expect((await owner.agent.post(`/api/visit-requests/${id}/respond`).send({})).status).toBe(400);
    expect((await respond(gw.agent(), id, true)).status).toBe(401);
    expect(await pendingRows(listing.id, tenant.user.id)).toBe(1);
  });
});

describe('GET /api/visit-requests', () => {
  it('should list the requests sent and the requests received on own listings, newest first', async () => {
    const host = await signedInUser(gw);
    const guest = await signedInUser(gw);
    const a = await createProperty(host.agent);
    const b = await createProperty(host.agent);
    const sent = (await ask(host.agent, (await createProperty(owner.agent)).id)).body;
    const r1 = (await ask(guest.agent, a.id)).body;
    const r2 = (await ask(tenant.agent, b.id)).body;

    const res = await host.agent.get('/api/visit-requests');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['asOwner', 'asRequester']);
    expect(res.body.asRequester.map((r: { id: number }) => r.id)).toEqual([sent.id]);
    expect(res.body.asOwner.map((r: { id: number }) => r.id)).toEqual([r2.id, r1.id]);
    expect((await guest.agent.get('/api/visit-requests')).body).toEqual({ asRequester: [r1], asOwner: [] });
    expect((await gw.agent().get('/api/visit-requests')).status).toBe(401);
  });

  it('should drop the requests of a deleted listing', async () => {
    const listing = await createProperty(owner.agent);
    const req = (await ask(tenant.agent, listing.id)).body;
    await owner.agent.delete(`/api/properties/${listing.id}`);
    const list = (await tenant.agent.get('/api/visit-requests')).body;
    expect(list.asRequester.map((r: { id: number }) => r.id)).not.toContain(req.id);
  });
});

const REQUEST = `mutation ($p: ID!, $m: String) {
  requestVisit(propertyId: $p, message: $m) { id status message propertyId requesterId }
}`;
const RESPOND = 'mutation ($id: ID!, $a: Boolean!) { respondToVisitRequest(id: $id, approve: $a) { id status } }';

describe('GraphQL visit requests', () => {
  it('should request, list with listing and requester, and answer a visit', async () => {
    const listing = await createProperty(owner.agent);
    const req = await gql(tenant.agent, REQUEST, { p: String(listing.id), m: 'Bonjour' });
    expect(req.errors).toBeUndefined();
    expect(req.data!.requestVisit).toMatchObject({
      status: 'pending',
      message: 'Bonjour',
      propertyId: String(listing.id),
      requesterId: String(tenant.user.id),
    });
    const id = req.data!.requestVisit.id;
    const list = await gql(
      owner.agent,
      '{ visitRequests { asOwner { id status property { id title } requester { username } } asRequester { id } } }',
    );
    expect(list.data!.visitRequests.asOwner).toContainEqual({
      id,
      status: 'pending',
      property: { id: String(listing.id), title: listing.title },
      requester: { username: tenant.user.username },
    });
    const answer = await gql(owner.agent, RESPOND, { id, a: true });
    expect(answer.data!.respondToVisitRequest).toEqual({ id, status: 'approved' });
  });

  it('should answer CONFLICT, BAD_USER_INPUT, FORBIDDEN, NOT_FOUND and UNAUTHENTICATED codes', async () => {
    const listing = await createProperty(owner.agent);
    const p = String(listing.id);
    const { id } = (await gql(tenant.agent, REQUEST, { p })).data!.requestVisit;
    const code = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors![0].extensions!.code;
    expect(code(await gql(tenant.agent, REQUEST, { p }))).toBe('CONFLICT');
    const own = await gql(owner.agent, REQUEST, { p });
    expect(own.errors![0]).toMatchObject({ message: MSG.visitOwnProperty, extensions: { code: 'BAD_USER_INPUT' } });
    expect(code(await gql(stranger.agent, RESPOND, { id, a: true }))).toBe('FORBIDDEN');
    expect(code(await gql(owner.agent, RESPOND, { id: '999999999', a: true }))).toBe('NOT_FOUND');
    expect(code(await gql(gw.agent(), REQUEST, { p }))).toBe('UNAUTHENTICATED');
    expect(code(await gql(gw.agent(), '{ visitRequests { asOwner { id } } }'))).toBe('UNAUTHENTICATED');
    await gql(owner.agent, RESPOND, { id, a: false });
    expect(code(await gql(owner.agent, RESPOND, { id, a: true }))).toBe('CONFLICT');
  });
});
