import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { AppError } from '../lib/errors';
import { safeKey, Storage, StoredEntry, storageUnavailable } from './storage';

/** The object store's settings (S3_* variables). */
export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Prefixes of the two areas in the bucket: a bucket policy may make `uploads/` public, never `private/`. */
const AREA_PREFIX = { public: 'uploads/', private: 'private/' } as const;

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

/**
 * S3-compatible object storage (AWS S3, Scaleway or OVH Object Storage, MinIO; s3rver in tests) with plain S3
 * calls. Public objects live under `uploads/`, private ones under `private/`. A PutObject answered 200 is durable
 * (the store's own guarantee); any failure becomes a 503 with a French message.
 */
export function createS3Storage(s: S3Settings): Storage & { client: S3Client } {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
    // An unreachable store must fail a request within seconds, not hold it: 2 attempts, bounded waits.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 15_000 },
  });
  const Bucket = s.bucket;
  const put = async (prefix: string, key: string, data: Buffer) => {
    try {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: prefix + safeKey(key),
          Body: data,
          ContentLength: data.length,
          ContentType: CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
        }),
      );
    } catch {
      throw storageUnavailable();
    }
  };
  const remove = async (prefix: string, key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key: prefix + safeKey(key) }));
  };
  const get = async (prefix: string, key: string) => {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: prefix + safeKey(key) }));
      return out;
    } catch (err) {
      if (isMissing(err)) return null;
      throw storageUnavailable();
    }
  };

  return {
    kind: 's3',
    client,
    close: () => client.destroy(),
    async putPublic(key, data) {
      await put(AREA_PREFIX.public, key, data);
      return `/uploads/${key}`;
    },
    putPrivate: (key, data) => put(AREA_PREFIX.private, key, data),
    readPrivate(key) {
      const out = new PassThrough();
      get(AREA_PREFIX.private, key).then(
        (obj) => {
          if (!obj?.Body) return void out.destroy(new AppError('NOT_FOUND', 'document absent du stockage'));
          const body = obj.Body as Readable;
          body.once('error', () => out.destroy(storageUnavailable()));
          body.pipe(out);
        },
        (err: unknown) => out.destroy(err as Error),
      );
      return out;
    },
    async openPublic(key) {
      const obj = await get(AREA_PREFIX.public, key);
      if (!obj?.Body) return null;
      return {
        stream: obj.Body as Readable,
        size: Number(obj.ContentLength ?? 0),
        etag: obj.ETag,
        lastModified: obj.LastModified,
      };
    },
    deletePublic: (key) => remove(AREA_PREFIX.public, key),
    deletePrivate: (key) => remove(AREA_PREFIX.private, key),
    async list(area, prefix) {
      const base = AREA_PREFIX[area];
      const out: StoredEntry[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: base + prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? [])
          if (o.Key) out.push({ key: o.Key.slice(base.length), lastModified: o.LastModified ?? new Date(0) });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out;
    },
  };
}
