/**
 * The production-shaped stack on this machine: N gateways (built, NODE_ENV=production, each with its own DATA_DIR)
 * on PostgreSQL and Redis, s3rver as the S3-compatible object store, and nginx (Debian's package) in front with TLS,
 * websocket upgrade, proxy_next_upstream for idempotent requests and TRUST_PROXY=1. A gateway that exits is started
 * again by the stack (as a process supervisor would), unless the stack is stopping.
 *
 * `npm run stack` runs it until Ctrl-C; the stack suite (npm run test:stack) drives it through startStack().
 */
const { spawn, execFileSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const MAIN = path.join(ROOT, 'gateway/dist/main.js');
const S3RVER = path.join(path.dirname(require.resolve('s3rver/package.json', { paths: [ROOT] })), 'bin/s3rver.js');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`stack: ${what} not ready after ${timeoutMs} ms`);
    await sleep(100);
  }
}

async function isReady(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Creates the stack's database when it is missing (`fresh`: drops it first). */
async function ensureDatabase(adminUrl, name, fresh) {
  const { Client } = require(require.resolve('pg', { paths: [path.join(ROOT, 'gateway')] }));
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    if (fresh) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** nginx's configuration: one upstream of every gateway, TLS, websocket upgrade, retries of idempotent requests. */
function nginxConfig({ dir, port, gatewayPorts }) {
  return `# Written by scripts/stack/stack.cjs (shared settings: scripts/stack/nginx-proxy.conf, nginx-locations.conf).
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-tmp/body;
  proxy_temp_path ${dir}/nginx-tmp/proxy;
  fastcgi_temp_path ${dir}/nginx-tmp/fastcgi;
  uwsgi_temp_path ${dir}/nginx-tmp/uwsgi;
  scgi_temp_path ${dir}/nginx-tmp/scgi;
  include ${__dirname}/nginx-proxy.conf;
  upstream gateways {
    # Shared by the workers: a gateway counted as failed (refused connection, 503 while it drains) is skipped by all.
    zone gateways 64k;
${gatewayPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${dir}/tls.crt;
    ssl_certificate_key ${dir}/tls.key;
    include ${__dirname}/nginx-locations.conf;
  }
}
`;
}

/**
 * Starts the stack. Options: gateways (3), port (nginx, free one), dir (temporary folder), database (name, on
 * the PostgreSQL at adminUrl), fresh (drop it first), redisUrl (else a redis-server of its own on a free port),
 * seed (demo data), logLevel, log (function for progress lines).
 */
async function startStack(opts = {}) {
  const children = new Set();
  try {
    return await start(opts, children);
  } catch (err) {
    // A stack that failed to start leaves nothing running.
    for (const c of children) c.kill('SIGKILL');
    throw err;
  }
}

async function start(opts, children) {
  if (!fs.existsSync(MAIN)) throw new Error('stack: gateway/dist/main.js is missing: run `npm run build` first');
  if (!NGINX) throw new Error('stack: nginx is missing: apt-get install -y nginx');
  const log = opts.log ?? (() => undefined);
  const dir = opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-stack-'));
  fs.mkdirSync(path.join(dir, 'nginx-tmp'), { recursive: true });
  let stopping = false;
  const spawnLogged = (name, cmd, args, env) => {
    const out = fs.openSync(path.join(dir, `${name}.log`), 'a');
    const child = spawn(cmd, args, { env, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };

  // PostgreSQL: the machine's own, a database of the stack's.
  const adminUrl = opts.adminUrl ?? process.env.STACK_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = opts.database ?? 'flaneur_stack';
  await ensureDatabase(adminUrl, database, opts.fresh ?? false);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();

  // Redis: the given one, or a redis-server of its own (outage tests need to stop it without touching others).
  let redisUrl = opts.redisUrl;
  let redis;
  if (!redisUrl) {
    const redisPort = await freePort();
    redis = spawnLogged('redis', 'redis-server', [
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    await waitFor('redis', () => canConnect(redisPort), 10_000);
    redisUrl = `redis://127.0.0.1:${redisPort}`;
  }

  // The object store: s3rver, path-style, bucket "flaneur".
  const s3Port = await freePort();
  const s3Dir = path.join(dir, 's3');
  const s3 = {
    port: s3Port,
    child: undefined,
    async start() {
      this.child = spawnLogged('s3rver', process.execPath, [
        S3RVER,
        '-d',
        s3Dir,
        '-a',
        '127.0.0.1',
        '-p',
        String(s3Port),
        '-s',
        '--configure-bucket',
        'flaneur',
      ]);
      await waitFor('s3rver', () => canConnect(s3Port), 15_000);
    },
  };
  fs.mkdirSync(s3Dir, { recursive: true });
  await s3.start();

  // TLS for nginx: production cookies are Secure, so the stack speaks https (a self-signed certificate).
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-keyout',
      path.join(dir, 'tls.key'),
      '-out',
      path.join(dir, 'tls.crt'),
    ],
    { stdio: 'ignore' },
  );
  const port = opts.port ?? (await freePort());
  const publicUrl = `https://localhost:${port}`;
  const webpush = require(require.resolve('web-push', { paths: [path.join(ROOT, 'gateway')] }));
  const vapid = webpush.generateVAPIDKeys();
  const count = opts.gateways ?? 3;
  const gatewayPorts = [];
  for (let i = 0; i < count; i++) gatewayPorts.push(await freePort());
  const baseEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SESSION_SECRET: randomBytes(24).toString('hex'),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '1',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:exploitation@flaneur.fr',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: 'flaneur',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    LOG_LEVEL: opts.logLevel ?? 'warn',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };

  /** One gateway: its port, its own DATA_DIR, its current process; exits are restarted unless `hold` is set. */
  const gateways = gatewayPorts.map((gwPort, index) => ({
    index,
    port: gwPort,
    dataDir: path.join(dir, `gateway-${index + 1}`),
    child: undefined,
    starts: 0,
    /** While true, an exit is not restarted (a test restarts it itself). */
    hold: false,
  }));
  const launch = (g) => {
    fs.mkdirSync(g.dataDir, { recursive: true });
    const env = { ...baseEnv, PORT: String(g.port), DATA_DIR: g.dataDir };
    if (opts.seed && g.index === 0 && g.starts === 0) env.SEED_DEMO = 'true';
    g.child = spawnLogged(`gateway-${g.index + 1}`, process.execPath, [MAIN], env);
    g.starts += 1;
    g.child.once('exit', (code, signal) => {
      log(`gateway ${g.index + 1} exited (${signal ?? code})`);
      if (!stopping && !g.hold) setTimeout(() => !stopping && !g.hold && launch(g), 200);
    });
  };
  const ready = (g, timeoutMs = 60_000) =>
    waitFor(
      `gateway ${g.index + 1}`,
      () => {
        // A gateway that keeps exiting at start (bad configuration, database down) fails the stack with its log.
        if (g.starts > 3) {
          const tail = fs.readFileSync(path.join(dir, `gateway-${g.index + 1}.log`), 'utf8').slice(-2000);
          throw new Error(`stack: gateway ${g.index + 1} keeps exiting:\n${tail}`);
        }
        return isReady(g.port);
      },
      timeoutMs,
    );

  // The first gateway runs the migrations alone; the others start once it is ready.
  launch(gateways[0]);
  await ready(gateways[0], 120_000);
  for (const g of gateways.slice(1)) launch(g);
  await Promise.all(gateways.slice(1).map((g) => ready(g)));

  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig({ dir, port, gatewayPorts }));
  const nginx = spawnLogged('nginx', NGINX, [
    '-p',
    dir,
    '-c',
    path.join(dir, 'nginx.conf'),
    '-e',
    path.join(dir, 'nginx-error.log'),
  ]);
  await waitFor('nginx', () => canConnect(port), 10_000);
  log(`stack ready: ${publicUrl} (gateways on ${gatewayPorts.join(', ')}; files in ${dir})`);

  return {
    dir,
    url: publicUrl,
    port,
    databaseUrl,
    redisUrl,
    s3,
    gateways,
    nginx,
    redis,
    ready,
    /** Starts a gateway again (after a kill with `hold`), and waits until it is ready. */
    async restart(g) {
      g.hold = false;
      if (!g.child || g.child.exitCode !== null || g.child.signalCode !== null) launch(g);
      await ready(g);
    },
    async stop() {
      stopping = true;
      const stopAll = async (procs) => {
        const exits = procs.map(
          (c) =>
            new Promise((resolve) =>
              c.exitCode !== null || c.signalCode !== null ? resolve() : c.once('exit', resolve),
            ),
        );
        for (const c of procs) c.kill('SIGTERM');
        const force = setTimeout(() => procs.forEach((c) => c.kill('SIGKILL')), 10_000);
        await Promise.all(exits);
        clearTimeout(force);
      };
      // The proxy and the gateways first (they drain), then what they use.
      const front = [nginx, ...gateways.map((g) => g.child)].filter(Boolean);
      await stopAll(front);
      await stopAll([...children].filter((c) => !front.includes(c)));
    },
  };
}

module.exports = { startStack, freePort };

if (require.main === module) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : fallback;
  };
  startStack({
    gateways: Number(arg('gateways', process.env.STACK_GATEWAYS ?? 3)),
    port: Number(arg('port', process.env.STACK_PORT ?? 8443)),
    database: arg('database', process.env.STACK_DATABASE ?? 'flaneur_stack'),
    redisUrl: arg('redis', process.env.STACK_REDIS_URL ?? 'redis://127.0.0.1:6379'),
    dir: process.env.STACK_DIR
      ? (fs.mkdirSync(process.env.STACK_DIR, { recursive: true }), process.env.STACK_DIR)
      : undefined,
    fresh: process.argv.includes('--fresh'),
    seed: !process.argv.includes('--no-seed'),
    logLevel: process.env.LOG_LEVEL ?? 'info',
    log: (line) => console.log(line),
  }).then(
    (stack) => {
      console.log(`\n  Flâneur stack: ${stack.url} (self-signed certificate), ${stack.gateways.length} gateways`);
      console.log(`  Logs and data: ${stack.dir}. Ctrl-C stops everything.\n`);
      const stop = () => stack.stop().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
