// `npm test` runs the end-to-end suite after the gateway and web suites when Debian's Chromium is
// installed, and says plainly that it skipped it otherwise. Exits with jest's exit code.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHROMIUM = '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  console.log(`[e2e] Chromium not found at ${CHROMIUM}: end-to-end suite skipped`);
  process.exit(0);
}

const here = path.dirname(fileURLToPath(import.meta.url));
const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
const child = spawn(process.execPath, [jest, '-c', path.join(here, 'jest.config.js'), ...process.argv.slice(2)], {
  cwd: path.resolve(here, '..'),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
