/**
 * npm run bench:api — the gateway's request path on a real PostgreSQL (not part of CI's pass/fail).
 *
 * `npm run bench:api` (default: `ratio`): one production-mode gateway (child process) and, beside it, a bare Express
 * app answering /healthz with the same body. Side by side in one run, same server, same concurrency (autocannon):
 *  - GraphQL `property(id)` with the same fields as the REST answer vs `GET /api/properties/:id`, anonymous and
 *    signed in (a session cookie: the viewer is loaded on both paths), plus the cacheable GraphQL GET, by text and
 *    by hash (the web's way: its documents are persisted);
 *  - the gateway's `/healthz` vs the bare app's.
 * Each pair runs A B B A (drift of a shared machine falls on both sides); req/s over the four runs, p50/p99 averaged.
 * `npm run bench:api -- fanout`: see fanout.ts.
 * BENCH_API_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/flaneur_bench_api; created, schema reset),
 * BENCH_DURATION seconds per run (default 8), BENCH_CONNECTIONS (default 32),
 * BENCH_CPU_PROF=<dir>: the gateway runs with --cpu-prof and writes its profile there on exit; with
 * BENCH_ONLY=gqlAnon (or healthz, bare, restAnon, gqlGetAnon, gqlGetHashAnon, restUser, gqlUser, comma-separated) only those
 * targets run, one after the other, without pairs (where the time of one path goes).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config';
import { runFanout } from './fanout';
import { BenchChild, ensureDatabase, seedUsers, startChild } from './api-setup';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ONLY = process.env.BENCH_ONLY?.split(',');

/** The REST answer's fields (the listing row), asked over GraphQL. */
const PROPERTY_FIELDS = `id title description price currency isRental size bedrooms rooms bathrooms floor address city
  postalCode latitude longitude type dpeRating gesRating energyCostMin energyCostMax energyPricesYear isNewBuild charges
  chargesMode deposit furnished baseRent referenceRentMajored rentSupplement tenantFees inventoryFees
  coOwnership { lots annualCharges proceedings } advertiser feesPaidBy buyerFeesPercent rentControlled features images
  ownerName ownerEmail ownerPhone ownerId createdAt updatedAt ref verifiedOnSiteAt priceHistory { price changedAt }
  formerPrice`;
const PROPERTY_QUERY = `query Property($id: ID!) { property(id: $id) { ${PROPERTY_FIELDS.replace(/\s+/g, ' ')} } }`;

