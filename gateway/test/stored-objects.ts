import type { Readable } from 'node:stream';
import type { Gateway } from '../src/app';
import type { StorageArea } from '../src/storage/storage';

const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * What a gateway's storage holds, whatever the adapter (DATA_DIR or S3): tests assert on stored bytes through the
 * Storage interface, so the same test runs on disk and on object storage (npm run test:s3).
 */
export async function storedBytes(gw: Gateway, url: string): Promise<Buffer> {
  const object = await gw.storage.openPublic(keyOf(url));
  if (!object) throw new Error(`nothing stored at ${url}`);
  return bytesOf(object.stream);
}

/** Whether a public object (a photo or profile picture URL, or its key) is stored. */
export async function isStored(gw: Gateway, url: string): Promise<boolean> {
  const object = await gw.storage.openPublic(keyOf(url));
  object?.stream.destroy();
  return object !== null;
}

/** The names (last path segment) of the objects stored under `prefix` in an area. */
export async function storedNames(gw: Gateway, area: StorageArea, prefix: string): Promise<string[]> {
  return (await gw.storage.list(area, prefix)).map((e) => e.key.slice(e.key.lastIndexOf('/') + 1));
}

/** The bytes of a private object. */
export async function privateBytes(gw: Gateway, key: string): Promise<Buffer> {
  return bytesOf(gw.storage.readPrivate(key));
}
