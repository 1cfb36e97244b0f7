import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LISTING_SIGNAL_LABELS, type ListingSignal } from '@flaneur/schema';
import { buildParisRental, createProperty, signedInUser, uniqueContact } from '../../../test/factories';
import { agencyUser, importFeed, photoJpeg } from '../../../test/feeds';
import { unique, useGateway } from '../../../test/gateway';
import { copyOf, photo } from '../../../test/photos';
import { gql } from '../../../test/graphql';
import { polirisZip, saleLine } from '../feeds/poliris-writer';
import { importDvf } from '../market/dvf-import';
import { dvfCsv, flatLine } from '../market/dvf-writer';
import type { QueryCounter } from '../../lib/query-counter';
import { setUserRole } from '../users/user-role';

const gw = useGateway({ startOutbox: false });
type Signed = Awaited<ReturnType<typeof signedInUser>>;
let moderator: Signed;
beforeAll(async () => {
  moderator = await signedInUser(gw);
  await setUserRole(gw.db, moderator.user.username, 'moderator');
});

interface Entry {
  propertyId: number;
  signals: ListingSignal[];
  score: number;
  reasons: string[];
}

/** The listing's entry of the moderation queue (REST), undefined when it is not there. */
async function entryOf(propertyId: number): Promise<Entry | undefined> {
  const res = await moderator.agent.get('/api/moderation/queue');
  expect(res.status).toBe(200);
  return (res.body.listings as Entry[]).find((l) => l.propertyId === propertyId);
}
const signalsOf = async (propertyId: number) => (await entryOf(propertyId))?.signals ?? [];

async function upload(agent: Signed['agent'], data: Buffer): Promise<string> {
  const res = await agent.post('/api/upload').attach('images', data, 'photo.jpg');
  expect(res.status).toBe(201);
  return res.body.urls[0];
}

