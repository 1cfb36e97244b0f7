import fs from 'node:fs';
import path from 'node:path';
import { MSG } from '@flaneur/schema';
import { signedInUser, smallPng } from '../../test/factories';
import { useGateway } from '../../test/gateway';
import { isStored } from '../../test/stored-objects';
import { sweepOrphanObjects } from './orphan-sweeper';

// The local-disk default (the S3 adapter has its own file, s3-storage.test.ts); not part of npm run test:s3.
const gw = useGateway();

describe('local disk storage', () => {
  it('should answer 503 in French and store no row when the disk refuses the write', async () => {
    const me = await signedInUser(gw);
    const uploads = path.join(gw.dataDir, 'uploads');
    fs.rmSync(uploads, { recursive: true, force: true });
    // A file where the folder should be: every write under it fails, as on a full or read-only disk.
    fs.writeFileSync(uploads, '');
    try {
      const res = await me.agent.post('/api/upload').attach('images', await smallPng(), 'salon.png');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: MSG.storageUnavailable });
      const [row] = await gw.db.query('SELECT count(*)::int AS n FROM listing_image_uploads WHERE user_id = $1', [
        me.user.id,
      ]);
      expect(row.n).toBe(0);
    } finally {
      fs.rmSync(uploads, { force: true });
    }
    expect((await me.agent.post('/api/upload').attach('images', await smallPng(), 'salon.png')).status).toBe(201);
  });

  it('should sweep objects no row knows once their grace has passed, and keep the others', async () => {
    const me = await signedInUser(gw);
    const res = await me.agent.post('/api/upload').attach('images', await smallPng(), 'salon.png');
    const [kept] = res.body.urls as string[];
    const stray = 'listings/00000000-0000-4000-8000-000000000001-10x10.webp';
    await gw.storage.putPublic(stray, Buffer.from('x'));
    await gw.storage.putPrivate(`tenant-files/${me.user.id}/00000000-0000-4000-8000-000000000002`, Buffer.from('x'));
    expect(await sweepOrphanObjects(gw.db, gw.storage)).toEqual({ private: 0, public: 0 });
    expect(await sweepOrphanObjects(gw.db, gw.storage, { graceMs: 0 })).toEqual({ private: 1, public: 1 });
    expect(await isStored(gw, stray)).toBe(false);
    expect(await isStored(gw, kept)).toBe(true);
  });
});
