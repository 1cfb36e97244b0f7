import { MSG } from '@flaneur/schema';
import crypto from 'node:crypto';
import { createAccessToken, CREATE_ACCESS_TOKEN, gqlWithToken, restWithToken } from '../../../test/access-tokens';
import { signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { checksum, generateToken, isWellFormedToken } from './token-format';

const gw = useGateway();
const DAY_MS = 24 * 60 * 60 * 1000;

describe('token format', () => {
  it('should be flr_ + 30 base62 characters + a 6-character CRC32 checksum', () => {
    const token = generateToken();
    expect(token).toMatch(/^flr_[0-9A-Za-z]{36}$/);
    expect(token.slice(-6)).toBe(checksum(token.slice(4, 34)));
    expect(isWellFormedToken(token)).toBe(true);
  });

  it('should refuse a token whose checksum does not match', () => {
    const token = generateToken();
    const last = token.at(-1) === 'a' ? 'b' : 'a';
    expect(isWellFormedToken(token.slice(0, -1) + last)).toBe(false);
    expect(isWellFormedToken(`ghp_${token.slice(4)}`)).toBe(false);
  });
});

describe('creating, listing and revoking tokens', () => {
  it('should show the secret once and store only its SHA-256', async () => {
    const { agent } = await signedInUser(gw);
    const { token, accessToken } = await createAccessToken(agent, ['listings:read', 'profile:read'], {
      name: 'Mon script',
    });
    expect(isWellFormedToken(token)).toBe(true);
    expect(accessToken).toMatchObject({ name: 'Mon script', scopes: ['listings:read', 'profile:read'] });
    expect(token.startsWith(accessToken.prefix)).toBe(true);
    expect(accessToken.prefix).toHaveLength(10);

    const rows: Record<string, unknown>[] = await gw.db.query('SELECT * FROM access_tokens WHERE id = $1', [
      Number(accessToken.id),
    ]);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(token.slice(10));
    expect(rows[0].token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));

    const listed = await gql(agent, '{ accessTokens { id name prefix scopes } }');
    expect(listed.data!.accessTokens).toEqual([
      { id: accessToken.id, name: 'Mon script', prefix: accessToken.prefix, scopes: accessToken.scopes },
    ]);
    expect(JSON.stringify(listed)).not.toContain(token);
  });

  it('should expire after 90 days by default, or after the days asked (1 to 365)', async () => {
    const { agent } = await signedInUser(gw);
    const byDefault = (await createAccessToken(agent, ['favorites'])).accessToken;
    const span = (t: { createdAt: string; expiresAt: string }) =>
      Math.round((Date.parse(t.expiresAt) - Date.parse(t.createdAt)) / DAY_MS);
    expect(span(byDefault)).toBe(90);
    expect(span((await createAccessToken(agent, ['favorites'], { expiresInDays: 1 })).accessToken)).toBe(1);
    expect(span((await createAccessToken(agent, ['favorites'], { expiresInDays: 365 })).accessToken)).toBe(365);
  });

  it('should refuse bad input with French messages (400)', async () => {
    const { agent, password: currentPassword } = await signedInUser(gw);
    const cases: [unknown, string][] = [
      [{ name: 'x', scopes: ['favorites'], expiresInDays: 0, currentPassword }, 'entre 1 et 365'],
      [{ name: 'x', scopes: ['favorites'], expiresInDays: 366, currentPassword }, 'entre 1 et 365'],
      [{ name: 'x', scopes: [], currentPassword }, 'au moins une autorisation'],
      [{ name: 'x', scopes: ['admin'], currentPassword }, 'Autorisation inconnue'],
      [{ name: ' ', scopes: ['favorites'], currentPassword }, 'Donnez un nom'],
      [{ name: 'x'.repeat(101), scopes: ['favorites'], currentPassword }, '100 caractères'],
      [{ name: 'x', scopes: ['favorites'] }, MSG.currentPasswordRequiredForToken],
      [{ name: 'x', scopes: ['favorites'], currentPassword: '' }, MSG.currentPasswordRequiredForToken],
    ];
    for (const [input, message] of cases) {
      const res = await gql(agent, CREATE_ACCESS_TOKEN, { input });
      expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].message).toContain(message);
      const rest = await agent.post('/api/access-tokens').send(input as object);
      expect(rest.status).toBe(400);
      expect(rest.body.message).toContain(message);
    }
  });

  it('should create a token only with the current password (wrong: 403, nothing created), REST and GraphQL', async () => {
    const { agent, password } = await signedInUser(gw);
    const wrong = { name: 'x', scopes: ['favorites'], currentPassword: `${password}-faux` };
    const viaGraphql = await gql(agent, CREATE_ACCESS_TOKEN, { input: wrong });
    expect(viaGraphql.errors?.[0]).toMatchObject({
      message: MSG.currentPasswordWrong,
      extensions: { code: 'FORBIDDEN' },
    });
    const viaRest = await agent.post('/api/access-tokens').send(wrong);
    expect(viaRest.status).toBe(403);
    expect(viaRest.body.message).toBe(MSG.currentPasswordWrong);
    expect((await agent.get('/api/access-tokens')).body).toEqual([]);
    const right = await agent.post('/api/access-tokens').send({ ...wrong, currentPassword: password });
    expect(right.status).toBe(201);
  });

  it('should create, list and revoke over REST', async () => {
    const { agent, password } = await signedInUser(gw);
    const created = await agent
      .post('/api/access-tokens')
      .send({ name: 'REST', scopes: ['favorites'], currentPassword: password });
    expect(created.status).toBe(201);
    expect(isWellFormedToken(created.body.token)).toBe(true);
    expect(created.body.accessToken).toMatchObject({ name: 'REST', scopes: ['favorites'], lastUsedAt: null });
    expect(created.body.accessToken).not.toHaveProperty('tokenHash');
    const list = await agent.get('/api/access-tokens');
    expect(list.body.map((t: { id: number }) => t.id)).toEqual([created.body.accessToken.id]);

    expect((await restWithToken(gw, created.body.token, 'get', '/favorites')).status).toBe(200);
    expect((await agent.delete(`/api/access-tokens/${created.body.accessToken.id}`)).status).toBe(204);
    expect((await agent.get('/api/access-tokens')).body).toEqual([]);
    const after = await restWithToken(gw, created.body.token, 'get', '/favorites');
    expect(after.status).toBe(401);
    expect(after.body.message).toBe("Jeton d'accès inconnu, expiré ou révoqué");
    expect((await agent.delete(`/api/access-tokens/${created.body.accessToken.id}`)).status).toBe(404);
  });

  it("should not let a user revoke another user's token (404)", async () => {
    const alice = await signedInUser(gw);
    const bob = await signedInUser(gw);
    const { token, accessToken } = await createAccessToken(alice.agent, ['profile:read']);
    const res = await gql(bob.agent, 'mutation($id: ID!) { revokeAccessToken(id: $id) }', { id: accessToken.id });
    expect(res.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await gqlWithToken(gw, token, '{ me { id } }')).status).toBe(200);
  });

  it('should need a signed-in user to create or list tokens', async () => {
    const anonymous = await gql(gw.agent(), '{ accessTokens { id } }');
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(
      (
        await gw
          .agent()
          .post('/api/access-tokens')
          .send({ name: 'x', scopes: ['favorites'] })
      ).status,
    ).toBe(401);
  });
});

