import crypto from 'node:crypto';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import type { Logger } from '../../lib/logger';
import { hashPassword } from '../../modules/users/password';
import { polirisZip, saleLine, type PolirisLine } from '../../modules/feeds/poliris-writer';
import { User } from '../../modules/users/user.entity';
import type { Services } from '../services';

/** The demo agency whose listings arrive through its Poliris feed (docs/decisions.md « Agency feeds »). */
export const DEMO_AGENCY = {
  username: 'agence-flux',
  email: 'agence-flux@demo.flaneur.fr',
  agencyName: 'Agence Flâneur Démo',
  siren: '732829320',
  professionalCard: 'CPI 7501 2024 000 000 123',
  phone: '0142000000',
  address: '10 rue de Rivoli',
  city: 'Paris',
  postalCode: '75004',
} as const;

export const DEMO_FEED_LISTINGS = 12;

/** A generated 800×600 photo of one colour band per listing and view. */
function demoPhoto(i: number, v: number): Promise<Buffer> {
  const hue = (i * 47 + v * 23) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="hsl(${hue},45%,62%)"/>
    <rect y="380" width="800" height="220" fill="hsl(${(hue + 30) % 360},35%,40%)"/>
    <rect x="${120 + v * 200}" y="160" width="240" height="220" fill="hsl(${hue},20%,92%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** The demo feed: sales and rentals around central Paris, two photos each, one line without its energy class. */
export async function demoFeedZip(count = DEMO_FEED_LISTINGS): Promise<Buffer> {
  const photos: Record<string, Buffer> = {};
  const lines: PolirisLine[] = [];
  for (let i = 0; i < count; i++) {
    const ref = `DEMO-${String(i + 1).padStart(3, '0')}`;
    const names = [`${ref}-1.jpg`, `${ref}-2.jpg`];
    for (const [v, name] of names.entries()) photos[name] = await demoPhoto(i, v);
    const at = { latitude: 48.853 + ((i * 37) % 11) * 0.0012, longitude: 2.34 + ((i * 53) % 13) * 0.0018 };
    const common = { ...at, photos: names, title: `Appartement ${2 + (i % 3)} pièces, Paris centre (${ref})` };
    if (i % 3 === 2) {
      lines.push(
        saleLine(ref, {
          ...common,
          transaction: 'location',
          postalCode: '75004',
          price: null,
          rentWithCharges: 1450 + i * 20,
          charges: 120,
          chargesMode: 'provision',
          deposit: 1200,
          furnished: false,
          fees: 600,
          inventoryFees: 150,
          baseRent: 1330 + i * 20,
          referenceRentMajored: 1400 + i * 20,
          rooms: 2,
          bedrooms: 1,
          surface: 38,
        }),
      );
    } else {
      lines.push(
        saleLine(ref, {
          ...common,
          postalCode: '75004',
          price: 480000 + i * 15000,
          rooms: 2 + (i % 3),
          bedrooms: 1 + (i % 3),
          // One listing still waits for its DPE: it arrives as the agency's draft.
          ...(i === count - 2 ? { dpeClass: '' } : {}),
        }),
      );
    }
  }
  return polirisZip(lines, photos, { encoding: 'latin1' });
}

/**
 * Creates the demo agency and sends its feed through the real importer (the outbox runs it once the gateway has
 * started): `npm start` then shows agency listings imported the way an agency's software would bring them.
 */
export async function seedDemoFeed(db: DataSource, services: Services, logger: Logger): Promise<number> {
  const users = db.getRepository(User);
  let agency = await users.findOneBy({ username: DEMO_AGENCY.username });
  agency ??= await users.save(
    users.create({
      ...DEMO_AGENCY,
      // The demo agency never logs in: an unguessable password nobody knows.
      password: await hashPassword(crypto.randomBytes(24).toString('base64url')),
      isVerified: true,
      isLandlord: true,
    }),
  );
  const zip = await demoFeedZip();
  const started = await services.feeds.start(agency, {
    filename: 'flux-demo.zip',
    mimetype: 'application/zip',
    buffer: zip,
  });
  logger.info({ importId: started.id }, 'demo agency feed queued');
  return started.id;
}
