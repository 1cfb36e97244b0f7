import { ACCESS_TOKEN_SCOPES } from '@flaneur/schema';
import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, isObjectType } from 'graphql';
import { createAccessToken, gqlWithToken, restWithToken } from '../../../test/access-tokens';
import { createProperty, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { GRAPHQL_TOKEN_SCOPES } from './scopes';

const gw = useGateway();

/** A scene per test: an owner with a listing, a tenant with tokens. */
async function scene() {
  const owner = await signedInUser(gw);
  const property = await createProperty(owner.agent);
  const tenant = await signedInUser(gw);
  const ownListing = await createProperty(tenant.agent);
  const tokenWith = async (scopes: string[]) => (await createAccessToken(tenant.agent, scopes)).token;
  const allBut = (scope: string) => ACCESS_TOKEN_SCOPES.filter((s) => s !== scope);
  return { owner, property, tenant, ownListing, tokenWith, allBut };
}

type Scene = Awaited<ReturnType<typeof scene>>;
/** One GraphQL operation and one REST route per scope, with how success looks. */
const CASES: {
  scope: string;
  graphql: (s: Scene) => { query: string; variables?: Record<string, unknown> };
  rest: (s: Scene) => { method: 'get' | 'post' | 'patch' | 'delete'; path: string; body?: unknown; status: number };
}[] = [
  {
    scope: 'listings:read',
    graphql: (s) => ({
      query: 'query($id: ID!) { property(id: $id) { id } }',
      variables: { id: String(s.property.id) },
    }),
    rest: (s) => ({ method: 'get', path: `/properties/${s.property.id}`, status: 200 }),
  },
  {
    scope: 'listings:write',
    graphql: (s) => ({
      query: 'mutation($id: ID!) { deleteProperty(id: $id) }',
      variables: { id: String(s.ownListing.id) },
    }),
    rest: () => ({ method: 'delete', path: '/properties/2147483000', status: 404 }),
  },
  {
    scope: 'discoveries:read',
    graphql: () => ({ query: '{ history { entry { id } } }' }),
    rest: () => ({ method: 'get', path: '/history', status: 200 }),
  },
  {
    scope: 'discoveries:write',
    graphql: () => ({
      query: 'mutation { reportLocation(latitude: 48.85, longitude: 2.35, accuracy: 10) { matched } }',
    }),
    rest: () => ({
      method: 'post',
      path: '/user-locations',
      body: { latitude: 48.85, longitude: 2.35, accuracy: 10 },
      status: 201,
    }),
  },
  {
    scope: 'favorites',
    graphql: () => ({ query: '{ favorites { favorite { id } } }' }),
    rest: () => ({ method: 'get', path: '/favorites', status: 200 }),
  },
  {
    scope: 'messages:read',
    graphql: () => ({ query: '{ unreadMessageCount conversations { id } }' }),
    rest: () => ({ method: 'get', path: '/messages/unread', status: 200 }),
  },
  {
    scope: 'messages:write',
    graphql: (s) => ({
      query: 'mutation($u: ID!, $p: ID!) { startConversation(otherUserId: $u, propertyId: $p) { id } }',
      variables: { u: String(s.owner.user.id), p: String(s.property.id) },
    }),
    rest: (s) => ({
      method: 'post',
      path: '/conversations',
      body: { user2Id: s.owner.user.id, propertyId: s.property.id },
      status: 200,
    }),
  },
  {
    scope: 'profile:read',
    graphql: () => ({ query: '{ me { id } }' }),
    rest: () => ({ method: 'get', path: '/user', status: 200 }),
  },
];

describe('scopes', () => {
  it('should list every root field of the schema in the scope table (default deny for new operations)', async () => {
    // The committed SDL, which CI keeps equal to what the code emits.
    const schema = buildSchema(fs.readFileSync(path.join(__dirname, '../../../../schema/schema.graphql'), 'utf8'));
    for (const type of ['Query', 'Mutation', 'Subscription'] as const) {
      const root = schema.getType(type);
      if (!isObjectType(root)) continue;
      const missing = Object.keys(root.getFields()).filter((f) => !Object.hasOwn(GRAPHQL_TOKEN_SCOPES[type], f));
      expect({ type, missing }).toEqual({ type, missing: [] });
    }
  });

  it.each(CASES.map((c) => [c.scope, c] as const))(
    'should allow %s with the scope and refuse it without',
    async (scope, c) => {
      const s = await scene();
      const allowed = await s.tokenWith([scope]);
      const refused = await s.tokenWith(s.allBut(scope));
      const op = c.graphql(s);

      const ok = await gqlWithToken(gw, allowed, op.query, op.variables);
      expect(ok.status).toBe(200);
      expect(ok.body.errors).toBeUndefined();
      const ko = await gqlWithToken(gw, refused, op.query, op.variables);
      expect(ko.status).toBe(403);
      expect(ko.body.data).toBeUndefined();
      expect(ko.body.errors[0]).toMatchObject({
        message: `Ce jeton d'accès n'a pas l'autorisation « ${scope} » qu'exige cette opération.`,
        extensions: { code: 'FORBIDDEN' },
      });

      const r = c.rest(s);
      const restOk = await restWithToken(gw, allowed, r.method, r.path, r.body);
      expect(restOk.status).toBe(r.status);
      const restKo = await restWithToken(gw, refused, r.method, r.path, r.body);
      expect(restKo.status).toBe(403);
      expect(restKo.body.message).toContain(`« ${scope} »`);
    },
  );

  it('should not mix scopes inside one operation', async () => {
    const { agent } = await signedInUser(gw);
    const { token } = await createAccessToken(agent, ['profile:read']);
    const res = await gqlWithToken(gw, token, '{ me { id } favorites { favorite { id } } }');
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toContain('« favorites »');
  });
});

describe('operations a token can never run', () => {
  const ALL = [...ACCESS_TOKEN_SCOPES];
  const SESSION_ONLY_GRAPHQL: [string, string][] = [
    ['creating a token', 'mutation { createAccessToken(input: { name: "x", scopes: ["favorites"] }) { token } }'],
    ['listing tokens', '{ accessTokens { id } }'],
    ['revoking a token', 'mutation { revokeAccessToken(id: "1") }'],
    ['changing the password', 'mutation { changePassword(currentPassword: "a", newPassword: "bbbbbbbb") }'],
    [
      'changing the e-mail',
      'mutation { updateProfile(input: { email: "pirate@example.fr", currentPassword: "a" }) { id } }',
    ],
    ['deleting the account', 'mutation { deleteAccount(password: "a") }'],
    ['exporting the account', '{ exportMyData }'],
    ['reading tenant documents', '{ tenantFiles { id } }'],
    ['reading a tenant document', '{ tenantFile(id: "1") { id } }'],
    [
      'reading attached documents',
      '{ conversations { id } conversation(id: "1") { messages { attachedFiles { id } } } }',
    ],
    ['logging out', 'mutation { logout }'],
  ];

  it.each(SESSION_ONLY_GRAPHQL)('should refuse %s over GraphQL (403), whatever the scopes', async (_name, query) => {
    const { agent } = await signedInUser(gw);
    const { token } = await createAccessToken(agent, ALL);
    const res = await gqlWithToken(gw, token, query);
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toMatchObject({
      message: expect.stringContaining("n'est pas accessible avec un jeton d'accès"),
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('should refuse the same over REST (403), and any route it does not list', async () => {
    const { agent, user } = await signedInUser(gw);
    const { token } = await createAccessToken(agent, ALL);
    const routes: ['get' | 'post' | 'patch' | 'delete', string, unknown?][] = [
      ['post', '/access-tokens', { name: 'x', scopes: ['favorites'] }],
      ['get', '/access-tokens'],
      ['delete', '/access-tokens/1'],
      ['post', '/change-password', { currentPassword: 'a', newPassword: 'bbbbbbbb' }],
      ['patch', `/users/${user.id}`, { email: 'pirate@example.fr' }],
      ['delete', '/users/me', { password: 'a' }],
      ['get', '/users/me/export'],
      ['get', '/tenant-files'],
      ['get', '/tenant-files/1'],
      ['get', '/tenant-files/1/download'],
      ['post', '/tenant-files', { title: 'x' }],
      ['post', '/logout'],
      ['get', '/route-that-does-not-exist'],
    ];
    for (const [method, path, body] of routes) {
      const res = await restWithToken(gw, token, method, path, body);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
      expect(res.body.message).toContain("n'est pas accessible avec un jeton d'accès");
    }
    // The cookie session still reaches them.
    expect((await agent.get('/api/tenant-files')).status).toBe(200);
    expect((await gql(agent, '{ accessTokens { id } }')).errors).toBeUndefined();
  });
});
