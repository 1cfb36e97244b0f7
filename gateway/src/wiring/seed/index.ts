import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Logger } from '../../lib/logger';
import { hashPassword } from '../../modules/users/password';
import { Property } from '../../modules/properties/property.entity';
import { legalColumns, type LegalDecimal } from '../../modules/properties/property-legal';
import { storeListingImage } from '../../modules/uploads/image-pipeline';
import { hashMissingPhotos } from '../../modules/moderation/photo-hashes-backfill';
import { User } from '../../modules/users/user.entity';
import type { Storage } from '../../storage/storage';
import { DEMO_OWNER_LISTINGS, generateDemoListings } from './demo-listings';
import { renderDemoImage } from './demo-images';
import { seedDemoMarket } from './demo-market';

/** Public demo fixtures printed in the start log (not secrets). */
export const DEMO_ACCOUNTS = [
  {
    role: 'owner',
    username: 'proprietaire',
    password: 'flaneur-demo',
    email: 'proprietaire@demo.flaneur.fr',
    firstName: 'Claire',
    lastName: 'Moreau',
    isLandlord: true,
  },
  {
    role: 'tenant',
    username: 'locataire',
    password: 'flaneur-demo',
    email: 'locataire@demo.flaneur.fr',
    firstName: 'Hugo',
    lastName: 'Bernard',
    isLandlord: false,
  },
] as const;

const AGENCIES = ['Agence du Marais', 'Immobilière Montmartre', 'Rive Gauche Habitat', 'Paris Est Immobilier'];

export const DEMO_LISTING_COUNT = 320;
const IMAGES_PER_LISTING = 2;
const CONCURRENCY = 4;

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Creates the demo accounts and listings (with generated photos) when the database holds no listing yet, then hashes
 * their photos with the operator's `npm run photos:hash` code.
 */
export async function seedDemoData(db: DataSource, store: Storage, logger: Logger) {
  if ((await db.getRepository(Property).count()) > 0) return null;
  const started = Date.now();
  const users = db.getRepository(User);
  const ids: number[] = [];
  const agencies = AGENCIES.map((name, i) => ({
    username: `agence${i + 1}`,
    // Agencies never log in: an unguessable password nobody knows.
    password: crypto.randomBytes(24).toString('base64url'),
    email: `agence${i + 1}@demo.flaneur.fr`,
    firstName: name,
    lastName: null,
    isLandlord: true,
  }));
  const accounts = [...DEMO_ACCOUNTS.map(({ role: _role, ...a }) => a), ...agencies];
  for (const { password, ...fields } of accounts) {
    const existing = await users.findOneBy({ username: fields.username });
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const created = await users.save(
      users.create({ ...fields, password: await hashPassword(password), isVerified: true }),
    );
    ids.push(created.id);
  }
  const listings = generateDemoListings(DEMO_LISTING_COUNT);
  const rows = await mapLimit(listings, CONCURRENCY, async (l, i) => {
    const images: string[] = [];
    for (let v = 0; v < IMAGES_PER_LISTING; v++)
      images.push(await storeListingImage(store, await renderDemoImage(l, v, i), { effort: 0 }));
    return {
      ...l,
      price: l.price.toFixed(2),
      size: l.size.toFixed(2),
      latitude: l.latitude.toFixed(7),
      longitude: l.longitude.toFixed(7),
      ...(legalColumns(l) as Record<LegalDecimal, string | null>),
      images,
      // The first ones belong to the demo owner (so "Mes annonces" has content); the rest to demo agencies.
      ownerId: i < DEMO_OWNER_LISTINGS ? ids[0] : ids[2 + (i % AGENCIES.length)],
    };
  });
  await db.getRepository(Property).insert(rows);
  logger.info({ ms: Date.now() - started }, 'demo listings seeded');
  // Hashed only: the seed's listings are all originals, and its illustrations share one composition (sky, street),
  // so close in the perceptual hash that comparing them would flag most of them. A copy of one is still caught: its
  // own listing's comparison meets these hashes.
  const hashed = await hashMissingPhotos({ db, storage: store });
  logger.info({ computed: hashed.computed, flat: hashed.flat, unreadable: hashed.unreadable }, 'demo photos hashed');
  // Sales and market rents around the listings, through the operator's importers (« Prix du quartier »).
  await seedDemoMarket(db, listings, logger);
  return { listings: rows.length };
}
