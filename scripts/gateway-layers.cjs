#!/usr/bin/env node
/*
 * Counts the imports of gateway/src that run back up its layers, and the folder cycles between domains.
 *
 * Layers, top first: the wiring at the root (main.ts, app.ts, and wiring/: the services, registries and schedulers naming every domain), the domains (modules/<domain>), the
 * transports (graphql/, http/, jobs/), the adapters (outbox/, storage/, mail/), the database (db/), then lib/ and
 * config.ts at the bottom. An import from a lower layer into a higher one runs back up. Test files and migrations
 * are left out; `import type` counts (a type ties the folders as much as a value).
 *
 * Usage: node scripts/gateway-layers.cjs [--list]
 */
const fs = require('node:fs');
const path = require('node:path');

const SRC = path.resolve(process.env.GATEWAY_SRC ?? path.join(__dirname, '..', 'gateway', 'src'));
const RANK = {
  root: 5,
  wiring: 5,
  modules: 4,
  graphql: 3,
  http: 3,
  jobs: 3,
  outbox: 2,
  storage: 2,
  mail: 2,
  db: 1,
  lib: 0,
};

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : files(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The layer of a file (its rank) and its folder: the domain for modules, the top folder otherwise. */
function placeOf(file) {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts.length === 1)
    return parts[0] === 'config.ts' ? { rank: 0, folder: 'config' } : { rank: RANK.root, folder: 'root' };
  if (parts[0] === 'modules') return { rank: RANK.modules, folder: `modules/${parts[1]}` };
  return { rank: RANK[parts[0]] ?? 0, folder: parts[0] };
}

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

const IMPORT = /(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const back = [];
const edges = new Map();
for (const file of files(SRC)) {
  const text = fs.readFileSync(file, 'utf8');
  const from = placeOf(file);
  for (const m of text.matchAll(IMPORT)) {
    const target = resolve(file, m[1] ?? m[2]);
    if (!target || !target.startsWith(SRC)) continue;
    const to = placeOf(target);
    if (to.rank > from.rank) back.push(`${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
    if (from.folder.startsWith('modules/') && to.folder.startsWith('modules/') && from.folder !== to.folder) {
      if (!edges.has(from.folder)) edges.set(from.folder, new Set());
      edges.get(from.folder).add(to.folder);
    }
  }
}

// Folder cycles: the strongly connected components of the domain graph with more than one domain (Tarjan).
const index = new Map();
const low = new Map();
const stack = [];
const on = new Set();
const cycles = [];
let i = 0;
function visit(v) {
  index.set(v, i);
  low.set(v, i++);
  stack.push(v);
  on.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const c = [];
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      c.push(w.replace('modules/', ''));
    } while (w !== v);
    if (c.length > 1) cycles.push(c.sort());
  }
}
for (const v of edges.keys()) if (!index.has(v)) visit(v);
const pairs = [];
for (const [a, tos] of edges) for (const b of tos) if (a < b && edges.get(b)?.has(a)) pairs.push(`${a} ↔ ${b}`);

if (process.argv.includes('--list')) for (const b of back.sort()) console.log(b);
console.log(`imports running back up the layers: ${back.length}`);
console.log(`domain folder cycles (strongly connected groups): ${cycles.length}`);
for (const c of cycles) console.log(`  ${c.join(', ')}`);
console.log(`two-way ties between domains: ${pairs.length}`);
for (const p of pairs) console.log(`  ${p.replace(/modules\//g, '')}`);
