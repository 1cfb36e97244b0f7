import { Router } from 'express';
import type { DataSource } from 'typeorm';
import { listingPublicSql } from '../modules/properties/lib/listing-visibility';
import { escapeHtml } from './share-preview';

/*
 * What search engines and security researchers read at fixed addresses: /robots.txt, the sitemaps of the public
 * pages and listings, /.well-known/security.txt (RFC 9116). Private screens are kept out of the index by the
 * `X-Robots-Tag: noindex` header of the app (static-web.ts, `isIndexablePath`).
 */

/** A sitemap file holds at most 50,000 URLs (sitemaps.org protocol). */
export const SITEMAP_MAX_URLS = 50_000;

/** The public screens besides the listings, in the sitemap and open to indexing. */
export const PUBLIC_SCREENS = ['/explorer', '/qui-peut-publier', '/developers', '/auth'] as const;

const LISTING_PATH = /^\/property\/[1-9]\d{0,9}$/;

/** True for the paths a search engine may index: the public screens and the listings. */
export function isIndexablePath(path: string): boolean {
  return (PUBLIC_SCREENS as readonly string[]).includes(path) || LISTING_PATH.test(path);
}

/** Screens a crawler never needs (they answer the sign-in screen or a private page). */
const PRIVATE_PREFIXES = [
  '/dashboard',
  '/favorites',
  '/add-property',
  '/my-properties',
  '/messages',
  '/history',
  '/walks',
  '/profile',
];

export interface CrawlerOptions {
  publicUrl: string;
  /** RFC 9116 Contact: a `mailto:` or `https:` URI. */
  securityContact: string;
  /** Sitemap file size (tests use a small one); at most SITEMAP_MAX_URLS. */
  sitemapSize?: number;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function crawlerFiles(db: DataSource, opts: CrawlerOptions): Router {
  const size = Math.min(opts.sitemapSize ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const base = opts.publicUrl;
  const r = Router();
  const text = (body: string) => (_req: unknown, res: import('express').Response) =>
    res.type('text/plain; charset=utf-8').setHeader('Cache-Control', 'public, max-age=3600').send(body);

  r.get(
    '/robots.txt',
    text(
      [
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /graphql',
        'Disallow: /p/',
        ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
        'Allow: /',
        '',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ].join('\n'),
    ),
  );

  // Expires: a year from the start; a running gateway is restarted far more often than that.
  const expires = new Date(Date.now() + 365 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  r.get(
    '/.well-known/security.txt',
    text(
      [
        `Contact: ${opts.securityContact}`,
        `Expires: ${expires}`,
        'Preferred-Languages: fr, en',
        `Canonical: ${base}/.well-known/security.txt`,
        '',
      ].join('\n'),
    ),
  );

  const xml = (res: import('express').Response, body: string) =>
    res.type('application/xml; charset=utf-8').setHeader('Cache-Control', 'public, max-age=3600').send(body);

  // The index: one file for the screens, then one file per SITEMAP_MAX_URLS listings.
  r.get('/sitemap.xml', async (_req, res, next) => {
    try {
      const [{ count, lastmod }] = await db.query(
        `SELECT count(*)::int AS count, max(updated_at) AS lastmod FROM properties p WHERE ${listingPublicSql('p')}`,
      );
      const files = Math.ceil(count / size);
      const entries = [`<sitemap><loc>${base}/sitemaps/pages.xml</loc></sitemap>`];
      for (let n = 1; n <= files; n++) {
        const mod = lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : '';
        entries.push(`<sitemap><loc>${base}/sitemaps/listings-${n}.xml</loc>${mod}</sitemap>`);
      }
      xml(res, `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`);
    } catch (err) {
      next(err);
    }
  });

  r.get('/sitemaps/pages.xml', (_req, res) => {
    const urls = PUBLIC_SCREENS.map((p) => `<url><loc>${base}${p}</loc></url>`);
    xml(res, `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`);
  });

  r.get(/^\/sitemaps\/listings-([1-9]\d{0,5})\.xml$/, async (req, res, next) => {
    try {
      const n = Number((req.params as Record<string, string>)[0]);
      // Ordered by id: the n-th file holds the n-th slice of the listings.
      const rows: { id: number; updatedAt: Date }[] = await db.query(
        `SELECT id, updated_at AS "updatedAt" FROM properties p WHERE ${listingPublicSql('p')}
         ORDER BY id OFFSET $1 LIMIT $2`,
        [(n - 1) * size, size],
      );
      if (!rows.length && n > 1) return res.status(404).type('text/plain; charset=utf-8').send('Sitemap inconnu.');
      const urls = rows.map(
        (p) =>
          `<url><loc>${escapeHtml(`${base}/property/${p.id}`)}</loc><lastmod>${new Date(p.updatedAt).toISOString()}</lastmod></url>`,
      );
      xml(res, `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`);
    } catch (err) {
      next(err);
    }
  });
  return r;
}
