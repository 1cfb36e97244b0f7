import { MSG } from '@flaneur/schema';
import { createAccessToken, restWithToken } from '../../../test/access-tokens';
import { signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { outboxTexts, waitForToken } from '../../../test/outbox';

/*
 * Nothing outlives the password: a change or a reset revokes the user's access tokens (and says so on the screen and
 * in the e-mail), and an e-mail change voids the reset links sent to the previous address.
 */

const gw = useGateway();
const NEW_PASSWORD = 'un-tout-nouveau-mdp';

/** Waits until `count` e-mails reached `to` (mails go out after the answer) and answers their texts. */
async function mails(to: string, count: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const texts = outboxTexts(gw.dataDir, to);
    if (texts.length >= count) return texts;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} e-mails to ${to}`);
}

describe('a password change or reset revokes the access tokens', () => {
  it('should revoke every token on a password change, and say it in the answer and in the e-mail', async () => {
    const { agent, user, password } = await signedInUser(gw);
    const tokens = [
      (await createAccessToken(agent, ['profile:read'])).token,
      (await createAccessToken(agent, ['favorites'])).token,
    ];
    expect((await restWithToken(gw, tokens[0], 'get', '/user')).status).toBe(200);
    const before = outboxTexts(gw.dataDir, user.email).length;
    const res = await agent.post('/api/change-password').send({ currentPassword: password, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    const notice = MSG.accessTokensRevokedMany.replace('{n}', '2');
    expect(res.body.message).toBe(`${MSG.passwordChanged} ${notice}`);
    for (const token of tokens) {
      const refused = await restWithToken(gw, token, 'get', '/user');
      expect([refused.status, refused.body.message]).toEqual([401, MSG.accessTokenInvalid]);
    }
    expect((await agent.get('/api/access-tokens')).body).toEqual([]);
    const texts = await mails(user.email, before + 1);
    expect(texts.at(-1)).toContain(notice);
  });

  it('should answer the plain message when there was no token', async () => {
    const { agent, password } = await signedInUser(gw);
    const res = await agent.post('/api/change-password').send({ currentPassword: password, newPassword: NEW_PASSWORD });
    expect(res.body.message).toBe(MSG.passwordChanged);
  });

  it('should revoke every token on a reset from the e-mailed link', async () => {
    const { agent, user } = await signedInUser(gw);
    const { token } = await createAccessToken(agent, ['profile:read']);
    expect((await gw.agent().post('/api/forgot-password').send({ email: user.email })).status).toBe(200);
    const link = await waitForToken(gw.dataDir, user.email, '/auth?token=', 1);
    const reset = await gw.agent().post('/api/reset-password').send({ token: link, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(`${MSG.resetPasswordDone} ${MSG.accessTokensRevokedOne}`);
    expect((await restWithToken(gw, token, 'get', '/user')).status).toBe(401);
    const texts = await mails(user.email, 3); // verification, reset link, the change notice
    expect(texts.at(-1)).toContain(MSG.accessTokensRevokedOne);
  });
});

describe('an e-mail change voids the pending reset links', () => {
  it('should refuse a reset link sent to the previous address once the address changed', async () => {
    const { agent, user, password } = await signedInUser(gw);
    expect((await gw.agent().post('/api/forgot-password').send({ email: user.email })).status).toBe(200);
    const link = await waitForToken(gw.dataDir, user.email, '/auth?token=', 1);
    const changed = await agent
      .patch(`/api/users/${user.id}`)
      .send({ email: `nouvelle-${user.email}`, currentPassword: password });
    expect(changed.status).toBe(200);
    const reset = await gw.agent().post('/api/reset-password').send({ token: link, password: NEW_PASSWORD });
    expect([reset.status, reset.body.message]).toEqual([400, MSG.resetPasswordInvalid]);
    const login = await gw.agent().post('/api/login').send({ username: user.username, password });
    expect(login.status).toBe(200);
  });
});
