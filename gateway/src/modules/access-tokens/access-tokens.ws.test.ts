import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createAccessToken } from '../../../test/access-tokens';
import { signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { wsExecute } from '../../../test/ws';

const gw = useGateway({ listen: true });

/** A graphql-ws client authenticated by `connectionParams.authorization`, no cookie, no Origin (a server). */
function tokenClient(authorization: string) {
  const closes: number[] = [];
  const client = createClient({
    url: `ws://127.0.0.1:${gw.port}/graphql`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: true,
    connectionParams: { authorization },
    on: { closed: (e) => closes.push((e as { code: number }).code) },
  });
  return { client, closes };
}

describe('access tokens over the websocket', () => {
  it('should name the viewer from connectionParams.authorization and check scopes', async () => {
    const { agent, user } = await signedInUser(gw);
    const { token } = await createAccessToken(agent, ['profile:read']);
    const { client } = tokenClient(`Bearer ${token}`);
    try {
      const me = await wsExecute(client, '{ me { id } }');
      expect(me.data.me.id).toBe(String(user.id));
      const refused = await wsExecute(client, '{ favorites { favorite { id } } }');
      expect(refused.errors?.[0]).toMatchObject({
        message: "Ce jeton d'accès n'a pas l'autorisation « favorites » qu'exige cette opération.",
        extensions: { code: 'FORBIDDEN' },
      });
      const tenantFiles = await wsExecute(client, '{ tenantFiles { id } }');
      expect((tenantFiles.errors?.[0] as { extensions?: { code?: string } }).extensions?.code).toBe('FORBIDDEN');
    } finally {
      await client.dispose();
    }
  });

  it('should refuse an unknown token at connection', async () => {
    const { client, closes } = tokenClient('Bearer flr_inconnu');
    await expect(wsExecute(client, '{ me { id } }')).rejects.toBeDefined();
    expect(closes[0]).toBe(4401);
    await client.dispose();
  });

  it('should close the sockets of a token when it is revoked', async () => {
    const { agent } = await signedInUser(gw);
    const { token, accessToken } = await createAccessToken(agent, ['profile:read', 'discoveries:read']);
    const { client, closes } = tokenClient(`Bearer ${token}`);
    const ended = new Promise<void>((resolve) => client.on('closed', () => resolve()));
    client.subscribe(
      { query: 'subscription { discoveryAdded { entry { id } } }' },
      { next() {}, error() {}, complete() {} },
    );
    await wsExecute(client, '{ me { id } }');
    await gql(agent, 'mutation($id: ID!) { revokeAccessToken(id: $id) }', { id: accessToken.id });
    await ended;
    expect(closes).toContain(4401);
    await client.dispose();
  });
});
