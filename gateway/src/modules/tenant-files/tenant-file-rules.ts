import type { Message } from '../conversations/message.entity';
import { firstNameOf } from '../users/public-user.type';
import type { TenantFileAccessKind } from './tenant-file-access.entity';
import type { TenantFileShare } from './tenant-file-share.entity';
import type { TenantFile } from './tenant-file.entity';

/* Who may read a document, what a share is now, and the owner's views of its reads and shares. */

/**
 * The one access rule for a document: its owner, or the recipient of a conversation it was attached to
 * while that access is not revoked.
 */
export function canReadTenantFile(
  userId: number,
  file: TenantFile,
  shares: TenantFileShare[],
  now = new Date(),
): boolean {
  return file.userId === userId || activeShareOf(userId, file.id, shares, now) !== undefined;
}

/** The newest share of a document to a recipient that is neither revoked nor expired. */
export function activeShareOf(userId: number, fileId: number, shares: TenantFileShare[], now = new Date()) {
  return shares
    .filter((s) => s.fileId === fileId && s.recipientId === userId && s.revokedAt === null && s.expiresAt > now)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
}

/** What a share is now, for its two participants. */
export type ShareStatus = 'ACTIVE' | 'EXPIRED' | 'REVOKED';
export const shareStatus = (s: Pick<TenantFileShare, 'revokedAt' | 'expiresAt'>, now = new Date()): ShareStatus =>
  s.revokedAt ? 'REVOKED' : s.expiresAt > now ? 'ACTIVE' : 'EXPIRED';

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

/** One line of a document's access log, for its owner. */
export interface AccessLogEntry {
  id: number;
  fileId: number;
  readerId: number;
  readerFirstName: string;
  conversationId: number | null;
  kind: TenantFileAccessKind;
  accessedAt: Date;
}

/** A share of one of the viewer's documents, for its owner. */
export interface OwnedShare {
  fileId: number;
  conversationId: number;
  recipientId: number;
  recipientFirstName: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  status: ShareStatus;
}

/** A share as its owner sees it. */
export function toOwnedShare(s: TenantFileShare, now = new Date()): OwnedShare {
  return {
    fileId: s.fileId,
    conversationId: s.conversationId,
    recipientId: s.recipientId,
    recipientFirstName: firstNameOf(s.recipient),
    createdAt: s.createdAt,
    expiresAt: s.expiresAt,
    revokedAt: s.revokedAt,
    status: shareStatus(s, now),
  };
}