describe('listing signals', () => {
  it('should flag the same address, surface and rooms as another account, not its owner, in REST and GraphQL', async () => {
    const city = unique('Lyon');
    const home = { city, postalCode: '69003', address: "12, Rue de l'Église", size: 48, bedrooms: 2, rooms: 3 };
    const first = await signedInUser(gw);
    const original = await createProperty(first.agent, { ...home, ...uniqueContact() });
    const copier = await signedInUser(gw);
    const copy = await createProperty(copier.agent, { ...home, address: '12 rue de l’eglise', ...uniqueContact() });
    // Another surface is another home.
    const other = await createProperty(copier.agent, { ...home, size: 49, ...uniqueContact() });

    const entry = await entryOf(copy.id);
    expect(entry).toMatchObject({ signals: ['meme_bien_autre_compte'], score: 1 });
    expect(entry!.reasons).toEqual(["Même adresse, surface et pièces qu'une annonce d'un autre compte"]);
    expect(await entryOf(original.id)).toBeUndefined();
    expect(await entryOf(other.id)).toBeUndefined();
    const g = await gql(moderator.agent, `{ moderationQueue { listings { propertyId signals score reasons } } }`);
    expect(g.errors).toBeUndefined();
    expect(
      g.data!.moderationQueue.listings.find((l: { propertyId: string }) => l.propertyId === String(copy.id)),
    ).toEqual({
      propertyId: String(copy.id),
      signals: ['meme_bien_autre_compte'],
      score: 1,
      reasons: [LISTING_SIGNAL_LABELS.meme_bien_autre_compte],
    });
    // Never shown to the owner nor the public.
    for (const agent of [copier.agent, gw.agent()]) {
      const page = await agent.get(`/api/properties/${copy.id}`);
      expect(page.status).toBe(200);
      expect(JSON.stringify(page.body)).not.toMatch(/meme_bien|signal|Même adresse/i);
    }
    expect((await copier.agent.get('/api/moderation/queue')).status).toBe(403);
  });

  it('should flag photos already used by another account (resized and recompressed), not a different photo nor the same account reusing its own', async () => {
    const owner = await signedInUser(gw);
    const picture = await photo(11);
    const own = await upload(owner.agent, picture);
    const original = await createProperty(owner.agent, { images: [own] });
    // The same account again, with the same photo: not a signal.
    const again = await createProperty(owner.agent, { images: [own] });

    const copier = await signedInUser(gw);
    const copied = await createProperty(copier.agent, { images: [await upload(copier.agent, await copyOf(picture))] });
    const honest = await signedInUser(gw);
    const different = await createProperty(honest.agent, { images: [await upload(honest.agent, await photo(12))] });

    // Compared by an outbox job after the write.
    expect(await entryOf(copied.id)).toBeUndefined();
    await gw.outbox.drain();
    expect(await signalsOf(copied.id)).toEqual(['photos_autre_compte']);
    expect((await entryOf(copied.id))!.reasons).toEqual(["Photos déjà utilisées par une annonce d'un autre compte"]);
    expect(await entryOf(original.id)).toBeUndefined();
    expect(await entryOf(again.id)).toBeUndefined();
    expect(await entryOf(different.id)).toBeUndefined();
    // A photo released with its listing takes its hash along.
    const [url] = different.images;
    expect(await gw.db.query(`SELECT 1 FROM photo_hashes WHERE url = $1`, [url])).toHaveLength(1);
    expect((await honest.agent.delete(`/api/properties/${different.id}`)).status).toBe(204);
    expect(await gw.db.query(`SELECT 1 FROM photo_hashes WHERE url = $1`, [url])).toEqual([]);
  });

  it("should hash an agency feed's photos too: a copy of another account's photo in a feed is flagged", async () => {
    const owner = await signedInUser(gw);
    const picture = await photo(21);
    const original = await createProperty(owner.agent, { images: [await upload(owner.agent, picture)] });
    const { agent } = await agencyUser(gw, unique('Agence'));
    const contact = uniqueContact();
    const line = saleLine('P-1', {
      city: unique('Tours'),
      photos: ['copie.jpg', 'autre.jpg'],
      negotiatorEmail: contact.ownerEmail,
      negotiatorPhone: contact.ownerPhone,
    });
    const report = await importFeed(
      gw,
      agent,
      polirisZip([line], { 'copie.jpg': await copyOf(picture), 'autre.jpg': await photo(22) }),
    );
    expect(report.counts).toMatchObject({ created: 1 });
    const mine = await gql(agent, `{ myProperties { id } }`);
    const id = Number(mine.data!.myProperties[0].id);
    await gw.outbox.drain();
    expect(await signalsOf(id)).toEqual(['photos_autre_compte']);
    expect(await entryOf(original.id)).toBeUndefined();
  });

  it('should flag a withdrawn listing published again by the same account: its feed line back, or a new listing of the same home', async () => {
    const { agent } = await agencyUser(gw, unique('Agence'));
    const city = unique('Bordeaux');
    const contact = uniqueContact();
    const line = (ref: string) =>
      saleLine(ref, {
        city,
        postalCode: '33000',
        address: `${ref} cours Victor Hugo`,
        photos: ['p.jpg'],
        // A negotiator of its own: the sample line's is every test agency's (a contact on several accounts).
        negotiatorEmail: contact.ownerEmail,
        negotiatorPhone: contact.ownerPhone,
      });
    const photos = { 'p.jpg': await photoJpeg(7) };
    await importFeed(gw, agent, polirisZip([line('R-1'), line('R-2')], photos));
    // leave the feed (withdrawn), then R-1 comes back: the same listing, its history kept.
    const withdrawn = await importFeed(gw, agent, polirisZip([], photos));
    expect(withdrawn.status).toBe('done');
    const back = await importFeed(gw, agent, polirisZip([line('R-1')], photos));
    expect(back.counts).toMatchObject({ updated: 1, created: 0 });
    const mine = await gql(agent, `{ myProperties { id agencyReference listingState address size rooms } }`);
    type Mine = {
      id: string;
      agencyReference: string;
      listingState: string;
      address: string;
      size: number;
      rooms: number;
    };
    const byRef: Record<string, Mine> = Object.fromEntries(
      (mine.data!.myProperties as Mine[]).map((p) => [p.agencyReference, p]),
    );
    expect(byRef['R-1'].listingState).toBe('published');
    expect(await signalsOf(Number(byRef['R-1'].id))).toEqual(['republiee']);
    expect((await entryOf(Number(byRef['R-1'].id)))!.reasons).toEqual([
      'Annonce retirée puis publiée à nouveau par le même compte',
    ]);

    // R-2 stays withdrawn; the agency types the same home again through the form.
    const r2 = byRef['R-2'];
    expect(r2.listingState).toBe('withdrawn');
    const retyped = await createProperty(agent, {
      city,
      postalCode: '33000',
      address: r2.address,
      size: r2.size,
      rooms: r2.rooms,
      bedrooms: 2,
      advertiser: 'professional',
      feesPaidBy: 'seller',
      ...uniqueContact(),
    });
    expect(await signalsOf(retyped.id)).toEqual(['republiee']);
    // Another home of the same agency is not a relisting.
    const fresh = await createProperty(agent, {
      city,
      postalCode: '33000',
      address: '1 place de la Bourse',
      advertiser: 'professional',
      feesPaidBy: 'seller',
      ...uniqueContact(),
    });
    expect(await entryOf(fresh.id)).toBeUndefined();
  });

  it('should flag an account under 7 days old publishing more than 5 listings in 24 h, not an older one nor an agency', async () => {
    const publish = async (agent: Signed['agent'], n: number) => {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) ids.push((await createProperty(agent, uniqueContact())).id);
      return ids;
    };
    const fresh = await signedInUser(gw);
    const ids = await publish(fresh.agent, 6);
    for (const id of ids.slice(0, 5)) expect(await entryOf(id)).toBeUndefined();
    expect(await signalsOf(ids[5])).toEqual(['compte_recent_rafale']);

    const older = await signedInUser(gw);
    // The account was opened 8 days ago (no API ages an account).
    await gw.db.query(`UPDATE users SET created_at = now() - interval '8 days' WHERE id = $1`, [older.user.id]);
    const olderIds = await publish(older.agent, 6);
    expect(await entryOf(olderIds[5])).toBeUndefined();

    const agency = await agencyUser(gw, unique('Agence'));
    const agencyIds: number[] = [];
    for (let i = 0; i < 6; i++)
      agencyIds.push(
        (await createProperty(agency.agent, { advertiser: 'professional', feesPaidBy: 'seller', ...uniqueContact() }))
          .id,
      );
    expect(await entryOf(agencyIds[5])).toBeUndefined();
  });

  it('should flag contact details found on another account (listing or account), not on the same account', async () => {
    const first = await signedInUser(gw);
    const phone = uniqueContact().ownerPhone;
    const spaced = phone.replace(/(\d{2})(?=\d)/g, '$1 ');
    await createProperty(first.agent, { ...uniqueContact(), ownerPhone: phone });
    // The same account with the same phone: not a signal.
    const own = await createProperty(first.agent, { ...uniqueContact(), ownerPhone: spaced });
    expect(await entryOf(own.id)).toBeUndefined();

    const second = await signedInUser(gw);
    const samePhone = await createProperty(second.agent, {
      ...uniqueContact(),
      ownerPhone: `+33 ${phone.slice(1).replace(/(\d)(\d{2})(\d{2})(\d{2})(\d{2})/, '$1 $2 $3 $4 $5')}`,
    });
    expect(await signalsOf(samePhone.id)).toEqual(['coordonnees_partagees']);
    expect((await entryOf(samePhone.id))!.reasons).toEqual([
      'Téléphone ou e-mail présent sur plusieurs comptes sans lien',
    ]);
    // The first account's own e-mail as another account's listing contact.
    const third = await signedInUser(gw);
    const sameEmail = await createProperty(third.agent, {
      ...uniqueContact(),
      ownerEmail: first.user.email.toUpperCase(),
    });
    expect(await signalsOf(sameEmail.id)).toEqual(['coordonnees_partagees']);
  });

  it('should raise signals on « Modifier » too and rank a listing by its signals and reports together', async () => {
    const first = await signedInUser(gw);
    const city = unique('Lille');
    const home = { city, postalCode: '59000', address: '3 rue Nationale', size: 61, bedrooms: 2, rooms: 3 };
    await createProperty(first.agent, home);
    const second = await signedInUser(gw);
    const listing = await createProperty(second.agent, { ...home, address: '5 rue Nationale' });
    expect(await entryOf(listing.id)).toBeUndefined();
    const edit = await second.agent.patch(`/api/properties/${listing.id}`).send({ address: '3 rue Nationale' });
    expect(edit.status).toBe(200);
    expect(await signalsOf(listing.id)).toEqual(['meme_bien_autre_compte']);
    const reporter = await signedInUser(gw);
    await reporter.agent.post('/api/reports').send({ targetType: 'property', targetId: listing.id, reason: 'doublon' });
    expect(await entryOf(listing.id)).toMatchObject({ score: 2, reportCount: 1 });
  });

  it('should cost the same statements whatever the photos and the listings met (no statement per listing)', async () => {
    const counter = gw.db.logger as QueryCounter;
    const publisher = await signedInUser(gw);
    await createProperty(publisher.agent); // a landlord now: no account change in the counted writes
    const homeOf = () => ({ city: unique('Nice'), postalCode: '06000', address: '8 avenue Jean Médecin', size: 70 });
    const [one, many] = [homeOf(), homeOf()];
    await createProperty((await signedInUser(gw)).agent, one);
    for (let i = 0; i < 4; i++) await createProperty((await signedInUser(gw)).agent, many);
    const cost = async (overrides: Parameters<typeof createProperty>[1]) => {
      // The viewer read and cached just before: only the publication is counted.
      await publisher.agent.get('/api/user').expect(200);
      const before = counter.count;
      const p = await createProperty(publisher.agent, overrides);
      return { n: counter.count - before, id: p.id };
    };
    const photoUrl = () => `/uploads/listings/${crypto.randomUUID()}.webp`;
    const small = await cost({ ...one, images: [photoUrl()] });
    const large = await cost({ ...many, images: [photoUrl(), photoUrl(), photoUrl(), photoUrl(), photoUrl()] });
    expect(await signalsOf(small.id)).toEqual(['meme_bien_autre_compte']);
    expect(await signalsOf(large.id)).toEqual(['meme_bien_autre_compte']);
    expect(large.n).toBe(small.n);
  });
});

