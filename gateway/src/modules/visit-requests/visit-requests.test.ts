import { MSG, WALK_MSG } from '@flaneur/schema';
import { buildUser, createProperty, PropertyJson, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { collect, waitFor } from '../../../test/subscribe';
import { wsClient } from '../../../test/ws';
import { visitSlotText } from './visit-requests.service';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
const gw = useGateway({ listen: true });
let owner: Signed;
let tenant: Signed;
let stranger: Signed;
beforeAll(async () => {
  [owner, tenant, stranger] = await Promise.all([signedInUser(gw), signedInUser(gw), signedInUser(gw)]);
});

const REQUEST_KEYS = [
  'createdAt',
  'id',
  'message',
  'propertyId',
  'proposedAt',
  'requesterId',
  'slotAnswer',
  'slotAnsweredAt',
  'slotMinutes',
  'status',
  'updatedAt',
];
const DAY = 24 * 60 * 60 * 1000;
/** A proposed visit `days` ahead, on the minute. */
const slot = (days = 7, slotMinutes = 45) => ({
  proposedAt: new Date(Math.floor((Date.now() + days * DAY) / 60_000) * 60_000).toISOString(),
  slotMinutes,
});
const ask = (agent: Signed['agent'], propertyId: unknown, message?: string) =>
  agent.post('/api/visit-requests').send({ propertyId, message });
const pendingRows = async (propertyId: number, requesterId: number) =>
  (
    await gw.db.query(
      `SELECT count(*)::int AS n FROM visit_requests WHERE property_id = $1 AND requester_id = $2 AND status = 'pending'`,
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
    await gw.db.query(`DELETE FROM visit_requests WHERE property_id = $1`, [listing.id]);
    return (await ask(tenant.agent, listing.id, 'Visite ?')).body.id as number;
  };
  const respond = (agent: Signed['agent'], id: unknown, approve: unknown, proposal: object = slot()) =>
    agent.post(`/api/visit-requests/${id}/respond`).send({ approve, ...(approve === true ? proposal : {}) });

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

  it('should store the proposed slot on approval and post it in the conversation about the listing', async () => {
    const id = await pending();
    const proposal = slot(10, 45);
    const res = await respond(owner.agent, id, true, proposal);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'approved', ...proposal });
    const list = (await tenant.agent.get('/api/conversations')).body as { id: number; propertyId: number }[];
    const conversation = list.find((c) => c.propertyId === listing.id)!;
    const thread = (await tenant.agent.get(`/api/conversations/${conversation.id}`)).body;
    expect(thread.messages.at(-1)).toMatchObject({
      senderId: owner.user.id,
      content: `Demande de visite acceptée. ${visitSlotText(new Date(proposal.proposedAt), 45)}.`,
    });
  });

  it('should post the slot into the conversation that already exists, without a second one', async () => {
    const id = await pending();
    const started = await tenant.agent
      .post('/api/conversations')
      .send({ user2Id: owner.user.id, propertyId: listing.id });
    expect([200, 201]).toContain(started.status);
    expect((await respond(owner.agent, id, true, slot(3, 60))).status).toBe(200);
    const list = (await tenant.agent.get('/api/conversations')).body as { id: number; propertyId: number }[];
    expect(list.filter((c) => c.propertyId === listing.id).map((c) => c.id)).toEqual([started.body.id]);
    const thread = (await owner.agent.get(`/api/conversations/${started.body.id}`)).body;
    expect(thread.messages.at(-1).content).toMatch(/^Demande de visite acceptée\. Visite proposée le /);
  });

  it.each([
    ['no date', {}, MSG.visitDateRequired],
    ['a date that is not one', { proposedAt: 'demain', slotMinutes: 30 }, MSG.visitDateInvalid],
    ['a past date', { ...slot(-1), slotMinutes: 30 }, MSG.visitDateInPast],
    ['a date past 90 days', slot(91), MSG.visitDateTooFar],
    ['a slot too short', slot(2, 5), MSG.visitSlotInvalid],
    ['a slot too long', slot(2, 300), MSG.visitSlotInvalid],
  ])('should answer 400 and keep it pending when approving with %s', async (_case, proposal, message) => {
    const id = await pending();
    const res = await respond(owner.agent, id, true, proposal);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
    expect(await pendingRows(listing.id, tenant.user.id)).toBe(1);
  });
});

