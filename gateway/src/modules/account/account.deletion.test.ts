import { MSG } from '@flaneur/schema';
import { BACKOFFS } from '../../lib/throttle';
import { OWNED_ROWS, ownedRows, richUser } from '../../../test/account-scene';
import { signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { isStored, storedNames } from '../../../test/stored-objects';
import { gql } from '../../../test/graphql';
import { wsClient, wsExecute } from '../../../test/ws';

const gw = useGateway({ listen: true });

const DELETE = 'mutation ($p: String!) { deleteAccount(password: $p) }';
const THREAD = `query ($id: ID!) { conversation(id: $id) {
  participant { id username firstName lastName profilePicture bio }
  messages { content sender { id firstName lastName } } } }`;
const privateFiles = (userId: number) => storedNames(gw, 'private', `tenant-files/${userId}/`);
const userRow = async (id: number) => (await gw.db.query('SELECT * FROM users WHERE id = $1', [id]))[0];
const none = Object.fromEntries([...Object.keys(OWNED_ROWS), 'session'].map((t) => [t, 0]));

describe('DELETE /api/users/me', () => {
  it('should remove every kind of data, the stored files and the sessions when the password is right', async () => {
    const s = await richUser(gw);
    const { me, other } = s;
    const before = await ownedRows(gw, me.user.id);
    expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([]);
    expect(before.session).toBe(2);
    expect(await privateFiles(me.user.id)).toHaveLength(2);
    const otherBefore = await ownedRows(gw, other.user.id);

    const res = await me.agent.delete('/api/users/me').send({ password: me.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.accountDeleted });

    expect(await ownedRows(gw, me.user.id)).toEqual(none);
    expect(await privateFiles(me.user.id)).toEqual([]);
    expect(await isStored(gw, s.avatar)).toBe(false);
    expect(await isStored(gw, s.myListing.images[0])).toBe(false);
    // The other party keeps everything but what concerned the deleted listing (its favourite, its visit request).
    expect(await ownedRows(gw, other.user.id)).toEqual({
      ...otherBefore,
      favorites: otherBefore.favorites - 1,
      visit_requests: otherBefore.visit_requests - 1,
      tenant_file_shares: 0,
    });
    expect((await other.agent.get(`/api/tenant-files/${s.otherDocId}`)).status).toBe(200);

    const row = await userRow(me.user.id);
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row).toMatchObject({
      first_name: null,
      last_name: null,
      phone: null,
      address: null,
      city: null,
      postal_code: null,
      profile_picture: null,
      bio: null,
      age: null,
      verification_token: null,
      is_verified: false,
    });
    expect(row.username).toMatch(/^supprime-\d+-[0-9a-f]{12}$/);
    expect(row.email).not.toContain(me.user.username.toLowerCase());
    expect(row.password).not.toMatch(/^scrypt\$/);

    for (const agent of [me.agent, s.secondSession]) expect((await agent.get('/api/user')).status).toBe(401);
    const login = await gw.agent().post('/api/login').send({ username: me.user.username, password: me.password });
    expect(login.status).toBe(401);
    const profile = await gw.agent().get(`/api/users/${me.user.username}`);
    expect(profile.status).toBe(404);
    expect((await gw.agent().get(`/api/users/${row.username}`)).status).toBe(404);
  });

  it('should keep the conversation readable by the other party, showing "Utilisateur supprimé", and refuse new messages', async () => {
    const { me, other, conversationId } = await richUser(gw);
    expect((await me.agent.delete('/api/users/me').send({ password: me.password })).status).toBe(200);

    const thread = await other.agent.get(`/api/conversations/${conversationId}`);
    expect(thread.status).toBe(200);
    expect(thread.body.participant).toMatchObject({
      id: me.user.id,
      firstName: 'Utilisateur',
      lastName: 'supprimé',
      profilePicture: null,
      bio: null,
    });
    expect(thread.body.participant.username).not.toBe(me.user.username);
    expect(thread.body.messages.map((m: { content: string }) => m.content)).toEqual([
      'Voici mon dossier',
      'Merci, voici mon garant',
    ]);
    const list = await other.agent.get('/api/conversations');
    expect(list.body.find((c: { id: number }) => c.id === conversationId).participant).toMatchObject({
      firstName: 'Utilisateur',
      lastName: 'supprimé',
    });
    const gqlThread = await gql(other.agent, THREAD, { id: String(conversationId) });
    expect(gqlThread.data!.conversation.participant).toMatchObject({ firstName: 'Utilisateur', lastName: 'supprimé' });
    expect(gqlThread.data!.conversation.messages[0].sender).toEqual({
      id: String(me.user.id),
      firstName: 'Utilisateur',
      lastName: 'supprimé',
    });

    const reply = await other.agent.post(`/api/conversations/${conversationId}/messages`).send({ content: 'Allô ?' });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ message: MSG.recipientDeleted });
    const gqlReply = await gql(
      other.agent,
      'mutation ($c: ID!) { sendMessage(conversationId: $c, content: "Allô ?") { id } }',
      {
        c: String(conversationId),
      },
    );
    expect(gqlReply.errors![0]).toMatchObject({ message: MSG.recipientDeleted, extensions: { code: 'FORBIDDEN' } });
    const start = await other.agent.post('/api/conversations').send({ user2Id: me.user.id, propertyId: 1 });
    expect(start.status).toBe(403);
    expect((await other.agent.post(`/api/conversations/${conversationId}/read`).send({})).status).toBe(200);
  });

  it('should not let a new account under the freed username read the old conversations', async () => {
    const { me, conversationId } = await richUser(gw);
    expect((await me.agent.delete('/api/users/me').send({ password: me.password })).status).toBe(200);
    const heir = await signedInUser(gw, { username: me.user.username, email: me.user.email });
    expect(heir.user.id).not.toBe(me.user.id);
    expect((await heir.agent.get('/api/conversations')).body).toEqual([]);
    const res = await heir.agent.get(`/api/conversations/${conversationId}`);
    expect(res.status).toBe(403);
    expect((await heir.agent.get('/api/tenant-files')).body).toEqual([]);
  });

  it('should close the websockets of the user', async () => {
    const { agent, user, password } = await signedInUser(gw);
    const login = await gw.agent().post('/api/login').send({ username: user.username, password });
    const cookie = login.headers['set-cookie'][0].split(';')[0];
    const client = wsClient(gw.port, { cookie, lazy: false });
    const closed = new Promise<number>((resolve) => client.on('closed', (e) => resolve((e as { code: number }).code)));
    expect((await wsExecute(client, 'query { me { id } }')).data).toEqual({ me: { id: String(user.id) } });
    expect((await agent.delete('/api/users/me').send({ password })).status).toBe(200);
    expect(await closed).toBe(4401);
    await client.dispose();
    // A new socket with the old cookie has no viewer.
    const again = wsClient(gw.port, { cookie });
    expect((await wsExecute(again, 'query { me { id } }')).data).toEqual({ me: null });
    await again.dispose();
  });

  it('should answer 401 "Mot de passe incorrect" and delete nothing when the password is wrong', async () => {
    const { me, secondSession } = await richUser(gw);
    const before = await ownedRows(gw, me.user.id);
    const res = await me.agent.delete('/api/users/me').send({ password: 'pas-le-bon-mot-de-passe' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: MSG.deleteAccountBadPassword });
    expect(await ownedRows(gw, me.user.id)).toEqual(before);
    expect(await privateFiles(me.user.id)).toHaveLength(2);
    expect((await userRow(me.user.id)).deleted_at).toBeNull();
    for (const agent of [me.agent, secondSession]) expect((await agent.get('/api/user')).status).toBe(200);
  });

  it.each([
    ['no body', undefined],
    ['an empty password', { password: '' }],
    ['a number as password', { password: 12345678 }],
  ])('should answer 400 "Le mot de passe est requis" when the request has %s', async (_name, body) => {
    const { agent } = await signedInUser(gw);
    const res = await agent.delete('/api/users/me').send(body as object);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.passwordRequired);
    expect((await agent.get('/api/user')).status).toBe(200);
  });

  it('should answer 401 when signed out', async () => {
    const res = await gw.agent().delete('/api/users/me').send({ password: 'motdepasse-solide' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MSG.unauthenticated });
  });

  it('should count wrong passwords as failed logins: past the free ones, deletion and login both answer 429', async () => {
    const { agent, user, password } = await signedInUser(gw);
    const statuses: number[] = [];
    for (let i = 0; i <= BACKOFFS.loginFailuresPerAccount.free; i++)
      statuses.push((await agent.delete('/api/users/me').send({ password: `faux-${i}` })).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const blocked = await agent.delete('/api/users/me').send({ password });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect(blocked.body).toEqual({ message: MSG.tooManyRequests });
    expect((await gw.agent().post('/api/login').send({ username: user.username, password })).status).toBe(429);
    expect((await userRow(user.id)).deleted_at).toBeNull();
  });
});

