import { MSG } from '@flaneur/schema';
import { THROTTLES } from '../src/lib/throttle';
import { TestGateway, unique, useGateway } from './gateway';

/** A failed login from the client the X-Forwarded-For header (if any) claims; a new unknown account each time. */
const login = (gw: TestGateway, forwardedFor?: string) => {
  const req = gw.agent().post('/api/login');
  if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
  return req.send({ username: unique('inconnu'), password: 'mauvais-mdp' });
};

/** Each failed login costs a full password hash (as a real one would): 100 of them take long on a busy machine. */
const BUDGET_TEST_TIMEOUT_MS = 120_000;

/** Spends the whole login-per-address budget, 10 requests at a time, each with its own header. */
async function spendLoginBudget(gw: TestGateway, forwardedFor: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < THROTTLES.loginPerAddress.points; i += 10) {
    const batch = Array.from({ length: Math.min(10, THROTTLES.loginPerAddress.points - i) }, (_, j) =>
      login(gw, forwardedFor(i + j)),
    );
    statuses.push(...(await Promise.all(batch)).map((r) => r.status));
  }
  return statuses;
}

describe('client address without a proxy (TRUST_PROXY=0, the default)', () => {
  const gw = useGateway({ env: { TRUST_PROXY: '0' } });

  it(
    'should ignore X-Forwarded-For: a spoofed header does not escape the login-per-address budget',
    async () => {
      const statuses = await spendLoginBudget(gw, (i) => `198.51.100.${i}`);
      expect(statuses).toEqual(Array(THROTTLES.loginPerAddress.points).fill(401));
      const spoofed = await login(gw, '198.51.100.250');
      expect(spoofed.status).toBe(429);
      expect(spoofed.headers['retry-after']).toMatch(/^\d+$/);
      expect(spoofed.body).toEqual({ message: MSG.tooManyRequests });
      expect((await login(gw)).status).toBe(429);
    },
    BUDGET_TEST_TIMEOUT_MS,
  );
});

describe('client address behind one proxy (TRUST_PROXY=1)', () => {
  const gw = useGateway({ env: { TRUST_PROXY: '1' } });

  it(
    'should key the per-address throttle on the rightmost X-Forwarded-For entry (added by our proxy)',
    async () => {
      const statuses = await spendLoginBudget(gw, (i) => `10.0.${i}.1, 203.0.113.7`);
      expect(statuses).toEqual(Array(THROTTLES.loginPerAddress.points).fill(401));
      // Whatever the client writes before it, the address our proxy saw is out of budget.
      expect((await login(gw, '10.9.9.9, 203.0.113.7')).status).toBe(429);
      expect((await login(gw, '203.0.113.7')).status).toBe(429);
      // Claiming the spent address does not make another client share its budget, nor does the proxy's own address.
      expect((await login(gw, '203.0.113.7, 203.0.113.8')).status).toBe(401);
      expect((await login(gw)).status).toBe(401);
    },
    BUDGET_TEST_TIMEOUT_MS,
  );
});
