import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  LIMITS,
  MSG,
  TENANT_FILE_SHARE_DEFAULT_DAYS,
  TExtendTenantFileShare,
  TTenantFile,
  ZExtendTenantFileShare,
  ZTenantFile,
} from '@flaneur/schema';
import { DataSource, EntityManager, In } from 'typeorm';
import { AppError, forbidden } from '../../lib/errors';
import { validate } from '../../lib/validate';
import type { Throttles } from '../../lib/throttle';
import { parseId, requireViewer } from '../../lib/viewer';
import type { Mailer } from '../../mail/mailer';
import type { Outbox } from '../../outbox/outbox';
import type { Storage } from '../../storage/storage';
import { Conversation } from '../conversations/conversation.entity';
import { assertSize, IncomingFile } from '../uploads/incoming-file';
import { firstNameOf } from '../users/public-user.type';
import { User } from '../users/user.entity';
import { detectDocument } from './document-type';
import { TenantFileAccess, type TenantFileAccessKind } from './tenant-file-access.entity';
import { copyFor, deleteCopies } from './tenant-file-copies';
import { RETENTION_WARNING_JOB, retentionWarningHandler, runRetention } from './tenant-files.retention';
import { TenantFileShare } from './tenant-file-share.entity';
import { TenantFileUpload } from './tenant-file-upload.entity';
import { TenantFile } from './tenant-file.entity';
import { type AccessLogEntry, activeShareOf, type OwnedShare, shareStatus, toOwnedShare } from './tenant-file-rules';
import { PENDING_PREFIX, PENDING_TTL, pendingUploadId } from './tenant-file-pending';
import { STAMPABLE } from './watermark';

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

const forbiddenFile = () => forbidden(MSG.tenantFileForbidden);
const shareExpired = () => forbidden(MSG.tenantFileShareExpired);
/** Any activity restarts the retention clock and cancels a pending deletion warning. */
const TOUCH = { lastActivityAt: () => 'now()', retentionWarnedAt: null } as const;

const expiredUpload = () =>
  new AppError('BAD_USER_INPUT', MSG.tenantFileUploadExpired, { fields: { fileUrl: MSG.tenantFileUploadExpired } });

/** The tenant folder: private documents, their two-step upload, sharing through messages and revocation. */
export class TenantFilesService {
  constructor(
    private readonly deps: {
      db: DataSource;
      storage: Storage;
      throttles: Throttles;
      outbox: Outbox;
      mailer: Mailer;
      config: { publicUrl: string };
    },
  ) {
    deps.outbox.register(RETENTION_WARNING_JOB, retentionWarningHandler({ ...deps, publicUrl: deps.config.publicUrl }));
  }

