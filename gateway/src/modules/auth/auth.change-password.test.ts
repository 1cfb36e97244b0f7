import { MSG } from '@flaneur/schema';
import { BACKOFFS } from '../../lib/throttle';
import { signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { wsClient, wsExecute } from '../../../test/ws';

const gw = useGateway({ listen: true });

const CHANGE = 'mutation ($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }';
const NEW_PASSWORD = 'un-tout-nouveau-mdp';

/** A second signed-in session of the same account (another device). */
async function secondSession(username: string, password: string) {
  const agent = gw.agent();
  const res = await agent.post('/api/login').send({ username, password });
  expect(res.status).toBe(200);
  return { agent, cookie: (res.headers['set-cookie'] as unknown as string[])[0].split(';')[0] };
}

describe('POST /api/change-password', () => {
  it('should answer 401 when signed out', async () => {
    const res = await gw.agent().post('/api/change-password').send({ currentPassword: 'x', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MSG.unauthenticated });
  });

  it('should refuse a wrong current password with 403 in French and keep the old password', async () => {
    const { agent, user, password } = await signedInUser(gw);
    const res = await agent
      .post('/api/change-password')
      .send({ currentPassword: 'pas-le-bon', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: MSG.currentPasswordWrong,
      errors: { currentPassword: MSG.currentPasswordWrong },
    });
    expect((await gw.agent().post('/api/login').send({ username: user.username, password })).status).toBe(200);
  });

  it('should validate the new password with the shared rule (8 characters, not the current one)', async () => {
    const { agent, password } = await signedInUser(gw);
    const short = await agent.post('/api/change-password').send({ currentPassword: password, newPassword: 'court' });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ newPassword: MSG.resetPasswordMin });
    const same = await agent.post('/api/change-password').send({ currentPassword: password, newPassword: password });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual({ newPassword: MSG.newPasswordSame });
  });

  it('should change the password, end the other sessions and their sockets, and keep the current one', async () => {
    const { agent, user, password } = await signedInUser(gw);
    const other = await secondSession(user.username, password);
    const socket = wsClient(gw.port, { cookie: other.cookie, lazy: false });
    const closed = new Promise<number>((resolve) => socket.on('closed', (e) => resolve((e as { code: number }).code)));
    await wsExecute(socket, 'query { me { username } }');

    const res = await agent.post('/api/change-password').send({ currentPassword: password, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.passwordChanged });

    expect(await closed).toBe(4401);
    await socket.dispose();
    expect((await agent.get('/api/user')).status).toBe(200);
    expect((await other.agent.get('/api/user')).status).toBe(401);
    expect((await gw.agent().post('/api/login').send({ username: user.username, password })).status).toBe(401);
    const login = await gw.agent().post('/api/login').send({ username: user.username, password: NEW_PASSWORD });
    expect(login.status).toBe(200);
  });

  it('should count wrong current passwords as failed logins: past the free ones, the change and the login answer 429', async () => {
    const { agent, user, password } = await signedInUser(gw);
    const statuses: number[] = [];
    for (let i = 0; i <= BACKOFFS.loginFailuresPerAccount.free; i++)
      statuses.push(
        (await agent.post('/api/change-password').send({ currentPassword: `faux-${i}`, newPassword: NEW_PASSWORD }))
          .status,
      );
    expect(statuses.every((s) => s === 403)).toBe(true);
    const blocked = await agent
      .post('/api/change-password')
      .send({ currentPassword: password, newPassword: NEW_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: MSG.tooManyRequests });
    expect((await gw.agent().post('/api/login').send({ username: user.username, password })).status).toBe(429);
  });
});

describe('changePassword (GraphQL)', () => {
  it('should answer UNAUTHENTICATED when signed out', async () => {
    const res = await gql(gw.agent(), CHANGE, { c: 'x', n: NEW_PASSWORD });
    expect(res.errors![0].extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('should refuse a wrong current password with FORBIDDEN and a too short new one with BAD_USER_INPUT', async () => {
    const { agent, password } = await signedInUser(gw);
    const wrong = await gql(agent, CHANGE, { c: 'pas-le-bon', n: NEW_PASSWORD });
    expect(wrong.errors![0]).toMatchObject({
      message: MSG.currentPasswordWrong,
      extensions: { code: 'FORBIDDEN', fields: { currentPassword: MSG.currentPasswordWrong } },
    });
    const short = await gql(agent, CHANGE, { c: password, n: 'court' });
    expect(short.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { newPassword: MSG.resetPasswordMin },
    });
  });

  it('should change the password, sign the other sessions out and keep this one', async () => {
    const { agent, user, password } = await signedInUser(gw);
    const other = await secondSession(user.username, password);
    const res = await gql(agent, CHANGE, { c: password, n: NEW_PASSWORD });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ changePassword: true });
    expect((await gql(agent, 'query { me { username } }')).data).toEqual({ me: { username: user.username } });
    expect((await gql(other.agent, 'query { me { username } }')).data).toEqual({ me: null });
    const login = await gw.agent().post('/api/login').send({ username: user.username, password: NEW_PASSWORD });
    expect(login.status).toBe(200);
  });
});
