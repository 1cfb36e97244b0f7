import sharp from 'sharp';
import { newAccount, registerByApi, type TestAccount } from './accounts';
import { baseUrl } from './browser';
import { photoFile } from './fixtures';
import { visitorHeaders } from './visitors';

/** A position on the map. */
export interface Spot {
  latitude: number;
  longitude: number;
}

/** What a journey's listing says (the add-property form's fields but its photo, position and owner's contact). */
export interface ListingFields {
  title: string;
  description: string;
  price: number;
  isRental: boolean;
  size: number;
  bedrooms: number;
  bathrooms: number;
  address: string;
  city: string;
  postalCode: string;
  type: 'apartment' | 'house';
  dpeRating?: string;
  /** « Particulier » or « Professionnel »; unset, the listing declares neither (the legacy REST client). */
  advertiser?: 'private' | 'professional';
}

/** A landlord of a journey and the listing they published. */
export interface OwnerWithListing {
  owner: TestAccount;
  /** Where the listing stands. */
  at: Spot;
  id: number;
  /** The reference printed on its panel. */
  ref: string;
}

/**
 * The address with a street number of its own (« 8 rue de Paris » → « 437 rue de Paris »): each run's listing is a
 * home of its own, as the other viewport's run publishes the same fields from another account, and one home
 * published by two accounts shows once (docs/decisions.md « Trust shield: duplicates merged »).
 */
function homeOfItsOwn(address: string): string {
  return `${100 + Math.floor(Math.random() * 900)} ${address.replace(/^\d+\s*/, '')}`;
}

/** A session cookie of the account, through the REST shim (set-up, not the thing under test). */
async function sessionOf(account: TestAccount): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...visitorHeaders() },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  if (res.status !== 200) throw new Error(`[e2e] login ${account.username}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * The precondition of a journey about a listing, through the REST shim (set-up, not the thing under test): a landlord
 * (a fresh account named after `prefix`) who publishes `listing` with one photo of hue `photoHue`, at a spot of its
 * own — up to `spread` degrees north and east of `near`, far from the demo listings of Paris and from other runs —
 * then, with `newPrice`, changes its price (a lower one: a listing « en baisse »).
 */
export async function ownerWithListing(
  prefix: string,
  setup: { listing: ListingFields; near: Spot; spread: number; photoHue: number; newPrice?: number },
): Promise<OwnerWithListing> {
  const owner = newAccount(prefix);
  await registerByApi(owner, { isLandlord: true });
  const cookie = await sessionOf(owner);
  const at = {
    latitude: setup.near.latitude + Math.random() * setup.spread,
    longitude: setup.near.longitude + Math.random() * setup.spread,
  };

  const photo = await photoFile('facade.jpg', setup.photoHue);
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name);
  const upload = await fetch(`${baseUrl()}/api/upload`, { method: 'POST', headers: { cookie }, body: form });
  if (upload.status !== 201) throw new Error(`[e2e] upload: ${upload.status} ${await upload.text()}`);
  const { urls } = (await upload.json()) as { urls: string[] };
  const json = { 'content-type': 'application/json', cookie };
  const created = await fetch(`${baseUrl()}/api/properties`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      ...setup.listing,
      address: homeOfItsOwn(setup.listing.address),
      ...at,
      images: urls,
      ownerName: 'Camille Durand',
      ownerEmail: 'camille@example.fr',
      ownerPhone: '0601020304',
    }),
  });
  if (created.status !== 201) throw new Error(`[e2e] create: ${created.status} ${await created.text()}`);
  const { id, ref } = (await created.json()) as { id: number; ref?: string };
  if (!ref) throw new Error('[e2e] create: the listing JSON has no ref');

  if (setup.newPrice !== undefined) {
    const changed = await fetch(`${baseUrl()}/api/properties/${id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ price: setup.newPrice }),
    });
    if (changed.status !== 200) throw new Error(`[e2e] new price: ${changed.status} ${await changed.text()}`);
  }
  return { owner, at, id, ref };
}

