import type { DataSource } from 'typeorm';
import { formatListingPrice } from '../modules/notifications/alert-text';
import { listingOpenSql } from '../modules/properties/lib/listing-visibility';

/** What a shared link of a listing shows (link previews of messengers and social networks, search engines). */
export interface ShareListing {
  id: number;
  title: string;
  description: string;
  price: string;
  currency: string;
  isRental: boolean;
  size: string;
  rooms: number;
  city: string;
  postalCode: string;
  type: string;
  images: string[];
  latitude: string;
  longitude: string;
  createdAt: Date;
}

/** Finds the listing of a /property/{id} link; null for an unknown or malformed id (then a 404). */
export type ShareLookup = (id: string) => Promise<ShareListing | null>;

const MAX_ID = 2 ** 31 - 1;

/** The lookup on the database: one statement, only the public fields of the listing. */
export function shareLookup(db: DataSource): ShareLookup {
  return async (id) => {
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > MAX_ID) return null;
    const [row]: ShareListing[] = await db.query(
      `SELECT id, title, description, price, currency, is_rental AS "isRental", size, rooms, city,
              postal_code AS "postalCode", type, images, latitude, longitude, created_at AS "createdAt"
       FROM properties p WHERE id = $1 AND ${listingOpenSql('p')}`,
      [Number(id)],
    );
    return row ?? null;
  };
}

const KIND: Record<string, string> = { apartment: 'Appartement', house: 'Maison', villa: 'Villa' };
const SCHEMA_KIND: Record<string, string> = { apartment: 'Apartment', house: 'House', villa: 'House' };

/** Text safe inside an element or a double- or single-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON safe inside a <script> element: no `<` (so no `</script>` nor `<!--`), no line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const absolute = (publicUrl: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${publicUrl}${url}`);
const area = (size: string) =>
  `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(Number(size))} m²`;

/** The head tags of a listing's page: title, Open Graph, Twitter card and a schema.org JSON-LD description. */
export function shareTags(p: ShareListing, publicUrl: string): string {
  const url = `${publicUrl}/property/${p.id}`;
  const price = formatListingPrice(p.price, p.isRental, p.currency);
  const kind = `${KIND[p.type] ?? 'Bien'} ${p.isRental ? 'à louer' : 'à vendre'}`;
  const summary = `${kind} · ${price} · ${p.city} · ${area(p.size)}`;
  const image = p.images[0] ? absolute(publicUrl, p.images[0]) : null;
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: p.title,
    description: p.description.slice(0, 500),
    url,
    datePosted: new Date(p.createdAt).toISOString(),
    ...(p.images.length ? { image: p.images.map((i) => absolute(publicUrl, i)) } : {}),
    // What is offered sits inside the offer (schema.org Offer.itemOffered); a rent is a price per month.
    offers: {
      '@type': 'Offer',
      price: Number(p.price),
      priceCurrency: p.currency,
      businessFunction: p.isRental
        ? 'http://purl.org/goodrelations/v1#LeaseOut'
        : 'http://purl.org/goodrelations/v1#Sell',
      ...(p.isRental
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: Number(p.price),
              priceCurrency: p.currency,
              unitCode: 'MON',
              unitText: 'mois',
            },
          }
        : {}),
      itemOffered: {
        '@type': SCHEMA_KIND[p.type] ?? 'Accommodation',
        floorSize: { '@type': 'QuantitativeValue', value: Number(p.size), unitCode: 'MTK' },
        numberOfRooms: p.rooms,
        address: { '@type': 'PostalAddress', addressLocality: p.city, postalCode: p.postalCode, addressCountry: 'FR' },
        geo: { '@type': 'GeoCoordinates', latitude: Number(p.latitude), longitude: Number(p.longitude) },
      },
    },
  };
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(`${p.title} · Flâneur`)}</title>`,
    meta('name', 'description', summary),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Flâneur'),
    meta('property', 'og:locale', 'fr_FR'),
    meta('property', 'og:title', p.title),
    meta('property', 'og:description', summary),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', p.title),
    meta('name', 'twitter:description', summary),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `<script type="application/ld+json">${scriptJson(ld)}</script>`,
  ].join('\n    ');
}

/** index.html with the listing's tags instead of the generic title and description. */
export function withShareTags(indexHtml: string, tags: string): string {
  const head = indexHtml.replace(/<title>[^<]*<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  // A function, so that `$&` or `$'` in a listing's text is not read as a replacement pattern.
  return head.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}
