import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { LIMITS, MSG, TTenantFile, ZTenantFile } from '@flaneur/schema';
import { DataSource, EntityManager, In } from 'typeorm';
import { AppError, forbidden } from '../../lib/errors';
import { validate } from '../../lib/validate';
import type { Throttles } from '../../lib/throttle';
import { parseId, requireViewer } from '../../lib/viewer';
import type { Storage } from '../../storage/storage';
import type { Conversation } from '../conversations/conversation.entity';
import type { Message } from '../conversations/message.entity';
import { assertSize, IncomingFile } from '../uploads/incoming-file';
import type { User } from '../users/user.entity';
import { detectDocument } from './document-type';
import { TenantFileShare } from './tenant-file-share.entity';
import { TenantFileUpload } from './tenant-file-upload.entity';
import { TenantFile } from './tenant-file.entity';

/**
 * Upload handle design (two steps: upload, then create): the upload stores the bytes privately and records a
 * pending upload owned by the viewer; its answer's fileUrl is the opaque handle
 * `/api/tenant-files/pending/{uuid}`. createTenantFile consumes that handle once (DELETE … RETURNING in the
 * transaction that inserts the row), only for the user who uploaded it and within a day; the row's fileUrl
 * is then the authorized download path `/api/tenant-files/{id}/download`. Handles of other users, used
 * or expired handles and any other URL are refused the same way (400 on fileUrl).
 */
export const PENDING_PREFIX = '/api/tenant-files/pending/';
const PENDING_TTL = "interval '1 day'";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The answer of the upload step. */
export interface PendingUpload {
  originalName: string;
  fileUrl: string;
}

/** A readable document with its bytes. */
export interface OpenedFile {
  file: Pick<TenantFile, 'originalName' | 'mimeType' | 'sizeBytes'>;
  stream: Readable;
}

/**
 * The one access rule for a document: its owner, or the recipient of a conversation it was attached to
 * while that access is not revoked.
 */
export function canReadTenantFile(userId: number, file: TenantFile, shares: TenantFileShare[]): boolean {
  return (
    file.userId === userId ||
    shares.some((s) => s.fileId === file.id && s.recipientId === userId && s.revokedAt === null)
  );
}

/**
 * The documents of a message whose access its sender revoked in that conversation, for the sender only (anyone
 * else learns nothing new: an empty list). A document attached again is granted again, so it leaves the list.
 */
export function revokedAttachmentIds(
  userId: number,
  message: Pick<Message, 'senderId' | 'conversationId' | 'attachedFileIds'>,
  shares: TenantFileShare[],
): number[] {
  if (message.senderId !== userId) return [];
  const revoked = new Set(
    shares.filter((s) => s.conversationId === message.conversationId && s.revokedAt !== null).map((s) => s.fileId),
  );
  return message.attachedFileIds.filter((id) => revoked.has(id));
}

/** The handle's uuid, or null for anything that is not a pending-upload handle. */
export function pendingUploadId(fileUrl: string): string | null {
  const path = fileUrl.replace(/^https?:\/\/[^/]+/, '');
  if (!path.startsWith(PENDING_PREFIX)) return null;
  const id = path.slice(PENDING_PREFIX.length).toLowerCase();
  return UUID.test(id) ? id : null;
}

const forbiddenFile = () => forbidden(MSG.tenantFileForbidden);
const expiredUpload = () =>
  new AppError('BAD_USER_INPUT', MSG.tenantFileUploadExpired, { fields: { fileUrl: MSG.tenantFileUploadExpired } });

/** The tenant folder: private documents, their two-step upload, sharing through messages and revocation. */
export class TenantFilesService {
  constructor(private readonly deps: { db: DataSource; storage: Storage; throttles: Throttles }) {}

  private get files() {
    return this.deps.db.getRepository(TenantFile);
  }

  /** The viewer's documents, newest first. */
  async list(viewer: User | null): Promise<TenantFile[]> {
    const me = requireViewer(viewer);
    return this.files.find({ where: { userId: me.id }, order: { uploadedAt: 'DESC', id: 'DESC' } });
  }

  /** One document the viewer may read; 403 otherwise, also when it does not exist (nothing leaks). */
  async get(viewer: User | null, id: unknown): Promise<TenantFile> {
    const me = requireViewer(viewer);
    const fid = parseId(id);
    const file = fid ? await this.files.findOneBy({ id: fid }) : null;
    if (!file) throw forbiddenFile();
    if (file.userId === me.id) return file;
    const shares = await this.deps.db.getRepository(TenantFileShare).findBy({ fileId: file.id, recipientId: me.id });
    if (!canReadTenantFile(me.id, file, shares)) throw forbiddenFile();
    return file;
  }

  /** The bytes of a document the viewer may read. */
  async open(viewer: User | null, id: unknown): Promise<OpenedFile> {
    const file = await this.get(viewer, id);
    return { file, stream: this.deps.storage.readPrivate(file.storageKey) };
  }