/** A listing as GET /api/properties/:id answers it (the fields a copy takes). */
type ListingJson = Record<string, unknown> & { id: number; price: string; charges: string | null; images: string[] };

/**
 * A demo rental whose rent stands at its commune's market rent (within ±15 % of the carte des loyers' figure), with
 * a photo: the real listing a fake landlord copies. Read through the public REST API, as anyone can.
 */
export async function demoRentalAtMarket(): Promise<ListingJson> {
  const res = await fetch(`${baseUrl()}/api/properties?isRental=true&limit=60`, { headers: visitorHeaders() });
  if (res.status !== 200) throw new Error(`[e2e] rentals: ${res.status}`);
  for (const listing of (await res.json()) as ListingJson[]) {
    if (!listing.images.length) continue;
    const market = await fetch(`${baseUrl()}/api/properties/${listing.id}/market`, { headers: visitorHeaders() });
    const rent = ((await market.json()) as { rent: { differencePercent: number } | null }).rent;
    if (rent && Math.abs(rent.differencePercent) <= 15) return listing;
  }
  throw new Error('[e2e] no demo rental at its market rent (the demo seed imports a carte des loyers)');
}

/** The fields of a listing's JSON the form does not take: its identity, its owner and its state. */
const NOT_COPIED = new Set([
  'id',
  'ref',
  'ownerId',
  'createdAt',
  'updatedAt',
  'verifiedOnSiteAt',
  'listingState',
  'currency',
  'rooms',
]);

/**
 * A fake landlord (a fresh account named after `prefix`) who copies `real`: its photo downloaded from the listing's
 * page, resized to 80 % and recompressed as a JPEG at quality 60 (what a screenshot or a re-upload does), its text and
 * legal fields, at half the rent, at an address of its own 110 m away. Through the REST shim (set-up).
 */
export async function impostorOf(
  real: ListingJson,
  prefix: string,
  title: string,
): Promise<OwnerWithListing & { rent: number }> {
  const owner = newAccount(prefix);
  await registerByApi(owner, { isLandlord: true });
  const cookie = await sessionOf(owner);
  const original = Buffer.from(await (await fetch(`${baseUrl()}${real.images[0]}`)).arrayBuffer());
  const { width } = await sharp(original).metadata();
  const copy = await sharp(original)
    .resize(Math.round((width ?? 800) * 0.8))
    .jpeg({ quality: 60 })
    .toBuffer();
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(copy)], { type: 'image/jpeg' }), 'photo.jpg');
  const upload = await fetch(`${baseUrl()}/api/upload`, { method: 'POST', headers: { cookie }, body: form });
  if (upload.status !== 201) throw new Error(`[e2e] upload: ${upload.status} ${await upload.text()}`);
  const { urls } = (await upload.json()) as { urls: string[] };

  const fields = Object.fromEntries(Object.entries(real).filter(([key]) => !NOT_COPIED.has(key)));
  const rent = Math.round(Number(real.price) / 2);
  const baseRent = rent - Number(real.charges ?? 0);
  const at = { latitude: Number(real.latitude) + 0.001, longitude: Number(real.longitude) };
  const created = await fetch(`${baseUrl()}/api/properties`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      ...fields,
      title,
      price: rent,
      baseRent,
      deposit: baseRent,
      address: homeOfItsOwn('boulevard Voltaire'),
      latitude: at.latitude.toFixed(7),
      longitude: at.longitude.toFixed(7),
      images: urls,
      ownerName: 'Jean Petit',
      ownerEmail: `${owner.username}@example.fr`,
      ownerPhone: '0611223344',
    }),
  });
  if (created.status !== 201) throw new Error(`[e2e] create: ${created.status} ${await created.text()}`);
  const listing = (await created.json()) as { id: number; ref: string };
  return { owner, at, id: listing.id, ref: listing.ref, rent };
}
