import { MSG } from '@flaneur/schema';
import { buildUser, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { latestToken, waitForToken } from '../../../test/outbox';
import { wsClient, wsExecute } from '../../../test/ws';

const ME = 'query { me { id username email isLandlord isVerified createdAt } }';
const REGISTER = 'mutation ($input: RegisterInput!) { register(input: $input) { id username } }';
const LOGIN = 'mutation ($input: LoginInput!) { login(input: $input) { id username lastLoginAt } }';

const gw = useGateway({ listen: true });

describe('accounts over GraphQL', () => {
  it('should register, answer me, log out and answer null when signed out', async () => {
    const agent = gw.agent();
    expect((await gql(agent, ME)).data).toEqual({ me: null });
    const fields = buildUser();
    const reg = await gql(agent, REGISTER, { input: fields });
    expect(reg.errors).toBeUndefined();
    expect(reg.data!.register.username).toBe(fields.username);
    expect((await gql(agent, ME)).data!.me.username).toBe(fields.username);
    expect((await gql(agent, 'mutation { logout }')).data).toEqual({ logout: true });
    expect((await gql(agent, ME)).data).toEqual({ me: null });
  });

  it('should log in with the right password and refuse a wrong one with UNAUTHENTICATED in French', async () => {
    const { user, password } = await signedInUser(gw);
    const agent = gw.agent();
    const bad = await gql(agent, LOGIN, { input: { username: user.username, password: 'mauvais-mdp' } });
    expect(bad.errors![0]).toMatchObject({
      message: 'Identifiant ou mot de passe incorrect',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    const ok = await gql(agent, LOGIN, { input: { username: user.username, password } });
    expect(ok.data!.login.username).toBe(user.username);
    expect((await gql(agent, ME)).data!.me.id).toBe(String(user.id));
  });

  it('should log in with the e-mail address, compared case-insensitively', async () => {
    const { user, password } = await signedInUser(gw);
    const agent = gw.agent();
    const ok = await gql(agent, LOGIN, { input: { username: user.email.toUpperCase(), password } });
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.login.username).toBe(user.username);
    expect((await gql(agent, ME)).data!.me.id).toBe(String(user.id));
  });

  it('should refuse a new username with spaces or other signs, with the French rule', async () => {
    const res = await gql(gw.agent(), REGISTER, { input: buildUser({ username: 'jean dupont!' }) });
    expect(res.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { username: MSG.usernameFormat },
    });
  });

  it('should answer BAD_USER_INPUT with a French message per field when the form is invalid', async () => {
    const res = await gql(gw.agent(), REGISTER, { input: buildUser({ username: 'ab', email: 'x' }) });
    expect(res.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { username: "Le nom d'utilisateur doit contenir au moins 3 caractères", email: 'Email invalide' },
    });
  });

  it('should answer CONFLICT when the username is taken', async () => {
    const { user } = await signedInUser(gw);
    const res = await gql(gw.agent(), REGISTER, { input: buildUser({ username: user.username }) });
    expect(res.errors![0]).toMatchObject({
      message: "Ce nom d'utilisateur existe déjà",
      extensions: { code: 'CONFLICT' },
    });
  });

  it('should complete forgot and reset password over GraphQL', async () => {
    const { user } = await signedInUser(gw);
    const sent = await gql(gw.agent(), 'mutation ($e: String!) { forgotPassword(email: $e) }', { e: user.email });
    expect(sent.data!.forgotPassword).toBe(MSG.forgotPasswordSent);
    const token = await waitForToken(gw.dataDir, user.email, '/auth?token=');
    const reset = await gql(gw.agent(), 'mutation ($i: ResetPasswordInput!) { resetPassword(input: $i) }', {
      i: { token, password: 'un-nouveau-mdp' },
    });
    expect(reset.data!.resetPassword).toBe(MSG.resetPasswordDone);
    const login = await gql(gw.agent(), LOGIN, { input: { username: user.username, password: 'un-nouveau-mdp' } });
    expect(login.errors).toBeUndefined();
  });

  it('should tell whether a reset link can still be used: yes before the reset, no once used or unknown', async () => {
    const { user } = await signedInUser(gw);
    await gql(gw.agent(), 'mutation ($e: String!) { forgotPassword(email: $e) }', { e: user.email });
    const token = await waitForToken(gw.dataDir, user.email, '/auth?token=');
    const valid = (t: string) =>
      gql<{ passwordResetTokenValid: boolean }>(
        gw.agent(),
        'query ($t: String!) { passwordResetTokenValid(token: $t) }',
        {
          t,
        },
      );
    expect((await valid(token)).data).toEqual({ passwordResetTokenValid: true });
    await gql(gw.agent(), 'mutation ($i: ResetPasswordInput!) { resetPassword(input: $i) }', {
      i: { token, password: 'un-nouveau-mdp' },
    });
    expect((await valid(token)).data).toEqual({ passwordResetTokenValid: false });
    expect((await valid('inconnu')).data).toEqual({ passwordResetTokenValid: false });
  });

  it('should verify the e-mail with the token of the registration link', async () => {
    const { agent, user } = await signedInUser(gw);
    const token = latestToken(gw.dataDir, user.email, '/api/verify-email?token=');
    expect((await gql(agent, 'mutation ($t: String!) { verifyEmail(token: $t) }', { t: token })).data).toEqual({
      verifyEmail: true,
    });
    expect((await gql(agent, ME)).data!.me.isVerified).toBe(true);
  });

  it('should mask unexpected errors and never send a stack trace', async () => {
    const res = await gql(gw.agent(), 'query { me { id } nope }');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.errors)).not.toMatch(/stacktrace|at .*\.ts/);
  });
});

