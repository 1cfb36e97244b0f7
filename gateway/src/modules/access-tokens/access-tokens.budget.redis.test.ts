import { createAccessToken, gqlWithToken } from '../../../test/access-tokens';
import { signedInUser } from '../../../test/factories';
import { startGateway, TestGateway, unique } from '../../../test/gateway';

// Runs when TEST_REDIS_URL is set (jest.config.js leaves *.redis.test.ts out otherwise).
const REDIS_URL = process.env.TEST_REDIS_URL!;
// A slow refill (1 point a second): on a busy machine the second request may come a second after the first.
const BUDGET = { TOKEN_BUDGET_POINTS: '50', TOKEN_BUDGET_RESTORE_RATE: '1' };
const DRAIN = `mutation { ${[1, 2, 3, 4, 5].map((i) => `r${i}: removeFavorite(propertyId: "2147483000")`).join(' ')} }`;

let a: TestGateway;
let b: TestGateway;
beforeAll(async () => {
  const prefix = unique('test-throttle:');
  a = await startGateway({ REDIS_URL, THROTTLE_PREFIX: prefix, ...BUDGET });
  b = await startGateway({ REDIS_URL, THROTTLE_PREFIX: prefix, ...BUDGET });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

it('should share a token bucket between instances through Redis', async () => {
  const { agent } = await signedInUser(a);
  const { token } = await createAccessToken(agent, ['favorites']);
  expect((await gqlWithToken(a, token, DRAIN)).status).toBe(200);
  const onB = await gqlWithToken(b, token, 'mutation { removeFavorite(propertyId: "2147483000") }');
  expect(onB.status).toBe(429);
  expect(onB.body.errors[0].extensions.code).toBe('THROTTLED');
  expect(onB.body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThan(10);
});
