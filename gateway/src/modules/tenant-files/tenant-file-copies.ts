import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { MSG } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { AppError, forbidden } from '../../lib/errors';
import type { Storage } from '../../storage/storage';
import { TenantFileCopy } from './tenant-file-copy.entity';
import type { TenantFileShare } from './tenant-file-share.entity';
import type { TenantFile } from './tenant-file.entity';
import { NotStampable, STAMPABLE, stampDocument } from './watermark';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The key of a stamped copy: under the owner's folder, so the orphan sweeper and account deletion reach it. */
const copyKey = (ownerId: number) => `tenant-files/${ownerId}/copies/${crypto.randomUUID()}`;

/**
 * The stamped copy of `file` for the recipient of `share`: made at the first download, then read from private storage.
 * Two first downloads at once both stamp; the row is inserted once (unique share), the loser's bytes are deleted.
 */
export async function copyFor(
  deps: { db: DataSource; storage: Storage },
  file: TenantFile,
  share: TenantFileShare,
  stamp: () => Promise<{ recipientName: string; listingTitle: string }>,
): Promise<TenantFileCopy> {
  const repo = deps.db.getRepository(TenantFileCopy);
  const cached = await repo.findOneBy({ shareId: share.id });
  if (cached) return cached;
  if (!STAMPABLE.has(file.mimeType)) throw forbidden(MSG.tenantFileOfficeNotShareable);
  let bytes: Buffer;
  try {
    const original = await readAll(deps.storage.readPrivate(file.storageKey));
    bytes = await stampDocument(original, file.mimeType, { ...(await stamp()), date: share.createdAt });
  } catch (err) {
    if (err instanceof NotStampable) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.tenantFileNotStampable);
    throw err;
  }
  const storageKey = copyKey(file.userId);
  await deps.storage.putPrivate(storageKey, bytes);
  const inserted = await repo
    .createQueryBuilder()
    .insert()
    .values({ shareId: share.id, userId: file.userId, storageKey, mimeType: file.mimeType, sizeBytes: bytes.length })
    .orIgnore()
    .returning('id')
    .execute();
  if ((inserted.raw as unknown[]).length === 0) {
    await deps.storage.deletePrivate(storageKey);
    return repo.findOneByOrFail({ shareId: share.id });
  }
  return repo.findOneByOrFail({ shareId: share.id });
}

/** Deletes the copies (rows, then bytes) the `where` clause on the shares `s` selects; answers how many. */
export async function deleteCopies(
  deps: { db: DataSource; storage: Storage },
  where: string,
  params: unknown[],
): Promise<number> {
  const [rows]: [{ storage_key: string }[], number] = await deps.db.query(
    `DELETE FROM tenant_file_copies c USING tenant_file_shares s
     WHERE c.share_id = s.id AND (${where}) RETURNING c.storage_key`,
    params,
  );
  for (const r of rows) await deps.storage.deletePrivate(r.storage_key);
  return rows.length;
}
