import { MSG } from '@flaneur/schema';
import request from 'supertest';
import { loadConfig } from '../src/config';
import { DEMO_ACCOUNTS } from '../src/wiring/seed';
import { buildUser } from './factories';
import { TEST_VAPID, useGateway } from './gateway';
import { waitFor } from './subscribe';
import { wsClient, wsExecute } from './ws';

const SECRET = 'prod-secret-prod-secret-prod-secret-42';

describe('configuration defaults', () => {
  it('should apply the production rules when NODE_ENV is unset', () => {
    expect(() => loadConfig({})).toThrow(/SESSION_SECRET: required in production/);
    const config = loadConfig({ SESSION_SECRET: SECRET, PUBLIC_URL: 'https://flaneur.example.fr', ...TEST_VAPID });
    expect(config.env).toBe('production');
    expect(config.isProduction).toBe(true);
  });

  it('should listen on loopback in development and on every interface in production, unless HOST says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const prod = { SESSION_SECRET: SECRET, PUBLIC_URL: 'https://flaneur.example.fr', ...TEST_VAPID };
    expect(loadConfig(prod).host).toBe('0.0.0.0');
    expect(loadConfig({ ...prod, HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('should seed the demo accounts on the embedded database only outside production, unless SEED_DEMO=true', () => {
    const prod = {
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      PUBLIC_URL: 'https://flaneur.example.fr',
      ...TEST_VAPID,
    };
    expect(loadConfig(prod).seedDemo).toBe(false);
    expect(loadConfig({ ...prod, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://x@127.0.0.1/x' }).seedDemo).toBe(false);
  });
});

describe('introspection in production', () => {
  // Behind one proxy that speaks HTTPS to the browser: the Secure session cookie is set.
  const gw = useGateway({ listen: true, env: { NODE_ENV: 'production', TRUST_PROXY: '1' } });
  const INTROSPECT = '{ __schema { queryType { name } } }';
  const post = (query: string, cookie?: string) => {
    const req = request(`http://127.0.0.1:${gw.port}`).post('/graphql').set('X-Forwarded-Proto', 'https');
    if (cookie) req.set('Cookie', cookie);
    return req.send({ query });
  };

  it('should refuse it anonymously: over HTTP as any free document, over websocket as any free document', async () => {
    // Over HTTP, a request without an access token sends only the web's documents (graphql/persisted-documents.ts).
    const res = await post(INTROSPECT);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: MSG.persistedQueryRequired,
      extensions: { code: 'PERSISTED_QUERY_REQUIRED' },
    });
    // Over the websocket the same: a socket without a token runs only the web's documents.
    const ws = wsClient(gw.port, { lazy: false });
    for (const query of [INTROSPECT, '{ __type(name: "Query") { name } }', '{ __typename }']) {
      const overWs = await wsExecute(ws, query);
      expect(overWs.data ?? null).toBeNull();
      expect(overWs.errors?.[0]).toMatchObject({ extensions: { code: 'PERSISTED_QUERY_REQUIRED' } });
    }
    await ws.dispose();
  });

  it("should allow it to a signed-in user's access token over HTTP", async () => {
    const registered = await request(`http://127.0.0.1:${gw.port}`)
      .post('/api/register')
      .set('X-Forwarded-Proto', 'https')
      .send(buildUser());
    expect(registered.status).toBe(201);
    const cookie = registered.headers['set-cookie'][0].split(';')[0];
    const created = await request(`http://127.0.0.1:${gw.port}`)
      .post('/api/access-tokens')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', cookie)
      .send({ name: 'Introspection', scopes: ['profile:read'], currentPassword: buildUser().password });
    expect(created.status).toBe(201);
    const res = await post(INTROSPECT).set('Authorization', `Bearer ${created.body.token}`);
    expect(res.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});

describe('the production process on its embedded database', () => {
  it('should not create the demo accounts', async () => {
    const { spawn } = await import('node:child_process');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-prod-'));
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['DATABASE_URL', 'SEED_DEMO', 'REDIS_URL', 'SMTP_URL']) delete env[name];
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
      cwd: path.join(__dirname, '..'),
      env: {
        ...env,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SESSION_SECRET: SECRET,
        PUBLIC_URL: 'https://flaneur.example.fr',
        LOG_LEVEL: 'silent',
        ...TEST_VAPID,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await waitFor(() => /port (\d+)\)/.test(out) || child.exitCode !== null, 100_000);
      const port = Number(/port (\d+)\)/.exec(out)?.[1]);
      expect({ port: port > 0, out }).toMatchObject({ port: true });
      expect(out).not.toContain('Demo');
      const demo = DEMO_ACCOUNTS[0];
      const login = await request(`http://127.0.0.1:${port}`)
        .post('/api/login')
        .send({ username: demo.username, password: demo.password });
      expect(login.status).toBe(401);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