describe('GraphQL HTTP protections', () => {
  it('should refuse a mutation sent as a simple cross-site request (CSRF prevention)', async () => {
    const res = await gw
      .agent()
      .post('/graphql')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ query: 'mutation { logout }' }));
    expect(res.status).toBe(400);
  });

  it('should refuse mutations over GET', async () => {
    const res = await gw
      .agent()
      .get('/graphql')
      .query({ query: 'mutation { logout }' })
      .set('apollo-require-preflight', 'true');
    expect(res.status).toBe(405);
  });

  it('should refuse a query deeper, wider in aliases or longer than the limits', async () => {
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: me { id }`).join(' ');
    const res = await gql(gw.agent(), `query { ${aliases} }`);
    expect(res.errors?.[0].message).toMatch(/alias/i);
  });

  it('should refuse batched requests', async () => {
    const res = await gw
      .agent()
      .post('/graphql')
      .send([{ query: ME }, { query: ME }]);
    expect(res.status).toBe(400);
  });
});

describe('graphql-ws authentication', () => {
  it('should resolve the viewer from the session cookie of the upgrade request', async () => {
    const fields = buildUser();
    const res = await gw.agent().post('/api/register').send(fields);
    const cookie = res.headers['set-cookie'][0].split(';')[0];
    const client = wsClient(gw.port, { cookie });
    try {
      const me = await wsExecute(client, 'query { me { username } }');
      expect(me.data).toEqual({ me: { username: fields.username } });
    } finally {
      await client.dispose();
    }
  });

  it('should see no viewer without a cookie', async () => {
    const client = wsClient(gw.port);
    try {
      expect((await wsExecute(client, 'query { me { username } }')).data).toEqual({ me: null });
    } finally {
      await client.dispose();
    }
  });

  it('should refuse a socket opened from another site (Origin check)', async () => {
    const client = wsClient(gw.port, { origin: 'https://evil.example' });
    await expect(wsExecute(client, 'query { me { username } }')).rejects.toBeDefined();
    await client.dispose();
  });

  it('should apply the same alias limit on the websocket', async () => {
    const client = wsClient(gw.port);
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: me { id }`).join(' ');
    try {
      const res = await wsExecute(client, `query { ${aliases} }`);
      expect(res.errors?.[0].message).toMatch(/alias/i);
    } finally {
      await client.dispose();
    }
  });

  it('should close the sockets of a session at logout', async () => {
    const fields = buildUser();
    const agent = gw.agent();
    const res = await agent.post('/api/register').send(fields);
    const cookie = res.headers['set-cookie'][0].split(';')[0];
    const client = wsClient(gw.port, { cookie, lazy: false });
    const closed = new Promise<number>((resolve) => client.on('closed', (e) => resolve((e as { code: number }).code)));
    await wsExecute(client, 'query { me { username } }');
    await agent.post('/api/logout');
    expect(await closed).toBe(4401);
    await client.dispose();
  });
});