describe('authenticating with a token', () => {
  it('should name the viewer from the token, without cookie nor CSRF header, GET included', async () => {
    const { agent, user } = await signedInUser(gw);
    const { token } = await createAccessToken(agent, ['profile:read']);
    const post = await gqlWithToken(gw, token, '{ me { id username } }');
    expect(post.status).toBe(200);
    expect(post.body.data.me).toEqual({ id: String(user.id), username: user.username });
    const get = await gw
      .agent()
      .get('/graphql')
      .query({ query: '{ me { id } }' })
      .set('Authorization', `Bearer ${token}`);
    expect(get.status).toBe(200);
    expect(get.body.data.me.id).toBe(String(user.id));
    // Without the token the same GET is refused by the CSRF prevention.
    expect((await gw.agent().get('/graphql').query({ query: '{ me { id } }' })).status).toBe(400);
    const rest = await restWithToken(gw, token, 'get', '/user');
    expect(rest.status).toBe(200);
    expect(rest.body.id).toBe(user.id);
  });

  it('should ignore the cookie when a token is sent', async () => {
    const alice = await signedInUser(gw);
    const bob = await signedInUser(gw);
    const { token } = await createAccessToken(bob.agent, ['profile:read']);
    const res = await alice.agent
      .post('/graphql')
      .set('Authorization', `Bearer ${token}`)
      .send({ query: '{ me { id } }' });
    expect(res.body.data.me.id).toBe(String(bob.user.id));
  });

  it('should answer 401 UNAUTHENTICATED to unknown, malformed, expired and revoked tokens', async () => {
    const { agent } = await signedInUser(gw);
    const expired = await createAccessToken(agent, ['profile:read']);
    await gw.db.query(`UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      Number(expired.accessToken.id),
    ]);
    const revoked = await createAccessToken(agent, ['profile:read']);
    await gql(agent, 'mutation($id: ID!) { revokeAccessToken(id: $id) }', { id: revoked.accessToken.id });
    const wrongChecksum = generateToken().slice(0, -6) + 'AAAAAA';
    for (const token of [generateToken(), wrongChecksum, 'flr_short', '', expired.token, revoked.token]) {
      const res = await gqlWithToken(gw, token, '{ me { id } }');
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.body.errors[0]).toMatchObject({
        message: "Jeton d'accès inconnu, expiré ou révoqué",
        extensions: { code: 'UNAUTHENTICATED' },
      });
      const rest = await restWithToken(gw, token, 'get', '/user');
      expect(rest.status).toBe(401);
    }
  });

  it('should refuse the token of a deleted account', async () => {
    const { agent, password } = await signedInUser(gw);
    const { token } = await createAccessToken(agent, ['profile:read']);
    const deleted = await gql(agent, 'mutation($p: String!) { deleteAccount(password: $p) }', { p: password });
    expect(deleted.errors).toBeUndefined();
    expect((await gqlWithToken(gw, token, '{ me { id } }')).status).toBe(401);
  });

  it('should record the last use, at most once a minute', async () => {
    const { agent } = await signedInUser(gw);
    const { token, accessToken } = await createAccessToken(agent, ['profile:read']);
    const lastUsed = async () =>
      (
        (await gw.db.query('SELECT last_used_at FROM access_tokens WHERE id = $1', [Number(accessToken.id)])) as {
          last_used_at: Date | null;
        }[]
      )[0].last_used_at;
    expect(await lastUsed()).toBeNull();
    await gqlWithToken(gw, token, '{ me { id } }');
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await gqlWithToken(gw, token, '{ me { id } }');
    expect((await lastUsed())!.getTime()).toBe(first!.getTime());
    await gw.db.query(`UPDATE access_tokens SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, [
      Number(accessToken.id),
    ]);
    await restWithToken(gw, token, 'get', '/user');
    expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime() - 1000);
    const listed = await gql(agent, '{ accessTokens { lastUsedAt } }');
    expect(listed.data!.accessTokens[0].lastUsedAt).not.toBeNull();
  });
});
