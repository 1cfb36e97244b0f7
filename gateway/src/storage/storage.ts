import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Stored bytes behind one interface: local disk by default, object storage when configured. */
export interface Storage {
  /** Public objects (listing photos, profile pictures) are served at /uploads/{key}. */
  putPublic(key: string, data: Buffer): Promise<string>;
  /** Private objects (tenant documents) are only read through authorized routes. */
  putPrivate(key: string, data: Buffer): Promise<void>;
  readPrivate(key: string): Readable;
  deletePublic(key: string): Promise<void>;
  deletePrivate(key: string): Promise<void>;
  /** Folder served at /uploads (disk adapter). */
  readonly publicDir: string;
}

const safeKey = (key: string) => {
  if (!/^[a-zA-Z0-9/_.-]+$/.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
  return key;
};

/** Local-disk storage under DATA_DIR/uploads (public) and DATA_DIR/private (documents). */
export function createDiskStorage(dataDir: string): Storage {
  const publicDir = path.join(dataDir, 'uploads');
  const privateDir = path.join(dataDir, 'private');
  const write = async (dir: string, key: string, data: Buffer) => {
    const file = path.join(dir, safeKey(key));
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await fsp.writeFile(file, data);
  };
  return {
    publicDir,
    async putPublic(key, data) {
      await write(publicDir, key, data);
      return `/uploads/${key}`;
    },
    putPrivate: (key, data) => write(privateDir, key, data),
    readPrivate: (key) => fs.createReadStream(path.join(privateDir, safeKey(key))),
    deletePublic: (key) => fsp.rm(path.join(publicDir, safeKey(key)), { force: true }),
    deletePrivate: (key) => fsp.rm(path.join(privateDir, safeKey(key)), { force: true }),
  };
}
