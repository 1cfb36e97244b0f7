import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { staticWeb } from './static-web';

const JS = 'export const answer = 42;\n'.repeat(100);
const HTML = '<!doctype html><html><body><div id="root"></div></body></html>\n';

/** A fake web build: one hashed asset with .br/.gz, its source map, an uncompressed asset, index.html + .br. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const asset = path.join(dir, 'assets', 'index-abc123.js');
  fs.writeFileSync(asset, JS);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(JS));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(JS));
  fs.writeFileSync(`${asset}.map`, '{"version":3}');
  fs.writeFileSync(path.join(dir, 'assets', 'small-def456.css'), 'a{}');
  fs.writeFileSync(path.join(dir, 'index.html'), HTML);
  fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(HTML));
  return dir;
}

function app(dir: string, opts?: Parameters<typeof staticWeb>[1]) {
  const a = express();
  a.use(staticWeb(dir, opts)!);
  return a;
}

const size = (dir: string, file: string) => fs.statSync(path.join(dir, file)).size;

describe('staticWeb: precompressed assets', () => {
  const dir = fakeDist();
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sends the .br file to a client accepting br, with the original type, Vary and the immutable cache', async () => {
    const res = await request(app(dir))
      .get('/assets/index-abc123.js')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The bytes sent are the .br file's (supertest decodes them back for the text).
    expect(Number(res.headers['content-length'])).toBe(size(dir, 'assets/index-abc123.js.br'));
    expect(res.text).toBe(JS);
  });

  it('sends the .gz file when only gzip is accepted', async () => {
    const res = await request(app(dir)).get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip').buffer(true);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(Number(res.headers['content-length'])).toBe(size(dir, 'assets/index-abc123.js.gz'));
    expect(res.text).toBe(JS);
  });

  it('sends the plain file when no encoding is accepted (or br is refused with q=0)', async () => {
    for (const accept of ['identity', 'br;q=0']) {
      const res = await request(app(dir)).get('/assets/index-abc123.js').set('Accept-Encoding', accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.text).toBe(JS);
    }
  });

  it('serves files without a compressed sibling as before', async () => {
    const res = await request(app(dir)).get('/assets/small-def456.css').set('Accept-Encoding', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/css/);
  });

  it('serves index.html compressed for client-side routes, never cached without revalidation', async () => {
    const res = await request(app(dir))
      .get('/dashboard')
      .set('Accept', 'text/html')
      .set('Accept-Encoding', 'br')
      .buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(Number(res.headers['content-length'])).toBe(size(dir, 'index.html.br'));
    expect(res.text).toBe(HTML);
  });

  it('answers 404 for source maps unless told to serve them', async () => {
    await request(app(dir)).get('/assets/index-abc123.js.map').expect(404);
    await request(app(dir, { serveSourceMaps: true }))
      .get('/assets/index-abc123.js.map')
      .expect(200);
  });

  it('never serves a file from a path outside the build', async () => {
    const res = await request(app(dir)).get('/assets/..%2f..%2fetc%2fpasswd').set('Accept-Encoding', 'br');
    expect([403, 404]).toContain(res.status);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('staticWeb: what a crawler is told', () => {
  const dir = fakeDist();
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const html = (url: string) => request(app(dir)).get(url).set('Accept', 'text/html');

  it('answers 404, not the app, for a file the build does not hold', async () => {
    for (const url of ['/wp-login.php', '/favicon.png', '/assets-old/app.js', '/.env']) {
      const res = await html(url);
      expect(res.status).toBe(404);
      expect(res.text).toBe('Fichier introuvable.');
      expect(res.text).not.toContain('<div id="root">');
    }
  });

  it('still serves the app for a screen, a username with a dot among them', async () => {
    for (const url of ['/explorer', '/profile/jean.dupont', '/messages/12']) {
      const res = await html(url);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root">');
    }
  });

  it('keeps private screens out of the index and leaves public ones open', async () => {
    for (const url of ['/dashboard', '/messages', '/profile', '/walks/3', '/history', '/favorites']) {
      expect((await html(url)).headers['x-robots-tag']).toBe('noindex');
    }
    for (const url of ['/explorer', '/property/12', '/qui-peut-publier', '/developers', '/auth']) {
      expect((await html(url)).headers['x-robots-tag']).toBeUndefined();
    }
  });
});