describe('POST /api/visit-requests/{id}/slot', () => {
  let listing: PropertyJson;
  beforeAll(async () => {
    listing = await createProperty(owner.agent);
  });
  /** A request of the tenant on the listing, approved by the owner with `proposal`. */
  const approved = async (proposal = slot(5, 30)) => {
    await gw.db.query(`DELETE FROM visit_requests WHERE property_id = $1`, [listing.id]);
    const id = (await ask(tenant.agent, listing.id)).body.id as number;
    expect(
      (await owner.agent.post(`/api/visit-requests/${id}/respond`).send({ approve: true, ...proposal })).status,
    ).toBe(200);
    return id;
  };
  const answer = (agent: Signed['agent'], id: unknown, confirm: unknown) =>
    agent.post(`/api/visit-requests/${id}/slot`).send({ confirm });
  const lastMessage = async () => {
    const list = (await owner.agent.get('/api/conversations')).body as { id: number; propertyId: number }[];
    const conversation = list.find((c) => c.propertyId === listing.id)!;
    return (await owner.agent.get(`/api/conversations/${conversation.id}`)).body.messages.at(-1);
  };

  it.each([
    [true, 'confirmed', 'Créneau confirmé'],
    [false, 'declined', 'Créneau refusé'],
  ])('should store the answer confirm=%s once and tell the owner in the conversation', async (confirm, value, said) => {
    const proposal = slot(5, 30);
    const id = await approved(proposal);
    const res = await answer(tenant.agent, id, confirm);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'approved', slotAnswer: value, ...proposal });
    expect(Date.parse(res.body.slotAnsweredAt)).toBeGreaterThan(Date.now() - 60_000);
    const slotText = visitSlotText(new Date(proposal.proposedAt), 30).replace('Visite proposée', 'visite');
    expect(await lastMessage()).toMatchObject({ senderId: tenant.user.id, content: `${said} : ${slotText}.` });
    const again = await answer(tenant.agent, id, !confirm);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: WALK_MSG.visitSlotAlreadyAnswered });
    const { body } = await tenant.agent.get(`/api/properties/${listing.id}/visit-request`);
    expect(body.slotAnswer).toBe(value);
  });

  it('should answer 404 to the owner, a stranger or an unknown id, and keep the slot unanswered', async () => {
    const id = await approved();
    for (const [agent, target] of [
      [owner.agent, id],
      [stranger.agent, id],
      [tenant.agent, 999999999],
      [tenant.agent, 'abc'],
    ] as const) {
      const res = await answer(agent, target, true);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: MSG.visitRequestNotFound });
    }
    expect((await answer(gw.agent(), id, true)).status).toBe(401);
    const [row] = await gw.db.query(`SELECT slot_answer FROM visit_requests WHERE id = $1`, [id]);
    expect(row.slot_answer).toBeNull();
  });

  it('should answer 400 without a boolean, 409 before a slot was proposed, 400 once the slot has passed', async () => {
    const id = await approved();
    for (const bad of ['oui', undefined, 1]) {
      const res = await answer(tenant.agent, id, bad);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: WALK_MSG.visitSlotAnswerRequired });
    }
    await gw.db.query(`DELETE FROM visit_requests WHERE property_id = $1`, [listing.id]);
    const waiting = (await ask(tenant.agent, listing.id)).body.id as number;
    const early = await answer(tenant.agent, waiting, true);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ message: WALK_MSG.visitSlotNotProposed });
    const past = await approved();
    await gw.db.query(`UPDATE visit_requests SET proposed_at = now() - interval '1 hour' WHERE id = $1`, [past]);
    const late = await answer(tenant.agent, past, true);
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ message: WALK_MSG.visitSlotPast });
  });

  it('should answer through GraphQL answerVisitSlot, and the owner read it in their requests', async () => {
    const id = await approved();
    const res = await gql(
      tenant.agent,
      `mutation($id: ID!) { answerVisitSlot(id: $id, confirm: true) { id slotAnswer } }`,
      { id: String(id) },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.answerVisitSlot).toEqual({ id: String(id), slotAnswer: 'confirmed' });
    const seen = await gql(owner.agent, `{ visitRequests { asOwner { id slotAnswer } } }`);
    expect(seen.data?.visitRequests.asOwner).toContainEqual({ id: String(id), slotAnswer: 'confirmed' });
    const refused = await gql(owner.agent, `mutation($id: ID!) { answerVisitSlot(id: $id, confirm: false) { id } }`, {
      id: String(id),
    });
    expect(refused.errors?.[0].extensions?.code).toBe('NOT_FOUND');
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

describe('GET /api/properties/{id}/visit-request', () => {
  it("should answer the viewer's latest request on the listing, or null", async () => {
    const listing = await createProperty(owner.agent);
    const mine = (agent: Signed['agent']) => agent.get(`/api/properties/${listing.id}/visit-request`);
    expect((await mine(tenant.agent)).body).toBeNull();
    const first = (await ask(tenant.agent, listing.id)).body;
    expect((await mine(tenant.agent)).body).toEqual(first);
    await owner.agent.post(`/api/visit-requests/${first.id}/respond`).send({ approve: true, ...slot() });
    expect((await mine(tenant.agent)).body).toMatchObject({ id: first.id, status: 'approved', slotMinutes: 45 });
    expect((await mine(stranger.agent)).body).toBeNull();
    const res = await mine(gw.agent());
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MSG.unauthenticated });
  });
});

