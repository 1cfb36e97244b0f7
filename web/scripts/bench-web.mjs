// npm run bench:web — Lighthouse (mobile, performance) on /auth, /dashboard, /property/{id} and /history
// against the built gateway (gateway/dist/main.js, serving web/dist), 3 runs each, medians; then the bundle
// table of check-bundle-budget.mjs. Needs `npm run build` first and Chromium (CHROME_PATH, default
// /usr/bin/chromium). BENCH_WEB_RUNS changes the number of runs; BENCH_WEB_MODE=development runs the gateway
// in development mode (production is the default: compression, CSP, secure cookies as deployed).
// BENCH_WEB_ONLY=dashboard,property runs only the pages whose path holds one of the words; BENCH_WEB_KEEP=<dir>
// keeps each run's Lighthouse JSON there (LCP element, long tasks, main-thread breakdown).
import { execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { bundleReport, formatReport } from './check-bundle-budget.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const MODE = process.env.BENCH_WEB_MODE ?? 'production';
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ONLY = (process.env.BENCH_WEB_ONLY ?? '').split(',').filter(Boolean);
const KEEP = process.env.BENCH_WEB_KEEP;
export const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run';
const lighthouseBin = path.join(root, 'node_modules', '.bin', 'lighthouse');
// BENCH_WEB_GATEWAY: another built gateway (its main.js), e.g. a clean copy while the checkout is mid-change.
export const GATEWAY_MAIN = process.env.BENCH_WEB_GATEWAY ?? path.join(root, 'gateway', 'dist', 'main.js');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A P-256 pair in the base64url form the gateway wants for VAPID_* (production requires one). */
function vapidPair() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}

/** Starts the built gateway (GATEWAY_MAIN) on a free port with a fresh embedded database: its base URL and stop(). */
export async function startGateway() {
  if (!fs.existsSync(GATEWAY_MAIN) || !fs.existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
    throw new Error('gateway/dist or web/dist missing: run npm run build first');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-bench-web-'));
  const vapid = vapidPair();
  const env = {
    ...process.env,
    NODE_ENV: MODE,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:bench@flaneur.fr',
    // Production cookies are Secure: the sign-up below says it came through HTTPS (X-Forwarded-Proto).
    TRUST_PROXY: '1',
    SEED_DEMO: 'true',
    ENABLE_SIMULATION: 'true',
    LOG_LEVEL: 'error',
  };
  delete env.DATABASE_URL; // the embedded database, fresh for this run
  const child = spawn(process.execPath, [GATEWAY_MAIN], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`gateway exited (${child.exitCode}):\n${stderr}`);
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`gateway not ready after 2 min:\n${stderr}`);
}

/** A new account with a few simulated discoveries: its cookie, and a discovered listing's id. */
export async function signedInVisitor(base) {
  const name = `bench${Date.now().toString(36)}`;
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    body: JSON.stringify({ username: name, email: `${name}@flaneur.fr`, password: 'bench-password-1' }),
  });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('register answered without a session cookie');
  let propertyId;
  for (let i = 0; i < 5; i++) {
    const sim = await fetch(`${base}/api/test/add-history`, { headers: { cookie, 'x-forwarded-proto': 'https' } });
    if (!sim.ok) throw new Error(`simulated discovery: ${sim.status} ${await sim.text()}`);
    propertyId ??= (await sim.json()).property?.id;
  }
  if (propertyId === undefined) throw new Error('no discovered listing (is the demo seed loaded?)');
  return { cookie, propertyId };
}

async function lighthouse(url, cookie) {
  const out = path.join(os.tmpdir(), `flaneur-lh-${crypto.randomUUID()}.json`);
  const args = [
    url,
    '--only-categories=performance',
    '--form-factor=mobile',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS}`,
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  // Lighthouse sometimes fails to record a trace (NO_NAVSTART) with headless Chromium: that run is made again.
  for (let attempt = 1; ; attempt++) {
    try {
      await promisify(execFile)(lighthouseBin, args, {
        env: { ...process.env, CHROME_PATH },
        maxBuffer: 64 * 1024 * 1024,
      });
      break;
    } catch (err) {
      if (attempt >= 4 || !String(err.stderr ?? err.message).includes('NO_NAVSTART')) throw err;
      process.stderr.write('r');
    }
  }
  const lhr = JSON.parse(fs.readFileSync(out, 'utf8'));
  if (KEEP) {
    fs.mkdirSync(KEEP, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '_');
    fs.copyFileSync(out, path.join(KEEP, `lh${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`));
  }
  fs.rmSync(out, { force: true });
  const audit = (id) => lhr.audits[id]?.numericValue;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  if (!fs.existsSync(lighthouseBin)) throw new Error('Lighthouse missing: npm i -D lighthouse (root)');
  const gateway = await startGateway();
  try {
    const visitor = await signedInVisitor(gateway.base);
    const pages = [
      { name: '/auth', url: '/auth' },
      { name: '/dashboard (signed in)', url: '/dashboard', cookie: visitor.cookie },
      { name: `/property/{id} (signed in)`, url: `/property/${visitor.propertyId}`, cookie: visitor.cookie },
      { name: '/history (signed in)', url: '/history', cookie: visitor.cookie },
    ].filter((page) => ONLY.length === 0 || ONLY.some((word) => page.url.includes(word)));
    const rows = [];
    for (const page of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await lighthouse(gateway.base + page.url, page.cookie));
        process.stderr.write('.');
      }
      rows.push({
        page: page.name,
        score: median(runs.map((r) => r.score)),
        runs: runs.map((r) => r.score).join('/'),
        fcp: median(runs.map((r) => r.fcp)),
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
      });
    }
    process.stderr.write('\n');
    console.log(`Lighthouse ${RUNS} runs per page, mobile, gateway NODE_ENV=${MODE}, medians`);
    console.log('| page | performance (runs) | FCP | LCP | TBT | CLS |');
    console.log('| --- | --: | --: | --: | --: | --: |');
    for (const r of rows) {
      const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
      console.log(
        `| ${r.page} | ${r.score} (${r.runs}) | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} |`,
      );
    }
  } finally {
    await gateway.stop();
  }
  console.log('\nFirst-load JavaScript (gzip -9, scripts/check-bundle-budget.mjs):');
  console.log(formatReport(bundleReport()));
}

// Imported by profile-web.mjs: runs only when executed itself.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
