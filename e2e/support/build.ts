import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './server';

/** Builds the app the way `npm start` does, but only when a build output is missing. */
export function ensureBuilt(): void {
  const outputs = ['gateway/dist/main.js', 'web/dist/index.html'];
  const missing = outputs.filter((f) => !fs.existsSync(path.join(ROOT, f)));
  if (missing.length) {
    console.log(`[e2e] ${missing.join(', ')} missing: running npm run build`);
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`[e2e] npm run build failed (exit ${build.status})`);
    return;
  }
  // The suite tests the build, not the sources: say so when the sources are newer.
  const built = Math.min(...outputs.map((f) => fs.statSync(path.join(ROOT, f)).mtimeMs));
  const newer = ['schema/src', 'gateway/src', 'web/src', 'web/public', 'web/index.html'].find(
    (dir) => newestMtime(path.join(ROOT, dir)) > built,
  );
  if (newer) console.warn(`[e2e] warning: ${newer} changed after the last build; run npm run build to test it`);
}

function newestMtime(file: string): number {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(file).map((f) => newestMtime(path.join(file, f))));
}
