import fs from 'node:fs';
import path from 'node:path';
import { MSG } from '@flaneur/schema';
import { Agent, signedInUser } from '../../../test/factories';
import { unique, useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { outboxLinks } from '../../../test/outbox';

const gw = useGateway();
const UPDATE = 'mutation($i: ProfileInput!) { updateProfile(input: $i) { email isVerified } }';
const newAddress = () => `${unique('neuf')}@example.fr`;
const follow = (agent: Agent, link: string) =>
  agent.get(new URL(link).pathname + new URL(link).search).set('Accept', 'application/json');
/** The raw outbox e-mails sent to an address. */
const mailsTo = (to: string) => {
  const dir = path.join(gw.dataDir, 'outbox');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(`-${to}.eml`))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
};

describe('E-mail change (PATCH /api/users/{id})', () => {
  it('should need the current password, clear isVerified, send a link to the new address and a notice to the old', async () => {
    const { agent, user, password } = await signedInUser(gw);
    const email = newAddress();

    const missing = await agent.patch(`/api/users/${user.id}`).send({ email });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: MSG.currentPasswordRequired,
      errors: { currentPassword: MSG.currentPasswordRequired },
    });
    const wrong = await agent.patch(`/api/users/${user.id}`).send({ email, currentPassword: 'pas-le-bon' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(MSG.currentPasswordWrong);
    expect((await agent.get('/api/user')).body.email).toBe(user.email);

    // The same address (any case) is no change: no password needed.
    const same = await agent.patch(`/api/users/${user.id}`).send({ email: user.email.toUpperCase(), bio: 'Bonjour' });
    expect(same.status).toBe(200);

    const ok = await agent.patch(`/api/users/${user.id}`).send({ email, currentPassword: password });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email, isVerified: false });
    const [verify] = outboxLinks(gw.dataDir, email);
    expect(verify).toContain('/api/verify-email?token=');
    expect((await follow(agent, verify)).status).toBe(200);
    expect((await agent.get('/api/user')).body).toMatchObject({ email, isVerified: true });
    // The old address hears of the change, without any link to the new address's verification.
    expect(mailsTo(user.email)).toHaveLength(2); // the registration's, then the notice
    expect(outboxLinks(gw.dataDir, user.email).filter((l) => l.includes('/api/verify-email'))).toHaveLength(1);
  });

  it('should clear isVerified of a verified account when its address changes', async () => {
    const { agent, user, password } = await signedInUser(gw);
    const [first] = outboxLinks(gw.dataDir, user.email);
    await follow(agent, first);
    expect((await agent.get('/api/user')).body.isVerified).toBe(true);
    const res = await agent.patch(`/api/users/${user.id}`).send({ email: newAddress(), currentPassword: password });
    expect(res.body.isVerified).toBe(false);
  });

  it('should answer 400, not 500, for an address longer than 254 characters', async () => {
    const { agent, user, password } = await signedInUser(gw);
    const long = `${'a'.repeat(250)}@example.fr`;
    const res = await agent.patch(`/api/users/${user.id}`).send({ email: long, currentPassword: password });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.emailTooLong);
    const reg = await gw
      .agent()
      .post('/api/register')
      .send({ username: unique('long'), password, email: long });
    expect(reg.status).toBe(400);
  });

  it('should allow at most 10 changes per hour per account (429 after)', async () => {
    const { agent, user, password } = await signedInUser(gw);
    for (let i = 0; i < 10; i += 1) {
      const res = await agent.patch(`/api/users/${user.id}`).send({ email: newAddress(), currentPassword: password });
      expect(res.status).toBe(200);
    }
    const res = await agent.patch(`/api/users/${user.id}`).send({ email: newAddress(), currentPassword: password });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(MSG.tooManyRequests);
    expect(res.headers['retry-after']).toBeDefined();
    // Other fields stay editable.
    expect((await agent.patch(`/api/users/${user.id}`).send({ bio: 'toujours là' })).status).toBe(200);
  });
});

describe('E-mail change (GraphQL updateProfile)', () => {
  it('should answer BAD_USER_INPUT without currentPassword, FORBIDDEN with a wrong one, and change it with the right one', async () => {
    const { agent, password } = await signedInUser(gw);
    const email = newAddress();
    const missing = await gql(agent, UPDATE, { i: { email } });
    expect(missing.errors![0]).toMatchObject({
      message: MSG.currentPasswordRequired,
      extensions: { code: 'BAD_USER_INPUT', fields: { currentPassword: MSG.currentPasswordRequired } },
    });
    const wrong = await gql(agent, UPDATE, { i: { email, currentPassword: 'pas-le-bon' } });
    expect(wrong.errors![0]).toMatchObject({ message: MSG.currentPasswordWrong, extensions: { code: 'FORBIDDEN' } });
    const ok = await gql(agent, UPDATE, { i: { email, currentPassword: password } });
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.updateProfile).toEqual({ email, isVerified: false });
    expect(outboxLinks(gw.dataDir, email).some((l) => l.includes('/api/verify-email?token='))).toBe(true);
  });
});
