import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { createProperty, signedInUser } from '../../test/factories';
import { useGateway } from '../../test/gateway';
import { shareLookup } from './share-preview';
import { staticWeb } from './static-web';

/*
 * Share previews of /property/{id}: the app's index.html served with the listing's tags, read from the test
 * database; a fake web build stands for web/dist.
 */

const gw = useGateway({ startOutbox: false });
const PUBLIC_URL = 'https://flaneur.example.fr';
const INDEX = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Flâneur — Découvrez l'immobilier en marchant" />
    <title>Flâneur</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body>
</html>
`;

let dir: string;
let web: express.Express;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'share-preview-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  web = express();
  web.use(staticWeb(dir, { sharePreview: { lookup: shareLookup(gw.db), publicUrl: PUBLIC_URL } })!);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const page = (url: string) => request(web).get(url).set('Accept', 'text/html');

/** The `content` of a meta tag, unescaped as a browser reads it; undefined when absent. */
function meta(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return m ? unescape(m[1]) : undefined;
}
const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

function jsonLd(html: string): any {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]);
}

describe('GET /property/{id}', () => {
  it('should serve the app with the title, Open Graph, Twitter and JSON-LD tags of the listing', async () => {
    const owner = await signedInUser(gw);
    const p = await createProperty(owner.agent, {
      ownerEmail: 'camille@example.fr',
      title: 'Loft du Canal',
      price: 1250,
      isRental: true,
      size: 52.5,
      city: 'Annecy',
      postalCode: '74000',
      images: ['/uploads/listings/abc.webp', '/uploads/listings/def.webp'],
      charges: 100,
      chargesMode: 'provision',
      deposit: 1150,
      furnished: false,
    });
    const res = await page(`/property/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.text;
    // The app itself is still there.
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>Loft du Canal · Flâneur</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('Découvrez l&#39;immobilier');
    expect(meta(html, 'og:title')).toBe('Loft du Canal');
    expect(meta(html, 'og:description')).toBe('Appartement à louer · 1\u202f250\u00a0€/mois · Annecy · 52,5 m²');
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/uploads/listings/abc.webp`);
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/property/${p.id}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(jsonLd(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      name: 'Loft du Canal',
      url: `${PUBLIC_URL}/property/${p.id}`,
      image: [`${PUBLIC_URL}/uploads/listings/abc.webp`, `${PUBLIC_URL}/uploads/listings/def.webp`],
      offers: {
        '@type': 'Offer',
        price: 1250,
        priceCurrency: 'EUR',
        // A rent is a monthly price.
        priceSpecification: { '@type': 'UnitPriceSpecification', price: 1250, unitCode: 'MON' },
        itemOffered: {
          '@type': 'Apartment',
          floorSize: { value: 52.5, unitCode: 'MTK' },
          address: { addressLocality: 'Annecy', postalCode: '74000', addressCountry: 'FR' },
        },
      },
    });
    // What is offered is inside the offer, not beside it on the listing.
    expect(jsonLd(html).itemOffered).toBeUndefined();
    // Never the owner's contact.
    expect(html).not.toContain('camille@example.fr');
  });

  it('should give a listing without a photo a « summary » Twitter card, without og:image nor twitter:image', async () => {
    const owner = await signedInUser(gw);
    const p = await createProperty(owner.agent, { title: 'Studio sans photo', city: 'Brest' });
    // Publishing asks for a photo: a listing without one is an older or imported row.
    await gw.db.query(`UPDATE properties SET images = '{}' WHERE id = $1`, [p.id]);
    const res = await page(`/property/${p.id}`);
    expect(res.status).toBe(200);
    const html = res.text;
    expect(meta(html, 'og:title')).toBe('Studio sans photo');
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'twitter:image')).toBeUndefined();
    expect(jsonLd(html)).not.toHaveProperty('image');
  });

  it('should escape quotes, < and & in every value, and keep the JSON-LD from closing its script', async () => {
    const owner = await signedInUser(gw);
    const title = `Le "Grand" <Loft> d'Anna & $& </script><script>alert(1)</script>`;
    const p = await createProperty(owner.agent, {
      title,
      description: 'Vue <b>imprenable</b>\u2028sur la Seine',
      city: 'Paris "Rive" <gauche>',
    });
    const html = (await page(`/property/${p.id}`)).text;
    expect(html).not.toContain('<Loft>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>');
    // One script element of data, closed once.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain(
      '<title>Le &quot;Grand&quot; &lt;Loft&gt; d&#39;Anna &amp; $&amp; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Flâneur</title>',
    );
    expect(meta(html, 'og:title')).toBe(title);
    expect(meta(html, 'og:description')).toContain('Paris "Rive" <gauche>');
    const ld = jsonLd(html);
    expect(ld.name).toBe(title);
    expect(ld.description).toBe('Vue <b>imprenable</b>\u2028sur la Seine');
    expect(html).toContain('\\u003c/script\\u003e');
  });

  it('should answer 404 with the app for an unknown or malformed id', async () => {
    for (const id of ['2147483000', '0', 'abc', '12abc', '99999999999', '-1']) {
      const res = await page(`/property/${id}`);
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
      expect(res.text).toBe(INDEX);
    }
    // Other routes of the app are untouched.
    const other = await page('/dashboard');
    expect(other.status).toBe(200);
    expect(other.text).toBe(INDEX);
  });
});
