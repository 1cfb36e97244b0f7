import crypto from 'node:crypto';
import type { ListingSignal } from '@flaneur/schema';
import { createProperty, signedInUser } from '../../../test/factories';
import { photoJpeg } from '../../../test/feeds';
import { useGateway } from '../../../test/gateway';
import { copyOf, photo } from '../../../test/photos';
import { setUserRole } from '../users/user-role';
import { hashMissingPhotos, photoHashReport, type PhotoHashProgress } from './photo-hashes-backfill';

const gw = useGateway({ startOutbox: false });
type Signed = Awaited<ReturnType<typeof signedInUser>>;

async function upload(agent: Signed['agent'], data: Buffer): Promise<string> {
  const res = await agent.post('/api/upload').attach('images', data, 'photo.jpg');
  expect(res.status).toBe(201);
  return res.body.urls[0];
}

/** Photos as they were before the pipeline hashed them: their hash rows removed. */
const forgetHashes = (urls: string[]) => gw.db.query(`DELETE FROM photo_hashes WHERE url = ANY($1::varchar[])`, [urls]);
const hashOf = async (url: string): Promise<string | undefined> =>
  ((await gw.db.query(`SELECT hash::text AS hash FROM photo_hashes WHERE url = $1`, [url])) as { hash: string }[])[0]
    ?.hash;

/** Runs the command's function on this gateway's database, storage and outbox queue; collects the unreadable files. */
async function run() {
  const unreadable = new Map<string, string>();
  let [total, advanced] = [0, 0];
  const progress: PhotoHashProgress = {
    start: (t) => (total = t),
    advance: (count) => (advanced += count),
    unreadable: (url, reason) => unreadable.set(url, reason),
  };
  const summary = await hashMissingPhotos({ db: gw.db, storage: gw.storage, outbox: gw.outbox }, { progress });
  return { summary, unreadable, total, advanced };
}

describe('npm run photos:hash (hashMissingPhotos)', () => {
  it('should hash the photos that have none, skip flat images, name missing and corrupt files and go on; a second run computes nothing', async () => {
    const owner = await signedInUser(gw);
    const textured = await upload(owner.agent, await photo(31));
    const other = await upload(owner.agent, await photo(32));
    const flat = await upload(owner.agent, await photoJpeg(3));
    const missing = `/uploads/listings/${crypto.randomUUID()}.webp`;
    const corrupt = `/uploads/listings/${crypto.randomUUID()}.webp`;
    await gw.storage.putPublic(corrupt.slice('/uploads/'.length), Buffer.from('pas une image'));
    const hashes = { textured: await hashOf(textured), other: await hashOf(other) };
    expect(hashes.textured).toBeDefined();
    // The pipeline stores no hash for a flat image.
    expect(await hashOf(flat)).toBeUndefined();
    // The missing file comes before the photos in the listing: the run goes on after it.
    await createProperty(owner.agent, { images: [missing, textured, corrupt] });
    await createProperty(owner.agent, { images: [flat, other] });
    await forgetHashes([textured, other]);

    const first = await run();
    expect(first.summary.computed).toBeGreaterThanOrEqual(2);
    expect(first.summary.flat).toBeGreaterThanOrEqual(1);
    expect(first.unreadable.get(missing)).toBe('fichier absent du stockage');
    expect(first.unreadable.get(corrupt)).toBe('image illisible');
    expect(first.unreadable.has(textured)).toBe(false);
    expect(first.summary.examined).toBe(first.summary.computed + first.summary.flat + first.summary.unreadable);
    // The bar moves over every listing's photos (test files share the database: their listings count too).
    expect(first.total).toBeGreaterThanOrEqual(5);
    expect(first.advanced).toBeGreaterThanOrEqual(5);
    // The hash read back from the stored WebP is within the comparison's distance of the pipeline's own.
    for (const [url, before] of [
      [textured, hashes.textured!],
      [other, hashes.other!],
    ]) {
      const after = await hashOf(url);
      expect(after).toBeDefined();
      const differing = (BigInt(after!) ^ BigInt(before)).toString(2).replace(/0/g, '').length;
      expect(differing).toBeLessThanOrEqual(8);
    }
    expect(await hashOf(flat)).toBeUndefined();

    const second = await run();
    expect(second.summary.computed).toBe(0);
    expect(second.summary.listingsQueued).toBe(0);
    expect(second.unreadable.get(missing)).toBe('fichier absent du stockage');
    expect(await hashOf(flat)).toBeUndefined();
  });

  it("should raise photos_autre_compte on a listing whose photo, hashed now, copies another account's older listing", async () => {
    const moderator = await signedInUser(gw);
    await setUserRole(gw.db, moderator.user.username, 'moderator');
    const signalsOf = async (propertyId: number): Promise<ListingSignal[] | undefined> => {
      const res = await moderator.agent.get('/api/moderation/queue');
      expect(res.status).toBe(200);
      return (res.body.listings as { propertyId: number; signals: ListingSignal[] }[]).find(
        (l) => l.propertyId === propertyId,
      )?.signals;
    };
    const owner = await signedInUser(gw);
    const picture = await photo(41);
    const originalUrl = await upload(owner.agent, picture);
    const copier = await signedInUser(gw);
    const copyUrl = await upload(copier.agent, await copyOf(picture));
    // Both stored before the hashes existed: publishing them queues no comparison.
    await forgetHashes([originalUrl, copyUrl]);
    const original = await createProperty(owner.agent, { images: [originalUrl] });
    const copied = await createProperty(copier.agent, { images: [copyUrl] });
    await gw.outbox.drain();
    expect(await signalsOf(copied.id)).toBeUndefined();

    const { summary } = await run();
    expect(summary.listingsQueued).toBeGreaterThanOrEqual(2);
    await gw.outbox.drain();
    expect(await signalsOf(copied.id)).toEqual(['photos_autre_compte']);
    // The original is not flagged by its copy.
    expect(await signalsOf(original.id)).toBeUndefined();
  });

  it('should end with the French summary, naming the unreadable files', () => {
    const text = photoHashReport({
      examined: 1234,
      computed: 1200,
      flat: 30,
      unreadable: 4,
      unreadableFiles: [{ url: '/uploads/listings/a.webp', reason: 'fichier absent du stockage' }],
      listingsQueued: 900,
    }).replace(/\s/g, ' ');
    expect(text).toContain(
      '1 234 photos examinées, 1 200 empreintes calculées, 30 images unies sans empreinte, 4 fichiers illisibles.',
    );
    expect(text).toContain('/uploads/listings/a.webp : fichier absent du stockage');
    expect(text).toContain('… et 3 autres');
    expect(text).toContain('900 annonces seront comparées');
  });
});