interface Target {
  name: string;
  port: number;
  /** The server's process, for its CPU time per request. */
  server: BenchChild;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Run {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Server CPU time during the run, ms. */
  cpuMs: number;
}

async function load(t: Target, duration = DURATION): Promise<Run> {
  const cpu0 = await t.server.cpuMs();
  const r = await autocannon({
    url: `http://127.0.0.1:${t.port}${t.path}`,
    method: t.method ?? 'GET',
    headers: t.headers,
    body: t.body,
    connections: CONNECTIONS,
    duration,
  });
  return {
    requests: r.requests.total,
    seconds: r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    cpuMs: (await t.server.cpuMs()) - cpu0,
  };
}

const settle = () => new Promise((r) => setTimeout(r, 500));

/** A B B A; answers each side's req/s (all requests over all seconds) and averaged p50/p99. */
async function pair(a: Target, b: Target) {
  const runs: Record<string, Run[]> = { [a.name]: [], [b.name]: [] };
  for (const t of [a, b, b, a]) {
    await settle();
    runs[t.name].push(await load(t));
  }
  const sum = (xs: Run[]) => {
    const avg = (f: (r: Run) => number) => xs.reduce((s, r) => s + f(r), 0) / xs.length;
    return {
      name: xs === runs[a.name] ? a.name : b.name,
      rps: xs.reduce((s, r) => s + r.requests, 0) / xs.reduce((s, r) => s + r.seconds, 0),
      p50: avg((r) => r.p50),
      p99: avg((r) => r.p99),
      cpuUs: (1000 * xs.reduce((s, r) => s + r.cpuMs, 0)) / xs.reduce((s, r) => s + r.requests, 0),
      non2xx: xs.reduce((s, r) => s + r.non2xx + r.errors, 0),
    };
  };
  return [sum(runs[a.name]), sum(runs[b.name])];
}

/** Checks a target answers 200 with the expected body before it is measured. */
async function check(t: Target, expect: (body: string) => boolean) {
  const res = await fetch(`http://127.0.0.1:${t.port}${t.path}`, {
    method: t.method ?? 'GET',
    headers: t.headers,
    body: t.body,
  });
  const body = await res.text();
  if (res.status !== 200 || !expect(body)) throw new Error(`${t.name}: ${res.status} ${body.slice(0, 300)}`);
  return body;
}

async function ratio() {
  const db = await ensureDatabase();
  const [user] = await seedUsers(db, 1);
  const {
    rows: [{ id: propertyId }],
  } = await db.query(
    `INSERT INTO properties (title, description, price, size, bedrooms, rooms, bathrooms, floor, address, city, postal_code,
       latitude, longitude, is_rental, type, features, images, owner_name, owner_email, owner_phone, dpe_rating)
     VALUES ('Appartement lumineux au cœur du Marais', 'Trois pièces traversant, parquet, moulures.\nProche métro.',
       1450, 62.5, 2, 3, 1, '3ème', '12 rue des Archives', 'Paris', '75004', 48.8589, 2.3556, true, 'apartment',
       '{elevator,balcony}', '{/uploads/listings/a.webp,/uploads/listings/b.webp,/uploads/listings/c.webp}',
       'Agence du Marais', 'contact@marais.fr', '0142000000', 'C') RETURNING id`,
  );
  await db.end();
  // Production accepts only the web's documents (and their hashes) without a token: the bench query joins them.
  const manifest = path.join(os.tmpdir(), 'flaneur-bench-persisted-documents.json');
  const webDocuments = JSON.parse(fs.readFileSync(loadConfig({ NODE_ENV: 'test' }).persistedDocumentsFile, 'utf8'));
  const hash = createHash('sha256').update(PROPERTY_QUERY).digest('hex');
  fs.writeFileSync(manifest, JSON.stringify({ ...webDocuments, [`sha256:${hash}`]: PROPERTY_QUERY }));
  const gw = await startChild('gateway', { PERSISTED_DOCUMENTS_FILE: manifest });
  const bare = await startChild('bare');
  try {
    const json = { 'content-type': 'application/json', 'apollo-require-preflight': 'true' };
    const gqlBody = JSON.stringify({ query: PROPERTY_QUERY, variables: { id: String(propertyId) } });
    const variables = encodeURIComponent(JSON.stringify({ id: String(propertyId) }));
    const gqlGet = `/graphql?query=${encodeURIComponent(PROPERTY_QUERY)}&variables=${variables}`;
    const gqlGetHash = `/graphql?extensions=${encodeURIComponent(
      JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
    )}&variables=${variables}`;
    const rest = (name: string, headers?: Record<string, string>): Target => ({
      name,
      port: gw.port,
      server: gw,
      path: `/api/properties/${propertyId}`,
      headers,
    });
    const gql = (name: string, headers: Record<string, string> = {}): Target => ({
      name,
      port: gw.port,
      server: gw,
      method: 'POST',
      path: '/graphql',
      headers: { ...json, ...headers },
      body: gqlBody,
    });
    const cookie = { cookie: user.cookie };
    const targets = {
      healthz: { name: 'gateway /healthz', port: gw.port, server: gw, path: '/healthz' },
      bare: { name: 'bare express /healthz', port: bare.port, server: bare, path: '/healthz' },
      restAnon: rest('REST GET /api/properties/:id (anonymous)'),
      gqlAnon: gql('GraphQL POST property(id) (anonymous)'),
      gqlGetAnon: {
        name: 'GraphQL GET property(id) (anonymous)',
        port: gw.port,
        server: gw,
        path: gqlGet,
        headers: json,
      },
      gqlGetHashAnon: {
        name: 'GraphQL GET property(id) by hash (anonymous)',
        port: gw.port,
        server: gw,
        path: gqlGetHash,
        headers: json,
      },
      restUser: rest('REST GET /api/properties/:id (signed in)', cookie),
      gqlUser: gql('GraphQL POST property(id) (signed in)', cookie),
    } satisfies Record<string, Target>;
    // Same fields, same values: the GraphQL answer is the REST one (numbers where REST has decimal strings).
    const restBody = JSON.parse(await check(targets.restAnon, (b) => b.includes('"title"')));
    const gqlData = JSON.parse(await check(targets.gqlAnon, (b) => b.includes('"property"'))).data.property;
    const missing = Object.keys(restBody).filter((k) => !(k in gqlData));
    if (missing.length) throw new Error(`GraphQL misses REST fields: ${missing.join(', ')}`);
    await check(targets.gqlGetAnon, (b) => b.includes('"property"'));
    await check(targets.gqlGetHashAnon, (b) => b.includes('"property"'));
    await check(targets.gqlUser, (b) => b.includes('"property"'));
    await check(targets.bare, (b) => b === '{"status":"ok"}');
    await check(targets.healthz, (b) => b === '{"status":"ok"}');
    // Warm-up: JIT, plans, pools.
    const keys = (ONLY ?? Object.keys(targets)) as (keyof typeof targets)[];
    for (const key of keys) await load(targets[key], 2);
    if (ONLY) {
      // Profiling: the chosen targets alone, one after the other.
      for (const key of ONLY) {
        const r = await load(targets[key as keyof typeof targets]);
        console.log(
          key,
          Math.round(r.requests / r.seconds),
          'req/s',
          Math.round((1000 * r.cpuMs) / r.requests),
          'µs/req',
          r,
        );
      }
      return;
    }

    const rows: Record<string, string | number>[] = [];
    const report = (a: Awaited<ReturnType<typeof pair>>[number], base: typeof a, target: string) =>
      rows.push({
        what: a.name,
        'req/s': Math.round(a.rps),
        'p50 ms': a.p50,
        'p99 ms': a.p99,
        'server CPU µs/req': Math.round(a.cpuUs),
        'errors/non-2xx': a.non2xx,
        ratio: a === base ? '1.00' : (a.rps / base.rps).toFixed(2),
        // The same ratio from the server's CPU per request: steadier than req/s on a shared machine.
        'CPU ratio': a === base ? '1.00' : (base.cpuUs / a.cpuUs).toFixed(2),
        target: a === base ? '' : target,
      });
    const pairs: [Target, Target, string][] = [
      [targets.restAnon, targets.gqlAnon, '≥ 0.95'],
      [targets.restAnon, targets.gqlGetAnon, '≥ 0.95'],
      [targets.restAnon, targets.gqlGetHashAnon, '≥ 0.95'],
      [targets.restUser, targets.gqlUser, '≥ 0.95'],
      [targets.bare, targets.healthz, '≥ 0.8'],
    ];
    for (const [a, b, target] of pairs) {
      const [ra, rb] = await pair(a, b);
      report(ra, ra, target);
      report(rb, ra, target);
    }
    console.table(rows);
    console.log(markdown(rows));
    console.log(JSON.stringify({ connections: CONNECTIONS, durationS: DURATION, rows }));
  } finally {
    await Promise.all([gw.stop(), bare.stop()]);
  }
}

/** The rows as a markdown table for bench/README.md. */
export function markdown(rows: Record<string, string | number>[]): string {
  const cols = Object.keys(rows[0]);
  return [
    `| ${cols.join(' | ')} |`,
    `| ${cols.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${cols.map((c) => r[c]).join(' | ')} |`),
  ].join('\n');
}

const command = process.argv[2] ?? 'ratio';
(command === 'fanout' ? runFanout() : ratio()).catch((e) => {
  console.error(e);
  process.exit(1);
});
