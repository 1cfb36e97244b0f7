// Lighthouse mobile on an anonymous /property/{id}, server-rendered vs the client shell (same gateway; a
// dummy session cookie gets the shell). Usage: node web/scripts/bench-web-ssr.mjs (after npm run build)
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startGateway, signedInVisitor, CHROME_FLAGS, CHROME_PATH } from './bench-web.mjs';
const lh = fileURLToPath(new URL('../../node_modules/.bin/lighthouse', import.meta.url));
const gw = await startGateway();
try {
  const id = (await signedInVisitor(gw.base)).propertyId;
  console.log('listing', id, 'load', fs.readFileSync('/proc/loadavg', 'utf8').trim());
  const res = await fetch(`${gw.base}/property/${id}`, { headers: { accept: 'text/html' } });
  console.log('ssr body has content:', (await res.text()).includes('apollo-state'));
  for (const [name, cookie] of [
    ['server-rendered', null],
    ['client shell', 'flaneur.sid=none'],
    ['server-rendered', null],
    ['client shell', 'flaneur.sid=none'],
  ]) {
    const out = `/tmp/lh-${Date.now()}.json`;
    const args = [
      `${gw.base}/property/${id}`,
      '--only-categories=performance',
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
    ];
    if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
    await promisify(execFile)(lh, args, { env: { ...process.env, CHROME_PATH }, maxBuffer: 1 << 26 });
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    const a = (k) => Math.round(r.audits[k].numericValue);
    console.log(
      name,
      'score',
      Math.round(r.categories.performance.score * 100),
      'FCP',
      a('first-contentful-paint'),
      'LCP',
      a('largest-contentful-paint'),
      'TBT',
      a('total-blocking-time'),
      'CLS',
      r.audits['cumulative-layout-shift'].numericValue.toFixed(3),
    );
  }
} finally {
  await gw.stop();
}
