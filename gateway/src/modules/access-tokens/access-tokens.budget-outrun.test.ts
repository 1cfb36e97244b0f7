import { createAccessToken, gqlWithToken, restWithToken } from '../../../test/access-tokens';
import { insertProperties, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { wsExecute } from '../../../test/ws';
import { COST_RULES, objectsIn } from '../../graphql/cost';

/*
 * A cost budget cannot be outrun: the real debt of an answer larger than its estimate is carried in full, websocket
 * results are charged, variables' default values count in the estimate, REST answers are weighed by what they hold,
 * and introspection is one per document, weighed by its size.
 */

/** 50 points, 20 a second: a debt of D points takes D / 20 seconds to clear. */
const gw = useGateway({ listen: true, env: { TOKEN_BUDGET_POINTS: '50', TOKEN_BUDGET_RESTORE_RATE: '20' } });
const RATE = 20;
const ONE_POINT = '{ me { id } }';

/** An owner with `count` listings of their own, and a token. */
async function ownerWithListings(count: number, scopes = ['listings:read', 'profile:read']) {
  const member = await signedInUser(gw);
  await insertProperties(gw.db, count, { ownerIds: Array(count).fill(member.user.id) });
  const { token } = await createAccessToken(member.agent, scopes);
  return { ...member, token };
}

describe('a budget that cannot be outrun', () => {
  it('should weigh a REST answer by its objects and carry the whole debt (no floor at minus the bucket)', async () => {
    const { user, token } = await ownerWithListings(100);
    const res = await restWithToken(gw, token, 'get', `/properties?userId=${user.id}&limit=100`);
    expect(res.status).toBe(200);
    const weight = objectsIn(res.body);
    // Far more than the bucket can hold: a floor at -50 would clear in 5 s.
    expect(weight).toBeGreaterThan(3 * 50);
    const throttled = await gqlWithToken(gw, token, ONE_POINT);
    expect(throttled.status).toBe(429);
    // 50 - weight points left (within what the clock gave back meanwhile).
    const debt = weight - 50;
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(Math.floor(debt / RATE));
  });

  it('should still charge a small REST answer the flat minimum', async () => {
    const { token } = await ownerWithListings(0, ['favorites']);
    const res = await restWithToken(gw, token, 'get', '/favorites');
    expect(res.status).toBe(200);
    expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThanOrEqual(50 - COST_RULES.restRequestCost + 1);
  });

  it("should count a variable's default value in the estimate", async () => {
    const { token } = await ownerWithListings(0, ['listings:read']);
    const res = await gqlWithToken(gw, token, 'query ($n: Int = 100) { properties(first: $n) { nodes { id } } }');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toContain('coûte 101 points');
    const given = await gqlWithToken(gw, token, 'query ($n: Int = 100) { properties(first: $n) { nodes { id } } }', {
      n: 2,
    });
    expect(given.status).toBe(200);
  });

  it('should charge what a websocket operation really answers', async () => {
    const { token } = await ownerWithListings(60);
    const ws = createClient({
      url: `ws://127.0.0.1:${gw.port}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { authorization: `Bearer ${token}` },
    });
    // Estimated at 25 (a list without argument), answered with 60 objects: 35 more are charged, below zero.
    const answer = await wsExecute(ws, '{ myProperties { id } }');
    expect(answer.errors).toBeUndefined();
    expect((answer.data as { myProperties: unknown[] }).myProperties).toHaveLength(60);
    const after = await gqlWithToken(gw, token, ONE_POINT);
    expect(after.status).toBe(429);
    await ws.dispose();
  });

  it('should refuse more than one introspection per document, fragments included, (400 before any charge)', async () => {
    const { token } = await ownerWithListings(0, ['profile:read']);
    const twice = await gqlWithToken(
      gw,
      token,
      '{ a: __schema { queryType { name } } b: __schema { queryType { name } } }',
    );
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0].message).toBe('Une seule introspection du schéma (__schema ou __type) par requête.');
    const viaFragments = await gqlWithToken(
      gw,
      token,
      'query { ...F ...G } fragment F on Query { __schema { queryType { name } } } fragment G on Query { x: __type(name: "Query") { name } }',
    );
    expect(viaFragments.status).toBe(400);
  });
});
