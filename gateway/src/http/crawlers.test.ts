import express from 'express';
import request from 'supertest';
import { createProperty, signedInUser } from '../../test/factories';
import { useGateway } from '../../test/gateway';
import { listingPublicSql } from '../modules/properties/lib/listing-visibility';
import { crawlerFiles } from './crawlers';

/* robots.txt, the sitemaps and security.txt, read as a crawler reads them, on the test database. */

const gw = useGateway({ startOutbox: false });
const BASE = 'https://flaneur.example.fr';
const files = (size?: number) =>
  express().use(
    crawlerFiles(gw.db, { publicUrl: BASE, securityContact: 'mailto:securite@flaneur.example.fr', sitemapSize: size }),
  );

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('GET /robots.txt', () => {
  it('is text, keeps the API and private screens out, and names the sitemap', async () => {
    const res = await request(files()).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('User-agent: *');
    expect(res.text).toMatch(/^Disallow: \/api\/$/m);
    expect(res.text).toMatch(/^Disallow: \/messages$/m);
    expect(res.text).not.toMatch(/^Disallow: \/property/m);
    expect(res.text).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the screens and every listing, split into files of the sitemap size, with lastmod', async () => {
    const owner = await signedInUser(gw);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createProperty(owner.agent, { title: `Plan du site ${i}` }));
    // Other test files share the database and publish or withdraw listings meanwhile: the sitemap must
    // agree with the published count taken just before or just after it is read.
    const publishedCount = async () =>
      (await gw.db.query(`SELECT count(*)::int AS count FROM properties p WHERE ${listingPublicSql('p')}`))[0]
        .count as number;
    const before = await publishedCount();
    // About three files whatever the shared database holds (a size of 2 meant thousands of requests).
    const size = Math.ceil(before / 3) + 1;
    const index = await request(files(size)).get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const parts = locs(index.text);
    expect(parts[0]).toBe(`${BASE}/sitemaps/pages.xml`);
    const fileCount = parts.length - 1;

    const pages = await request(files(size)).get('/sitemaps/pages.xml');
    expect(locs(pages.text)).toEqual(expect.arrayContaining([`${BASE}/explorer`, `${BASE}/qui-peut-publier`]));

    const listed: string[] = [];
    for (const part of parts.slice(1)) {
      const res = await request(files(size)).get(new URL(part).pathname);
      expect(res.status).toBe(200);
      const urls = locs(res.text);
      expect(urls.length).toBeLessThanOrEqual(size);
      expect(res.text.match(/<lastmod>/g)).toHaveLength(urls.length);
      listed.push(...urls);
    }
    const after = await publishedCount();
    expect([Math.ceil(before / size), Math.ceil(after / size)]).toContain(fileCount);
    expect(new Set(listed).size).toBeGreaterThanOrEqual(Math.min(before, after) - 1);
    expect(new Set(listed).size).toBeLessThanOrEqual(Math.max(before, after));
    for (const p of made) expect(listed).toContain(`${BASE}/property/${p.id}`);
  });

  it('answers 404 for a sitemap file past the last one', async () => {
    const res = await request(files()).get('/sitemaps/listings-999.xml');
    expect(res.status).toBe(404);
    expect(res.text).toBe('Sitemap inconnu.');
  });
});

describe('GET /.well-known/security.txt', () => {
  it('gives a contact, an expiry within a year and its canonical address (RFC 9116)', async () => {
    const res = await request(files()).get('/.well-known/security.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^Contact: mailto:securite@flaneur\.example\.fr$/m);
    const expires = Date.parse(/^Expires: (.+)$/m.exec(res.text)![1]);
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThanOrEqual(Date.now() + 366 * 86_400_000);
    expect(res.text).toContain(`Canonical: ${BASE}/.well-known/security.txt`);
  });
});