describe('deleteAccount (GraphQL)', () => {
  it('should delete the account with the right password and sign the caller out', async () => {
    const { me, other, conversationId, secondSession } = await richUser(gw);
    const wrong = await gql(me.agent, DELETE, { p: 'mauvais-mot-de-passe' });
    expect(wrong.errors![0]).toMatchObject({
      message: MSG.deleteAccountBadPassword,
      extensions: { code: 'UNAUTHENTICATED', fields: { password: MSG.deleteAccountBadPassword } },
    });
    expect((await gql(me.agent, '{ me { id } }')).data!.me).toEqual({ id: String(me.user.id) });

    const res = await gql(me.agent, DELETE, { p: me.password });
    expect(res.errors).toBeUndefined();
    expect(res.data!.deleteAccount).toBe(true);
    expect(await ownedRows(gw, me.user.id)).toEqual(none);
    for (const agent of [me.agent, secondSession]) expect((await gql(agent, '{ me { id } }')).data!.me).toBeNull();
    const pub = await gql(gw.agent(), 'query ($u: String!) { user(username: $u) { id } }', { u: me.user.username });
    expect(pub.errors![0]).toMatchObject({ message: MSG.userNotFound, extensions: { code: 'NOT_FOUND' } });
    const thread = await gql(other.agent, THREAD, { id: String(conversationId) });
    expect(thread.data!.conversation.participant).toMatchObject({
      id: String(me.user.id),
      firstName: 'Utilisateur',
      lastName: 'supprimé',
      profilePicture: null,
    });
  });

  it('should answer UNAUTHENTICATED when signed out and BAD_USER_INPUT for an empty password', async () => {
    const anon = await gql(gw.agent(), DELETE, { p: 'motdepasse-solide' });
    expect(anon.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    const { agent } = await signedInUser(gw);
    const empty = await gql(agent, DELETE, { p: '' });
    expect(empty.errors![0]).toMatchObject({ message: MSG.passwordRequired, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('should refuse the deletion over the websocket (a session change needs HTTP)', async () => {
    const { agent, user, password } = await signedInUser(gw);
    const login = await gw.agent().post('/api/login').send({ username: user.username, password });
    const client = wsClient(gw.port, { cookie: login.headers['set-cookie'][0].split(';')[0] });
    try {
      const res = await wsExecute(client, DELETE, { p: password });
      expect(res.errors?.[0].message).toBe('Cette opération doit passer par HTTP.');
    } finally {
      await client.dispose();
    }
    expect((await agent.get('/api/user')).status).toBe(200);
  });
});