const REQUEST = `mutation ($p: ID!, $m: String) {
  requestVisit(propertyId: $p, message: $m) { id status message propertyId requesterId }
}`;
const RESPOND = `mutation ($id: ID!, $a: Boolean!, $at: DateTimeISO, $min: Int) {
  respondToVisitRequest(id: $id, approve: $a, proposedAt: $at, slotMinutes: $min) { id status }
}`;
const APPROVE = `mutation ($id: ID!, $at: DateTimeISO, $min: Int) {
  respondToVisitRequest(id: $id, approve: true, proposedAt: $at, slotMinutes: $min) { id status proposedAt slotMinutes }
}`;
const MINE = 'query ($p: ID!) { myVisitRequest(propertyId: $p) { id status proposedAt slotMinutes } }';
const CHANGED = 'subscription { visitRequestChanged { id status propertyId requesterId proposedAt slotMinutes } }';
const withSlot = () => ({ at: slot().proposedAt, min: 45 });

/** A signed-in user and the session cookie its websocket sends. */
async function withCookie() {
  const agent = gw.agent();
  const res = await agent.post('/api/register').send(buildUser());
  return { agent, user: res.body as { id: number }, cookie: res.headers['set-cookie'][0].split(';')[0] as string };
}

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
    const answer = await gql(owner.agent, RESPOND, { id, a: true, ...withSlot() });
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
    expect(code(await gql(stranger.agent, RESPOND, { id, a: true, ...withSlot() }))).toBe('FORBIDDEN');
    expect(code(await gql(owner.agent, RESPOND, { id: '999999999', a: true, ...withSlot() }))).toBe('NOT_FOUND');
    expect(code(await gql(gw.agent(), REQUEST, { p }))).toBe('UNAUTHENTICATED');
    expect(code(await gql(gw.agent(), '{ visitRequests { asOwner { id } } }'))).toBe('UNAUTHENTICATED');
    await gql(owner.agent, RESPOND, { id, a: false });
    expect(code(await gql(owner.agent, RESPOND, { id, a: true, ...withSlot() }))).toBe('CONFLICT');
  });

  it("should read the viewer's own request on a listing, with the slot once approved", async () => {
    const listing = await createProperty(owner.agent);
    const p = String(listing.id);
    expect((await gql(tenant.agent, MINE, { p })).data!.myVisitRequest).toBeNull();
    const { id } = (await gql(tenant.agent, REQUEST, { p })).data!.requestVisit;
    expect((await gql(tenant.agent, MINE, { p })).data!.myVisitRequest).toEqual({
      id,
      status: 'pending',
      proposedAt: null,
      slotMinutes: null,
    });
    const { at } = withSlot();
    const approved = await gql(owner.agent, APPROVE, { id, at, min: 90 });
    expect(approved.data!.respondToVisitRequest).toEqual({ id, status: 'approved', proposedAt: at, slotMinutes: 90 });
    expect((await gql(tenant.agent, MINE, { p })).data!.myVisitRequest).toEqual({
      id,
      status: 'approved',
      proposedAt: at,
      slotMinutes: 90,
    });
    expect((await gql(stranger.agent, MINE, { p })).data!.myVisitRequest).toBeNull();
    const signedOut = await gql(gw.agent(), MINE, { p });
    expect(signedOut.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('should refuse an approval without a valid slot with BAD_USER_INPUT and the French message per field', async () => {
    const listing = await createProperty(owner.agent);
    const { id } = (await gql(tenant.agent, REQUEST, { p: String(listing.id) })).data!.requestVisit;
    const missing = await gql(owner.agent, APPROVE, { id });
    expect(missing.errors![0]).toMatchObject({
      message: MSG.visitDateRequired,
      extensions: { code: 'BAD_USER_INPUT', fields: { proposedAt: MSG.visitDateRequired } },
    });
    const past = await gql(owner.agent, APPROVE, { id, at: new Date(Date.now() - DAY).toISOString(), min: 30 });
    expect(past.errors![0]).toMatchObject({ message: MSG.visitDateInPast, extensions: { code: 'BAD_USER_INPUT' } });
    const far = await gql(owner.agent, APPROVE, { id, at: slot(95).proposedAt, min: 30 });
    expect(far.errors![0].message).toBe(MSG.visitDateTooFar);
    const short = await gql(owner.agent, APPROVE, { id, at: slot(5).proposedAt, min: 10 });
    expect(short.errors![0]).toMatchObject({ extensions: { fields: { slotMinutes: MSG.visitSlotInvalid } } });
    expect(await pendingRows(listing.id, tenant.user.id)).toBe(1);
  });
});

describe('visitRequestChanged', () => {
  it('should tell the owner of a new request and the requester of the answer, and no one else', async () => {
    const host = await withCookie();
    const guest = await withCookie();
    const other = await withCookie();
    const listing = await createProperty(host.agent);
    const clients = [host, guest, other].map((u) => wsClient(gw.port, { cookie: u.cookie, lazy: false }));
    try {
      const [toHost, toGuest, toOther] = clients.map((c) => collect(c, CHANGED));
      await Promise.all([toHost.ready, toGuest.ready, toOther.ready]);
      await new Promise((r) => setTimeout(r, 100));

      const created = (await ask(guest.agent, listing.id, 'Bonjour')).body;
      expect(await waitFor(() => toHost.events.length === 1, 2000)).toBe(true);
      expect(toHost.events[0].visitRequestChanged).toEqual({
        id: String(created.id),
        status: 'pending',
        propertyId: String(listing.id),
        requesterId: String(guest.user.id),
        proposedAt: null,
        slotMinutes: null,
      });

      const proposal = slot(4, 30);
      await host.agent.post(`/api/visit-requests/${created.id}/respond`).send({ approve: true, ...proposal });
      expect(await waitFor(() => toGuest.events.length === 1, 2000)).toBe(true);
      expect(toGuest.events[0].visitRequestChanged).toMatchObject({
        id: String(created.id),
        status: 'approved',
        ...proposal,
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(toOther.events).toEqual([]);
      expect(toGuest.errors).toEqual([]);
    } finally {
      await Promise.all(clients.map((c) => c.dispose()));
    }
  });

  it('should tell the requester of a rejection', async () => {
    const guest = await withCookie();
    const listing = await createProperty(owner.agent);
    const created = (await ask(guest.agent, listing.id)).body;
    const ws = wsClient(gw.port, { cookie: guest.cookie, lazy: false });
    try {
      const events = collect(ws, CHANGED);
      await events.ready;
      await new Promise((r) => setTimeout(r, 100));
      await owner.agent.post(`/api/visit-requests/${created.id}/respond`).send({ approve: false });
      expect(await waitFor(() => events.events.length === 1, 2000)).toBe(true);
      expect(events.events[0].visitRequestChanged).toMatchObject({ id: String(created.id), status: 'rejected' });
    } finally {
      await ws.dispose();
    }
  });

  it('should refuse the subscription without a session', async () => {
    const ws = wsClient(gw.port, { lazy: false });
    const ev = collect(ws, CHANGED);
    expect(await waitFor(() => ev.errors.length > 0, 2000)).toBe(true);
    await ws.dispose();
  });
});

describe('visitSlotText', () => {
  it('should read the slot in Europe/Paris, summer and winter time', () => {
    expect(visitSlotText(new Date('2025-06-14T08:00:00Z'), 30)).toBe(
      'Visite proposée le samedi 14 juin de 10:00 à 10:30',
    );
    expect(visitSlotText(new Date('2026-01-03T13:15:00Z'), 90)).toBe(
      'Visite proposée le samedi 3 janvier de 14:15 à 15:45',
    );
  });
});
