import { MSG } from '@flaneur/schema';
import { Client } from 'graphql-ws';
import { buildUser } from './factories';
import { useGateway } from './gateway';
import { waitFor } from './subscribe';
import { wsClient, wsExecute } from './ws';

/** Tracks how a socket ended and whether it was acknowledged. */
function watch(ws: Client) {
  const state: { connected: boolean; code?: number } = { connected: false };
  ws.on('connected', () => (state.connected = true));
  ws.on('closed', (e) => (state.code = (e as { code: number }).code));
  return state;
}

describe('a websocket whose session expires', () => {
  const gw = useGateway({ listen: true });

  it('should refuse the operations run after the expiry and close the socket (4401)', async () => {
    const agent = gw.agent();
    const res = await agent.post('/api/register').send(buildUser());
    const cookie = res.headers['set-cookie'][0].split(';')[0];
    // The session ends in 1.5 s (its 30 days have passed, as far as the gateway can tell).
    await gw.db.query(
      `UPDATE "session" SET expire = now() + interval '1500 milliseconds' WHERE sess::jsonb ->> 'userId' = $1`,
      [String(res.body.id)],
    );
    const ws = wsClient(gw.port, { cookie, lazy: false });
    const state = watch(ws);
    expect((await wsExecute(ws, '{ me { id } }')).data?.me?.id).toBe(String(res.body.id));
    await new Promise((r) => setTimeout(r, 2000));
    const after = await wsExecute(ws, '{ me { id } }').catch((e: unknown) => ({
      data: undefined,
      errors: [e as { message: string }],
    }));
    expect(after.data?.me ?? null).toBeNull();
    expect(after.errors?.[0]).toMatchObject({ message: MSG.sessionEnded });
    expect(await waitFor(() => state.code === 4401, 1000)).toBe(true);
    await ws.dispose();
  });
});

describe('anonymous websockets per address', () => {
  const gw = useGateway({ listen: true, env: { TRUST_PROXY: '1' } });
  const CAP = 20;

  const open = async (headers: Record<string, string>, cookie?: string) => {
    const ws = wsClient(gw.port, { headers, cookie, lazy: false });
    const state = watch(ws);
    await waitFor(() => state.connected || state.code !== undefined, 2000);
    return { ws, state };
  };

  it(`should refuse the anonymous socket past ${CAP} from one address (4403), not those of another address or signed in`, async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const opened = [];
    for (let i = 0; i < CAP; i++) opened.push(await open(from('203.0.113.7')));
    expect(opened.every((o) => o.state.connected)).toBe(true);
    const over = await open(from('203.0.113.7'));
    expect(over.state.connected).toBe(false);
    expect(over.state.code).toBe(4403);
    const other = await open(from('203.0.113.8'));
    expect(other.state.connected).toBe(true);
    const res = await gw.agent().post('/api/register').send(buildUser());
    const signedIn = await open(from('203.0.113.7'), res.headers['set-cookie'][0].split(';')[0]);
    expect(signedIn.state.connected).toBe(true);
    // A closed socket frees its place.
    await opened.pop()!.ws.dispose();
    await new Promise((r) => setTimeout(r, 100));
    const again = await open(from('203.0.113.7'));
    expect(again.state.connected).toBe(true);
    for (const o of [...opened, over, other, signedIn, again]) await o.ws.dispose();
  });
});
