// CI gate: JavaScript a first visit downloads for /auth and /dashboard, gzip level 9, from Vite's manifest.
// A route costs the entry chunk and its static imports (all modulepreloaded by index.html) plus the
// route's lazy chunk (`src/routes/<name>.page.tsx`) and its static imports. Exit 1 above the budget.
// Usage: node web/scripts/check-bundle-budget.mjs [distDir]   (npm run check:bundle at the root)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

/** The target for every route. Not reached yet: React + React Router + Apollo Client alone weigh ~145 KB. */
export const TARGET_KB = 150;
/**
 * The gate: each route's first load as measured when the gate was set (docs/decisions.md, "Web performance"), plus
 * ~3 KB, then +2 KB when the hashed-documents link and the footer on every screen used that room (186.0 / 211.0 KB
 * measured). Lower these as the first load shrinks, down to TARGET_KB; BUNDLE_BUDGET_KB=150 checks the target itself.
 */
export const ROUTES = {
  '/auth': { page: 'src/routes/auth.page.tsx', budgetKb: 188 },
  '/dashboard': { page: 'src/routes/dashboard.page.tsx', budgetKb: 213 },
};
const budgetOverride = process.env.BUNDLE_BUDGET_KB ? Number(process.env.BUNDLE_BUDGET_KB) : undefined;

const defaultDist = fileURLToPath(new URL('../dist', import.meta.url));

/** Chunk files (relative to dist) a route needs on first load, with their gzip sizes in bytes. */
export function bundleReport(dist = defaultDist, routes = ROUTES) {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} missing: run npm run build -w @flaneur/web`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  const gzipCache = new Map();
  const gzipSize = (file) => {
    if (!gzipCache.has(file)) {
      const data = fs.readFileSync(path.join(dist, file));
      gzipCache.set(file, zlib.gzipSync(data, { level: 9 }).length);
    }
    return gzipCache.get(file);
  };
  const closure = (key, into) => {
    if (into.has(key)) return into;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} not in the Vite manifest`);
    into.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  return Object.entries(routes).map(([route, { page, budgetKb }]) => {
    if (!manifest[entryKey].dynamicImports?.includes(page) && !manifest[page]) {
      throw new Error(`${page} (${route}) is not a chunk of the build`);
    }
    const keys = closure(page, closure(entryKey, new Set()));
    const chunks = [...keys]
      .map((key) => ({ file: manifest[key].file, gzip: gzipSize(manifest[key].file) }))
      .filter((c) => /\.m?js$/.test(c.file))
      .sort((a, b) => b.gzip - a.gzip);
    const budget = (budgetOverride ?? budgetKb) * 1024;
    return { route, chunks, total: chunks.reduce((sum, c) => sum + c.gzip, 0), budget };
  });
}

export function formatReport(report) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const lines = [];
  for (const { route, chunks, total, budget } of report) {
    const verdict = total > budget ? '  OVER' : '';
    lines.push(`${route}: ${kb(total)} gzip of JS (budget ${kb(budget)}, target ${TARGET_KB} KB)${verdict}`);
    for (const c of chunks) lines.push(`  ${kb(c.gzip).padStart(9)}  ${c.file}`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = bundleReport(process.argv[2] ? path.resolve(process.argv[2]) : defaultDist);
  console.log(formatReport(report));
  const over = report.filter((r) => r.total > r.budget);
  if (over.length > 0) {
    console.error(`Bundle budget exceeded on ${over.map((r) => r.route).join(', ')}`);
    process.exit(1);
  }
}