  /**
   * Step 1: checks the document by content and size, stores it privately, answers the handle. The upload budget
   * was spent by UploadsService.admitFiles before the file was read.
   */
  async upload(viewer: User | null, file: IncomingFile | undefined): Promise<PendingUpload> {
    const me = requireViewer(viewer);
    if (!file) throw new AppError('BAD_USER_INPUT', MSG.fileRequired, { fields: { file: MSG.fileRequired } });
    assertSize(file, LIMITS.documentMaxBytes);
    const doc = await detectDocument(file);
    await this.purgeExpiredUploads(me.id);
    const id = crypto.randomUUID();
    const storageKey = `tenant-files/${me.id}/${id}`;
    await this.deps.storage.putPrivate(storageKey, file.buffer);
    await this.deps.db.getRepository(TenantFileUpload).insert({
      id,
      userId: me.id,
      storageKey,
      originalName: doc.originalName,
      mimeType: doc.mimeType,
      sizeBytes: file.buffer.length,
    });
    return { originalName: doc.originalName, fileUrl: `${PENDING_PREFIX}${id}` };
  }

  /** The bytes of one of the viewer's own pending uploads (preview before the form is submitted). */
  async openPending(viewer: User | null, id: string): Promise<OpenedFile> {
    const me = requireViewer(viewer);
    const uploadId = pendingUploadId(`${PENDING_PREFIX}${id}`);
    const pending = uploadId
      ? await this.deps.db.getRepository(TenantFileUpload).findOneBy({ id: uploadId, userId: me.id })
      : null;
    if (!pending) throw forbiddenFile();
    return { file: pending, stream: this.deps.storage.readPrivate(pending.storageKey) };
  }

  /** Step 2: adds the document to the viewer's folder from a pending upload handle (used once). */
  async create(viewer: User | null, input: TTenantFile | unknown): Promise<TenantFile> {
    const me = requireViewer(viewer);
    const data = validate(ZTenantFile, input);
    const uploadId = pendingUploadId(data.fileUrl);
    if (!uploadId) throw expiredUpload();
    return this.deps.db.transaction(async (tx) => {
      const consumed = await tx
        .createQueryBuilder()
        .delete()
        .from(TenantFileUpload)
        .where(`id = :id AND user_id = :userId AND created_at > now() - ${PENDING_TTL}`, {
          id: uploadId,
          userId: me.id,
        })
        .returning('storage_key, original_name, mime_type, size_bytes')
        .execute();
      const row = (consumed.raw as Record<string, string | number>[])[0];
      if (!row) throw expiredUpload();
      const repo = tx.getRepository(TenantFile);
      const saved = await repo.save(
        repo.create({
          userId: me.id,
          title: data.title,
          description: data.description,
          fileType: data.fileType,
          fileUrl: '',
          storageKey: String(row.storage_key),
          originalName: String(row.original_name),
          mimeType: String(row.mime_type),
          sizeBytes: Number(row.size_bytes),
        }),
      );
      saved.fileUrl = `/api/tenant-files/${saved.id}/download`;
      await repo.update(saved.id, { fileUrl: saved.fileUrl });
      return saved;
    });
  }

  /** Deletes one of the viewer's documents and its stored bytes; the accesses it granted go with it. */
  async delete(viewer: User | null, id: unknown): Promise<void> {
    const me = requireViewer(viewer);
    const fid = parseId(id);
    const file = fid ? await this.files.findOneBy({ id: fid, userId: me.id }) : null;
    if (!file) throw forbiddenFile();
    await this.files.delete(file.id);
    await this.deps.storage.deletePrivate(file.storageKey);
  }

  /**
   * Ends the access the viewer gave to a document by attaching it in a conversation. Only the owner may;
   * revoking an access that does not exist (or is already revoked) changes nothing.
   */
  async revoke(viewer: User | null, fileId: unknown, conversationId: unknown): Promise<void> {
    const me = requireViewer(viewer);
    const fid = parseId(fileId);
    const cid = parseId(conversationId);
    const owned = fid ? await this.files.existsBy({ id: fid, userId: me.id }) : false;
    if (!owned) throw forbiddenFile();
    if (!cid) throw forbidden(MSG.conversationForbidden);
    await this.deps.db
      .getRepository(TenantFileShare)
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()' })
      .where('file_id = :fid AND conversation_id = :cid AND revoked_at IS NULL', { fid, cid })
      .execute();
  }

  /**
   * Inside the send transaction: the sender may attach only their own documents (403 otherwise); each
   * becomes readable by the other participant of the conversation (granted again if it was revoked).
   */
  async grantForMessage(tx: EntityManager, sender: User, conversation: Conversation, fileIds: number[]) {
    if (!fileIds.length) return;
    const owned = await tx.getRepository(TenantFile).countBy({ id: In(fileIds), userId: sender.id });
    if (owned !== fileIds.length) throw forbidden(MSG.attachmentForbidden);
    const recipientId = conversation.user1Id === sender.id ? conversation.user2Id : conversation.user1Id;
    await tx
      .createQueryBuilder()
      .insert()
      .into(TenantFileShare)
      .values(fileIds.map((fileId) => ({ fileId, conversationId: conversation.id, recipientId, revokedAt: null })))
      .orUpdate(['revoked_at'], ['file_id', 'conversation_id'])
      .execute();
  }

  /** Removes the viewer's uploads never added to the folder within a day, bytes included. */
  private async purgeExpiredUploads(userId: number): Promise<void> {
    const purged = await this.deps.db
      .createQueryBuilder()
      .delete()
      .from(TenantFileUpload)
      .where(`user_id = :userId AND created_at <= now() - ${PENDING_TTL}`, { userId })
      .returning('storage_key')
      .execute();
    for (const row of purged.raw as { storage_key: string }[]) await this.deps.storage.deletePrivate(row.storage_key);
  }
}
