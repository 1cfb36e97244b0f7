import { createAccessToken, gqlWithToken, restWithToken } from '../../../test/access-tokens';
import { signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';

/** A small bucket (50 points, 20 a second) so that tests empty and refill it in well under a second. */
const gw = useGateway({ env: { TOKEN_BUDGET_POINTS: '50', TOKEN_BUDGET_RESTORE_RATE: '20' } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Five mutation root fields of 10 points each, actual cost equal to the estimate: the whole bucket at once. */
const DRAIN = `mutation { ${[1, 2, 3, 4, 5].map((i) => `r${i}: removeFavorite(propertyId: "2147483000")`).join(' ')} }`;

describe('cost budgets of tokens', () => {
  it('should compute the cost before execution and answer it with the bucket and the headers', async () => {
    const { agent } = await signedInUser(gw);
    const { token } = await createAccessToken(agent, ['profile:read', 'listings:read']);
    const res = await gqlWithToken(gw, token, '{ me { id username } }');
    expect(res.status).toBe(200);
    expect(res.body.extensions.cost).toEqual({
      requestedQueryCost: 1,
      actualQueryCost: 1,
      throttleStatus: { maximumAvailable: 50, currentlyAvailable: expect.any(Number), restoreRate: 20 },
    });
    expect(res.body.extensions.cost.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(48);
    expect(res.headers['x-ratelimit-limit']).toBe('50');
    expect(Number(res.headers['x-ratelimit-remaining'])).toBeGreaterThanOrEqual(48);
    const reset = Number(res.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 3);

    // A list costs its `first` times its items; the real answer is charged in the end.
    const list = await gqlWithToken(gw, token, '{ properties(first: 2) { nodes { id photos { url } } } }');
    expect(list.body.extensions.cost.requestedQueryCost).toBe(1 + 2 * (1 + 15));
    const nodes = list.body.data.properties.nodes as { photos: unknown[] }[];
    const actual = 1 + nodes.reduce((n, p) => n + 1 + p.photos.length, 0);
    expect(list.body.extensions.cost.actualQueryCost).toBe(actual);
  });

  it('should refuse an operation costing more than the bucket can hold (400, French)', async () => {
    const { agent } = await signedInUser(gw);
    const { token } = await createAccessToken(agent, ['listings:read']);
    const res = await gqlWithToken(gw, token, '{ properties(first: 100) { nodes { id } } }');
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: 'Cette requête coûte 101 points, au-delà du maximum de 50 points par requête.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('should answer 429 THROTTLED once the bucket is empty, on GraphQL and REST alike, and serve again once refilled', async () => {
    const { agent } = await signedInUser(gw);
    const { token } = await createAccessToken(agent, ['favorites']);
    const drained = await gqlWithToken(gw, token, DRAIN);
    expect(drained.status).toBe(200);
    expect(drained.body.extensions.cost).toMatchObject({ requestedQueryCost: 50, actualQueryCost: 50 });

    const throttled = await gqlWithToken(gw, token, 'mutation { removeFavorite(propertyId: "2147483000") }');
    expect(throttled.status).toBe(429);
    expect(throttled.body.data).toBeUndefined();
    expect(throttled.body.errors[0]).toMatchObject({
      message: 'Budget de requêtes épuisé pour ce jeton. Réessayez dans quelques secondes.',
      extensions: { code: 'THROTTLED' },
    });
    expect(throttled.body.errors[0].extensions.http).toBeUndefined();
    expect(throttled.body.extensions.cost).toMatchObject({
      requestedQueryCost: 10,
      actualQueryCost: 0,
      throttleStatus: { maximumAvailable: 50, restoreRate: 20 },
    });
    expect(throttled.body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThan(10);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(throttled.headers['x-ratelimit-limit']).toBe('50');
    expect(Number(throttled.headers['x-ratelimit-remaining'])).toBeLessThan(10);

    const rest = await restWithToken(gw, token, 'get', '/favorites');
    expect(rest.status).toBe(429);
    expect(rest.body.message).toBe('Budget de requêtes épuisé pour ce jeton. Réessayez dans quelques secondes.');
    expect(Number(rest.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // 20 points a second: the 10 points of one more call are back within 0.5 s.
    await sleep(600);
    const again = await gqlWithToken(gw, token, 'mutation { removeFavorite(propertyId: "2147483000") }');
    expect(again.status).toBe(200);
    expect(again.body.data.removeFavorite).toBe(true);
  });

  it('should keep one bucket per token', async () => {
    const { agent } = await signedInUser(gw);
    const first = await createAccessToken(agent, ['favorites']);
    const second = await createAccessToken(agent, ['favorites']);
    expect((await gqlWithToken(gw, first.token, DRAIN)).status).toBe(200);
    expect((await gqlWithToken(gw, first.token, DRAIN)).status).toBe(429);
    expect((await gqlWithToken(gw, second.token, DRAIN)).status).toBe(200);
  });

  it('should charge REST requests 10 points each with the rate headers', async () => {
    const { agent } = await signedInUser(gw);
    const { token } = await createAccessToken(agent, ['favorites']);
    const res = await restWithToken(gw, token, 'get', '/favorites');
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBe('50');
    expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThanOrEqual(41);
  });

  it('should not charge cookie sessions (no bucket, no cost extension)', async () => {
    const { agent } = await signedInUser(gw);
    for (let i = 0; i < 3; i++) {
      const res = await agent.post('/graphql').send({ query: DRAIN });
      expect(res.status).toBe(200);
      expect(res.body.extensions?.cost).toBeUndefined();
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});
