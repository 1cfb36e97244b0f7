import type { Client } from 'graphql-ws';
import { buildUser } from './factories';
import { startGateway, TestGateway } from './gateway';
import { gql } from './graphql';
import { waitForToken } from './outbox';
import { waitFor } from './subscribe';
import { wsClient, wsExecute } from './ws';

// Runs when TEST_REDIS_URL is set (jest.config.js leaves *.redis.test.ts out otherwise).
const REDIS_URL = process.env.TEST_REDIS_URL!;

let a: TestGateway;
let b: TestGateway;
let portB: number;
beforeAll(async () => {
  a = await startGateway({ REDIS_URL });
  b = await startGateway({ REDIS_URL });
  await a.listen(0, '127.0.0.1');
  portB = await b.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await a.close();
  await b.close();
});

/** Registers through A: the agent keeps the session, `cookie` replays it elsewhere. */
async function signInOnA() {
  const fields = buildUser();
  const agent = a.agent();
  const res = await agent.post('/api/register').send(fields);
  expect(res.status).toBe(201);
  return { agent, user: res.body as { id: number; email: string }, cookie: res.headers['set-cookie'][0].split(';')[0] };
}

/** A socket on B with that cookie, signed in (me answers), with the code it was closed with. */
async function socketOnB(cookie: string, userId: number) {
  const ws = wsClient(portB, { cookie, lazy: false });
  const closed: { code?: number } = {};
  ws.on('closed', (e) => (closed.code = (e as { code: number }).code));
  const me = await wsExecute(ws, '{ me { id } }');
  expect(me.data?.me?.id).toBe(String(userId));
  return { ws, closed };
}

const meIsGone = async (ws: Client) => {
  const res = await wsExecute(ws, '{ me { id } }').catch(() => ({ data: undefined }));
  return !res.data?.me;
};

describe('websockets end with their session, on every gateway', () => {
  it('should close the socket opened on B when the session logs out on A', async () => {
    const { agent, user, cookie } = await signInOnA();
    const { ws, closed } = await socketOnB(cookie, user.id);
    expect((await agent.post('/api/logout')).status).toBe(200);
    expect(await waitFor(() => closed.code === 4401, 2000)).toBe(true);
    expect(await meIsGone(ws)).toBe(true);
    const update = await wsExecute(ws, 'mutation { updateProfile(input: { bio: "pirate" }) { id } }').catch(() => ({
      data: undefined,
    }));
    expect(update.data).toBeFalsy();
    await ws.dispose();
  });

  it('should close the socket opened on B when the password is reset through A', async () => {
    const { user, cookie } = await signInOnA();
    const { ws, closed } = await socketOnB(cookie, user.id);
    await a.agent().post('/api/forgot-password').send({ email: user.email });
    const token = await waitForToken(a.dataDir, user.email, '/auth?token=');
    expect((await a.agent().post('/api/reset-password').send({ token, password: 'nouveau-mdp-123' })).status).toBe(200);
    expect(await waitFor(() => closed.code === 4401, 2000)).toBe(true);
    expect(await meIsGone(ws)).toBe(true);
    await ws.dispose();
  });

  it('should close the socket opened on B when the account is deleted through A', async () => {
    const fields = buildUser();
    const agent = a.agent();
    const res = await agent.post('/api/register').send(fields);
    const { ws, closed } = await socketOnB(res.headers['set-cookie'][0].split(';')[0], res.body.id);
    const deleted = await gql(agent, 'mutation ($p: String!) { deleteAccount(password: $p) }', { p: fields.password });
    expect(deleted.errors).toBeUndefined();
    expect(await waitFor(() => closed.code === 4401, 2000)).toBe(true);
    await ws.dispose();
  });
});