describe('prix_sous_marche', () => {
  // A site in the open Atlantic of its own (no other test stores sales there): five comparable flats sold
  // 9,000–11,000 €/m² within 300 m, the commune Q8001 whose flats rent 60 €/m².
  const site = { latitude: 46.5, longitude: -31.5 };
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-signals-'));
    try {
      const lines = [9000, 9500, 10000, 10500, 11000].map((ppm2, k) =>
        flatLine(unique('S'), {
          code_departement: 'Q8',
          code_commune: 'Q8001',
          nom_commune: 'Commune Q8001',
          latitude: (site.latitude + (k * 40) / 111195).toFixed(7),
          longitude: site.longitude,
          surface_reelle_bati: 45,
          valeur_fonciere: ppm2 * 45,
          nombre_pieces_principales: 3,
          type_local: 'Appartement',
          date_mutation: new Date(Date.now() - (30 + k) * 86_400_000).toISOString().slice(0, 10),
        }),
      );
      const file = path.join(dir, 'q8.csv');
      fs.writeFileSync(file, dvfCsv(lines));
      await importDvf(gw.db, [file]);
      await gw.db.query(
        `INSERT INTO market_rents (code_commune, type, year, commune, predicted, lower, upper, observations)
         VALUES ('Q8001', 'apartment', 2024, 'Commune Q8001', 60, 50, 72, 200) ON CONFLICT DO NOTHING`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should flag a price per m² 40 % or more under the comparable sales or the commune rent, through the form and « Modifier »', async () => {
    const owner = await signedInUser(gw);
    const at = { ...site, bedrooms: 2, size: 45.5 };
    // 10,000 €/m² is the median: in line. 5,000 €/m² is half of it. A rent of 27 €/m² is under half of 60.
    const fair = await createProperty(owner.agent, { ...at, price: 455000 });
    const cheap = await createProperty(owner.agent, { ...at, price: 227500 });
    const rental = await createProperty(owner.agent, buildParisRental({ ...at }));
    await gw.outbox.drain();
    expect(await signalsOf(fair.id)).not.toContain('prix_sous_marche');
    expect(await signalsOf(cheap.id)).toContain('prix_sous_marche');
    expect(await signalsOf(rental.id)).toContain('prix_sous_marche');
    expect((await entryOf(cheap.id))!.reasons).toContain(LISTING_SIGNAL_LABELS.prix_sous_marche);
    // The account behind it is ranked by its listings' signals too.
    const queue = await moderator.agent.get('/api/moderation/queue');
    const account = (
      queue.body.accounts as { userId: number; signals: string[]; score: number; reasons: string[] }[]
    ).find((a) => a.userId === owner.user.id);
    expect(account).toMatchObject({ signals: expect.arrayContaining(['prix_sous_marche']) });
    expect(account!.score).toBeGreaterThanOrEqual(account!.signals.length);
    expect(account!.reasons).toContain(LISTING_SIGNAL_LABELS.prix_sous_marche);

    // 35 % under the median is not enough; a « Modifier » to 55 % under is.
    const edited = await createProperty(owner.agent, { ...at, price: 295750 });
    await gw.outbox.drain();
    expect(await signalsOf(edited.id)).not.toContain('prix_sous_marche');
    const res = await owner.agent.patch(`/api/properties/${edited.id}`).send({ price: 204750 });
    expect(res.status).toBe(200);
    await gw.outbox.drain();
    expect(await signalsOf(edited.id)).toContain('prix_sous_marche');
  });

  it('should say nothing where the comparables are too few (never a made-up figure)', async () => {
    const owner = await signedInUser(gw);
    // The middle of the ocean, far from any stored sale.
    const lonely = await createProperty(owner.agent, { latitude: 40.1, longitude: -40.1, price: 1000 * 45.5 });
    await gw.outbox.drain();
    expect(await signalsOf(lonely.id)).not.toContain('prix_sous_marche');
  });
});
