import { MSG } from '@flaneur/schema';
import { BACKOFFS, backoffSeconds } from '../../lib/throttle';
import { hashPassword } from '../users/password';
import { buildUser, signedInUser } from '../../../test/factories';
import { unique, useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { latestToken, outboxLinks, outboxTexts, waitForLinks, waitForToken } from '../../../test/outbox';

const gw = useGateway();

describe('POST /api/register', () => {
  it('should create the account, sign it in and never return the password when the fields are valid', async () => {
    const fields = buildUser({ isLandlord: true, city: 'Paris' });
    const agent = gw.agent();
    const res = await agent.post('/api/register').send(fields);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: fields.username,
      email: fields.email,
      isLandlord: true,
      isVerified: false,
      city: 'Paris',
    });
    expect(res.body.password).toBeUndefined();
    expect(res.body.verificationToken).toBeUndefined();
    // Registration signs in: the profile's « Dernière connexion » is this session, never « jamais ».
    expect(Date.now() - Date.parse(res.body.lastLoginAt)).toBeLessThan(60_000);
    const cookie = res.headers['set-cookie'][0];
    expect(cookie).toMatch(/flaneur\.sid=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await agent.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(fields.username);
  });

  it('should store a scrypt hash, not the password, when an account is created', async () => {
    const { user, password } = await signedInUser(gw);
    const [row] = await gw.db.query('SELECT password FROM users WHERE id = $1', [user.id]);
    expect(row.password).not.toContain(password);
    expect(row.password).toMatch(/^scrypt\$/);
  });

  it('should answer 400 with the French message when the username exists (the legacy client reads 400)', async () => {
    const { user } = await signedInUser(gw);
    const res = await gw
      .agent()
      .post('/api/register')
      .send(buildUser({ username: user.username }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Ce nom d'utilisateur existe déjà");
  });

  it('should answer 409 when the e-mail is already used, whatever its case', async () => {
    const { user } = await signedInUser(gw);
    const res = await gw
      .agent()
      .post('/api/register')
      .send(buildUser({ email: user.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.emailExists);
  });

  it.each([
    [{ username: 'ab' }, "Le nom d'utilisateur doit contenir au moins 3 caractères"],
    [{ username: 'jean dupont' }, MSG.usernameFormat],
    [{ username: 'marie@exemple.fr' }, MSG.usernameFormat],
    [{ username: 'a'.repeat(31) }, MSG.usernameFormat],
    [{ password: '1234567' }, 'Le mot de passe doit contenir au moins 8 caractères'],
    [{ email: 'pas-un-email' }, 'Email invalide'],
    [{ phone: 'abc😀' }, MSG.phoneInvalid],
    [{ postalCode: '-75001999' }, MSG.postalCodeInvalid],
  ])('should answer 400 with the French message when %j', async (override, message) => {
    const res = await gw.agent().post('/api/register').send(buildUser(override));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('should store the phone and postal code as the profile then saves them unchanged when both are valid', async () => {
    const { agent, password } = await signedInUser(gw, { phone: '06 12 34 56 78', postalCode: '75010' });
    const me = await agent.get('/api/user');
    expect(me.body).toMatchObject({ phone: '06 12 34 56 78', postalCode: '75010' });
    const saved = await agent
      .patch(`/api/users/${me.body.id}`)
      .send({ phone: me.body.phone, postalCode: me.body.postalCode });
    expect(saved.status).toBe(200);
    expect(password.length).toBeGreaterThanOrEqual(8);
  });

  it('should answer 400, not 500, when the body is not JSON or has wrong types', async () => {
    const bad = await gw.agent().post('/api/register').set('Content-Type', 'application/json').send('{"username":');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
    const types = await gw
      .agent()
      .post('/api/register')
      .send({ username: 42, password: ['x'], email: {} });
    expect(types.status).toBe(400);
  });
});

describe('POST /api/login and /api/logout', () => {
  it('should sign in with a new session id and set lastLoginAt when the credentials are right', async () => {
    const { user, password } = await signedInUser(gw);
    const agent = gw.agent();
    const before = await agent.get('/api/user');
    expect(before.status).toBe(401);
    const res = await agent.post('/api/login').send({ username: user.username, password });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(user.username);
    expect(res.body.lastLoginAt).toBeTruthy();
    expect((await agent.get('/api/user')).body.id).toBe(user.id);
  });

  it('should issue a different session cookie at login than before it (no fixation)', async () => {
    const { user, password } = await signedInUser(gw);
    const agent = gw.agent();
    const first = await agent.post('/api/login').send({ username: user.username, password });
    const second = await agent.post('/api/login').send({ username: user.username, password });
    const sid = (r: typeof first) => r.headers['set-cookie'][0].split(';')[0];
    expect(sid(first)).not.toBe(sid(second));
  });

  it('should answer 401 "Identifiant ou mot de passe incorrect" for a wrong password or an unknown user', async () => {
    const { user } = await signedInUser(gw);
    for (const body of [
      { username: user.username, password: 'mauvais-mdp' },
      { username: 'personne-ici', password: 'whatever1' },
    ]) {
      const res = await gw.agent().post('/api/login').send(body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Identifiant ou mot de passe incorrect' });
    }
  });

  it('should sign in with the e-mail address in the username field, whatever its case', async () => {
    const { user, password } = await signedInUser(gw);
    const agent = gw.agent();
    const res = await agent.post('/api/login').send({ username: `  ${user.email.toUpperCase()} `, password });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    expect((await agent.get('/api/user')).body.username).toBe(user.username);
    const wrong = await gw.agent().post('/api/login').send({ username: user.email, password: 'mauvais-mdp' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: MSG.badCredentials });
  });

  it('should keep signing in an account whose password was made under the former 6-character minimum', async () => {
    const { user } = await signedInUser(gw);
    await gw.db.query('UPDATE users SET password = $1 WHERE id = $2', [await hashPassword('abc123'), user.id]);
    const res = await gw.agent().post('/api/login').send({ username: user.username, password: 'abc123' });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(user.username);
  });

  it('should keep signing in a username created before the username rule (spaces, accents)', async () => {
    const { user, password } = await signedInUser(gw);
    const legacy = `Élise ${user.id}`;
    await gw.db.query('UPDATE users SET username = $1 WHERE id = $2', [legacy, user.id]);
    const res = await gw.agent().post('/api/login').send({ username: legacy, password });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(legacy);
  });

  it('should answer 400 with the French message when the login form is invalid', async () => {
    const res = await gw.agent().post('/api/login').send({ username: 'ab', password: '123456' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Le nom d'utilisateur doit contenir au moins 3 caractères");
  });

  it('should end the session when the user logs out', async () => {
    const { agent } = await signedInUser(gw);
    const res = await agent.post('/api/logout');
    expect(res.status).toBe(200);
    expect((await agent.get('/api/user')).status).toBe(401);
  });

  describe('progressive backoff per account', () => {
    const rule = BACKOFFS.loginFailuresPerAccount;
    const LOGIN = 'mutation ($input: LoginInput!) { login(input: $input) { id } }';
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const login = (username: string, password: string) => gw.agent().post('/api/login').send({ username, password });
    const retryAfter = (res: { headers: Record<string, string> }) => Number(res.headers['retry-after']);

    it('should block an account for a growing time after the free failures, even with the right password, and forget the series at a success', async () => {
      const { user, password } = await signedInUser(gw);
      for (let i = 0; i < rule.free; i++) expect((await login(user.username, 'mauvais-mdp')).status).toBe(401);
      expect((await login(user.username, password)).status).toBe(200);
      // The success forgot the series: the free failures are free again.
      for (let i = 0; i < rule.free; i++) expect((await login(user.username, 'mauvais-mdp')).status).toBe(401);

      expect((await login(user.username, 'mauvais-mdp')).status).toBe(401);
      const first = await login(user.username.toUpperCase(), password);
      expect(first.status).toBe(429);
      expect(first.headers['retry-after']).toMatch(/^\d+$/);
      expect(first.body).toEqual({ message: MSG.tooManyRequests });
      const viaGraphql = await gql(gw.agent(), LOGIN, { input: { username: user.username, password } });
      expect(viaGraphql.errors![0]).toMatchObject({
        message: MSG.tooManyRequests,
        extensions: { code: 'TOO_MANY_REQUESTS', retryAfter: retryAfter(first) },
      });

      await sleep(retryAfter(first) * 1000 + 100);
      expect((await login(user.username, 'mauvais-mdp')).status).toBe(401);
      const second = await login(user.username, password);
      expect(second.status).toBe(429);
      expect(retryAfter(second)).toBeGreaterThan(retryAfter(first));
      expect(retryAfter(second)).toBe(2 * retryAfter(first));

      await sleep(retryAfter(second) * 1000 + 100);
      expect((await login(user.username, password)).status).toBe(200);
      expect((await login(user.username, 'mauvais-mdp')).status).toBe(401);
    });

    it('should check one attempt at a time past the free failures: concurrent guesses get 429 unchecked', async () => {
      const { user } = await signedInUser(gw);
      for (let i = 0; i < rule.free; i++) expect((await login(user.username, 'mauvais-mdp')).status).toBe(401);
      const statuses = await Promise.all(Array.from({ length: 6 }, (_, i) => login(user.username, `essai-${i}`)));
      expect(statuses.map((r) => r.status).sort()).toEqual([401, 429, 429, 429, 429, 429]);
    });

    it('should throttle an unknown username like an existing one (no account enumeration)', async () => {
      const ghost = unique('fantome');
      for (let i = 0; i <= rule.free; i++) expect((await login(ghost, 'mauvais-mdp')).status).toBe(401);
      const res = await login(ghost, 'mauvais-mdp');
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: MSG.tooManyRequests });
    });

    it('should double the block at each further failure up to 15 min', () => {
      const blocks = Array.from({ length: 14 }, (_, i) => backoffSeconds(rule, rule.free + 1 + i));
      expect(Array.from({ length: rule.free }, (_, i) => backoffSeconds(rule, i + 1))).toEqual(
        Array(rule.free).fill(0),
      );
      expect(blocks).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);
    });
  });
});

describe('GET /api/user', () => {
  it('should answer 401 with a French message and no-store when signed out', async () => {
    const res = await gw.agent().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MSG.unauthenticated);
  });
});

describe('password reset', () => {
  it('should answer the same 200 message whether or not the e-mail has an account', async () => {
    const { user } = await signedInUser(gw);
    const known = await gw.agent().post('/api/forgot-password').send({ email: user.email });
    const unknown = await gw.agent().post('/api/forgot-password').send({ email: 'inconnu@example.fr' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: MSG.forgotPasswordSent });
    expect(unknown.body).toEqual(known.body);
    expect(outboxLinks(gw.dataDir, 'inconnu@example.fr')).toEqual([]);
  });

  it('should reset with the link from the outbox, end other sessions, and refuse the token a second time', async () => {
    const { agent: oldSession, user } = await signedInUser(gw);
    await gw.agent().post('/api/forgot-password').send({ email: user.email });
    expect((await waitForLinks(gw.dataDir, user.email, '/auth?token=')).pop()).toMatch(
      /^http:\/\/localhost:4000\/auth\?token=[\w-]{43}$/,
    );
    const token = await waitForToken(gw.dataDir, user.email, '/auth?token=');

    const res = await gw.agent().post('/api/reset-password').send({ token, password: 'nouveau-mdp-123' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.resetPasswordDone);
    expect((await oldSession.get('/api/user')).status).toBe(401);

    const again = await gw.agent().post('/api/reset-password').send({ token, password: 'encore-un-autre' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.resetPasswordInvalid);

    expect(
      (await gw.agent().post('/api/login').send({ username: user.username, password: 'motdepasse-solide' })).status,
    ).toBe(401);
    expect(
      (await gw.agent().post('/api/login').send({ username: user.username, password: 'nouveau-mdp-123' })).status,
    ).toBe(200);
  });

  it('should refuse an expired token', async () => {
    const { user } = await signedInUser(gw);
    await gw.agent().post('/api/forgot-password').send({ email: user.email });
    const token = await waitForToken(gw.dataDir, user.email, '/auth?token=');
    await gw.db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [
      user.id,
    ]);
    const res = await gw.agent().post('/api/reset-password').send({ token, password: 'nouveau-mdp-123' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.resetPasswordInvalid);
  });

  it('should answer 400 with the French messages when the new password is short or the e-mail invalid', async () => {
    const short = await gw.agent().post('/api/reset-password').send({ token: 'abc', password: '1234567' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Le mot de passe doit contenir au moins 8 caractères');
    const email = await gw.agent().post('/api/forgot-password').send({ email: 'nope' });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe('Email invalide');
  });

  it('should throttle forgot-password per e-mail with 429 after 3 requests in an hour', async () => {
    const email = `throttle-${Date.now()}@example.fr`;
    for (let i = 0; i < 3; i++)
      expect((await gw.agent().post('/api/forgot-password').send({ email })).status).toBe(200);
    const res = await gw.agent().post('/api/forgot-password').send({ email });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('GET /api/verify-email', () => {
  it('should mark the account verified with the link sent at registration, once', async () => {
    const { agent, user } = await signedInUser(gw);
    const token = latestToken(gw.dataDir, user.email, '/api/verify-email?token=');
    const res = await gw.agent().get(`/api/verify-email?token=${token}`).set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect((await agent.get('/api/user')).body.isVerified).toBe(true);
    const again = await gw.agent().get(`/api/verify-email?token=${token}`).set('Accept', 'application/json');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.emailVerifyInvalid);
  });

  it('should send a browser to the profile, verified, and a second click there as already verified', async () => {
    const { agent, user } = await signedInUser(gw);
    const token = latestToken(gw.dataDir, user.email, '/api/verify-email?token=');
    const first = await agent.get(`/api/verify-email?token=${token}`).set('Accept', 'text/html');
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('http://localhost:4000/profile?emailVerified=1');
    const again = await agent.get(`/api/verify-email?token=${token}`).set('Accept', 'text/html');
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe('http://localhost:4000/profile?emailVerified=already');
  });

  it('should word the verification e-mail « adresse e-mail », as the app does', async () => {
    const { user } = await signedInUser(gw);
    const text = outboxTexts(gw.dataDir, user.email).join('\n');
    expect(text).toContain('Confirmez votre adresse e-mail');
    expect(text).not.toMatch(/adresse email/);
  });

  it('should send a browser back to the app', async () => {
    const res = await gw.agent().get('/api/verify-email?token=faux').set('Accept', 'text/html');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('http://localhost:4000/dashboard?emailVerified=0');
  });
});

describe('unknown API routes', () => {
  it('should answer 404 JSON in French', async () => {
    const res = await gw.agent().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.routeNotFound);
  });
});

describe('field messages (found by test/fuzz.test.ts)', () => {
  it.each([
    ['/api/register', {}, { username: MSG.usernameMin, password: MSG.resetPasswordMin, email: MSG.emailInvalid }],
    ['/api/login', { username: 42, password: [] }, { username: MSG.usernameMin, password: MSG.passwordRequired }],
    ['/api/forgot-password', { email: null }, { email: MSG.emailInvalid }],
    ['/api/reset-password', { token: {} }, { token: MSG.resetPasswordInvalid, password: MSG.resetPasswordMin }],
    ['/api/register', [1, 2], { _: MSG.invalidInput }],
  ])(
    'should answer 400 with French messages per field, never zod English, when %s gets %j',
    async (url, body, errors) => {
      const res = await gw.agent().post(url).send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(errors);
      expect(JSON.stringify(res.body)).not.toMatch(/Invalid input|expected|received/);
    },
  );
});
