import type { Logger } from '../lib/logger';
import { createS3Storage, S3Settings } from './s3-storage';
import { createDiskStorage, Storage } from './storage';

/**
 * The configured storage: S3-compatible object storage when S3_BUCKET is set, else the local disk under DATA_DIR.
 * Deleting follows its row's deletion: a delete the store refuses is logged and left to the orphan sweeper, so a
 * deleted document or photo never fails the request that deleted its row.
 */
export function createStorage(config: { dataDir: string; s3?: S3Settings }, logger: Logger): Storage {
  const base = config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.dataDir);
  const quietly =
    (area: 'public' | 'private', remove: (key: string) => Promise<void>) =>
    async (key: string): Promise<void> => {
      try {
        await remove(key);
      } catch (err) {
        logger.warn({ err, area, key }, 'stored object not deleted: left to the orphan sweeper');
      }
    };
  return {
    ...base,
    deletePublic: quietly('public', base.deletePublic),
    deletePrivate: quietly('private', base.deletePrivate),
  };
}