  /** One pass of the retention rule (copies of ended shares, warnings, deletions after the warning). */
  runRetention() {
    return runRetention({
      ...this.deps,
      publicUrl: this.deps.config.publicUrl,
      deleteFiles: (f) => this.deleteFiles(f),
    });
  }

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
    await this.shareFor(me, file);
    return file;
  }

  /** The share that lets a recipient read a document: 403 « n'est plus partagé » once it expired, else 403. */
  private async shareFor(me: User, file: TenantFile): Promise<TenantFileShare> {
    const shares = await this.deps.db.getRepository(TenantFileShare).findBy({ fileId: file.id, recipientId: me.id });
    const active = activeShareOf(me.id, file.id, shares);
    if (active) return active;
    if (shares.some((s) => shareStatus(s) === 'EXPIRED')) throw shareExpired();
    throw forbiddenFile();
  }

  /**
   * The bytes of a document the viewer may read: the original for its owner; for a recipient, the copy stamped with
   * their name and the listing (made once per share), and the access is logged.
   */
  async open(viewer: User | null, id: unknown, kind: TenantFileAccessKind = 'download'): Promise<OpenedFile> {
    const me = requireViewer(viewer);
    const file = await this.get(me, id);
    if (file.userId === me.id) {
      await this.files.update(file.id, TOUCH);
      return { file, stream: this.deps.storage.readPrivate(file.storageKey) };
    }
    const share = await this.shareFor(me, file);
    const copy = await copyFor(this.deps, file, share, () => this.stampFor(me, share.conversationId));
    await this.deps.db.transaction(async (tx) => {
      await tx.insert(TenantFileAccess, {
        fileId: file.id,
        readerId: me.id,
        conversationId: share.conversationId,
        kind,
      });
      await tx.update(TenantFile, file.id, TOUCH);
    });
    return {
      file: { originalName: file.originalName, mimeType: copy.mimeType, sizeBytes: copy.sizeBytes },
      stream: this.deps.storage.readPrivate(copy.storageKey),
    };
  }

  /** « {prénom nom} » of the recipient and the title of the conversation's listing. */
  private async stampFor(recipient: User, conversationId: number) {
    const conversation = await this.deps.db
      .getRepository(Conversation)
      .findOne({ where: { id: conversationId }, relations: { property: true } });
    const name = [recipient.firstName, recipient.lastName].filter(Boolean).join(' ') || recipient.username;
    return { recipientName: name, listingTitle: conversation?.property?.title ?? MSG.deletedListing };
  }

  /** The access log of one of the viewer's documents (newest first); 403 for anyone but its owner. */
  async accessLog(viewer: User | null, id: unknown): Promise<AccessLogEntry[]> {
    const file = await this.owned(viewer, id);
    return (await this.accessLogs([file.id])).get(file.id) ?? [];
  }

  /** Access logs of documents (already checked as the viewer's), batched: one statement for a list. */
  async accessLogs(fileIds: number[]): Promise<Map<number, AccessLogEntry[]>> {
    const rows = fileIds.length
      ? await this.deps.db.getRepository(TenantFileAccess).find({
          where: { fileId: In(fileIds) },
          relations: { reader: true },
          order: { accessedAt: 'DESC', id: 'DESC' },
        })
      : [];
    const out = new Map<number, AccessLogEntry[]>();
    for (const r of rows) {
      const entry = {
        id: r.id,
        fileId: r.fileId,
        readerId: r.readerId,
        readerFirstName: firstNameOf(r.reader),
        conversationId: r.conversationId,
        kind: r.kind,
        accessedAt: r.accessedAt,
      };
      out.set(r.fileId, [...(out.get(r.fileId) ?? []), entry]);
    }
    return out;
  }

  /** The shares of one of the viewer's documents, newest first; 403 for anyone but its owner. */
  async shares(viewer: User | null, id: unknown): Promise<OwnedShare[]> {
    const file = await this.owned(viewer, id);
    return (await this.sharesOf([file.id])).get(file.id) ?? [];
  }

  /** Shares of documents (already checked as the viewer's), batched. */
  async sharesOf(fileIds: number[]): Promise<Map<number, OwnedShare[]>> {
    const rows = fileIds.length
      ? await this.deps.db.getRepository(TenantFileShare).find({
          where: { fileId: In(fileIds) },
          relations: { recipient: true },
          order: { createdAt: 'DESC', id: 'DESC' },
        })
      : [];
    const now = new Date();
    const out = new Map<number, OwnedShare[]>();
    for (const s of rows) {
      const share = toOwnedShare(s, now);
      out.set(s.fileId, [...(out.get(s.fileId) ?? []), share]);
    }
    return out;
  }

  /**
   * Sets the end of a share to `days` (7, 30 or 90) from now: extends it, or gives back an expired one. Only the
   * owner may; a revoked share is granted again by attaching the document again.
   */
  async extend(viewer: User | null, fileId: unknown, input: TExtendTenantFileShare | unknown): Promise<OwnedShare> {
    const file = await this.owned(viewer, fileId);
    const { conversationId, days } = validate(ZExtendTenantFileShare, input);
    const updated = await this.deps.db
      .getRepository(TenantFileShare)
      .createQueryBuilder()
      .update()
      .set({ expiresAt: () => `now() + make_interval(days => ${Number(days)})` })
      .where('file_id = :fid AND conversation_id = :cid AND revoked_at IS NULL', { fid: file.id, cid: conversationId })
      .execute();
    if (!updated.affected) throw forbidden(MSG.tenantFileShareNotFound);
    await this.files.update(file.id, TOUCH);
    const share = await this.deps.db
      .getRepository(TenantFileShare)
      .findOneOrFail({ where: { fileId: file.id, conversationId }, relations: { recipient: true } });
    return toOwnedShare(share);
  }

  /** One of the viewer's own documents; 403 otherwise (whether it exists or not). */
  private async owned(viewer: User | null, id: unknown): Promise<TenantFile> {
    const me = requireViewer(viewer);
    const fid = parseId(id);
    const file = fid ? await this.files.findOneBy({ id: fid, userId: me.id }) : null;
    if (!file) throw forbiddenFile();
    return file;
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
    await this.deleteFiles([file]);
  }

  /** Deletes documents with their stamped copies: rows first (shares and logs cascade), then the bytes. */
  async deleteFiles(files: Pick<TenantFile, 'id' | 'storageKey'>[]): Promise<void> {
    if (!files.length) return;
    const ids = files.map((f) => f.id);
    await deleteCopies(this.deps, 's.file_id = ANY($1::int[])', [ids]);
    await this.files.delete({ id: In(ids) });
    for (const f of files) await this.deps.storage.deletePrivate(f.storageKey);
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
    // The recipient's stamped copy goes with the share.
    await deleteCopies(this.deps, 's.file_id = $1 AND s.conversation_id = $2', [fid, cid]);
  }

  /**
   * Inside the send transaction: the sender may attach only their own documents (403 otherwise); each
   * becomes readable by the other participant of the conversation (granted again if it was revoked).
   */
  async grantForMessage(
    tx: EntityManager,
    sender: User,
    conversation: Conversation,
    fileIds: number[],
    shareDays: number = TENANT_FILE_SHARE_DEFAULT_DAYS,
  ) {
    if (!fileIds.length) return;
    const owned = await tx.getRepository(TenantFile).findBy({ id: In(fileIds), userId: sender.id });
    if (owned.length !== fileIds.length) throw forbidden(MSG.attachmentForbidden);
    // Word documents cannot be stamped for their recipient: they are never shared (docs/decisions.md).
    if (owned.some((f) => !STAMPABLE.has(f.mimeType)))
      throw new AppError('BAD_USER_INPUT', MSG.tenantFileOfficeNotShareable, {
        fields: { attachedFileIds: MSG.tenantFileOfficeNotShareable },
      });
    const recipientId = conversation.user1Id === sender.id ? conversation.user2Id : conversation.user1Id;
    const expiresAt = () => `now() + make_interval(days => ${Number(shareDays)})`;
    await tx
      .createQueryBuilder()
      .insert()
      .into(TenantFileShare)
      .values(
        fileIds.map((fileId) => ({ fileId, conversationId: conversation.id, recipientId, revokedAt: null, expiresAt })),
      )
      .orUpdate(['revoked_at', 'expires_at'], ['file_id', 'conversation_id'])
      .execute();
    await tx.update(TenantFile, { id: In(fileIds) }, TOUCH);
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
