import DataLoader from 'dataloader';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { forbidden } from '../../lib/errors';
import { requireViewer } from '../../lib/viewer';
import { MSG } from '@flaneur/schema';
import { Message } from '../conversations/message.entity';
import { TenantFile } from './tenant-file.entity';
import {
  MessageAttachmentShare,
  TenantFileAccessEntry,
  TenantFileShareInfo,
  TenantFileShareStatus,
} from './tenant-file.types';
import { type AccessLogEntry, type OwnedShare, shareStatus } from './tenant-file-rules';

/** Per-request loaders of the owner-only fields: a list of N documents costs one statement per field. */
const loaders = new WeakMap<
  object,
  { log: DataLoader<number, AccessLogEntry[]>; shares: DataLoader<number, OwnedShare[]> }
>();
function loadersOf(ctx: Context) {
  let l = loaders.get(ctx);
  if (!l) {
    const svc = ctx.services.tenantFiles;
    l = {
      log: new DataLoader(async (ids) => {
        const m = await svc.accessLogs([...ids]);
        return ids.map((id) => m.get(id) ?? []);
      }),
      shares: new DataLoader(async (ids) => {
        const m = await svc.sharesOf([...ids]);
        return ids.map((id) => m.get(id) ?? []);
      }),
    };
    loaders.set(ctx, l);
  }
  return l;
}

/** The owner-only fields of a document (who read it, whom it is shared with) and extending a share. */
@Resolver(() => TenantFile)
export class TenantFileFieldsResolver {
  @FieldResolver(() => [TenantFileAccessEntry], {
    nullable: true,
    description:
      'Owner only (FORBIDDEN for anyone else): every download or preview by someone other than you, newest first.',
  })
  async accessLog(@Root() f: TenantFile, @Ctx() ctx: Context): Promise<TenantFileAccessEntry[]> {
    if (requireViewer(ctx.viewer).id !== f.userId) throw forbidden(MSG.tenantFileForbidden);
    return loadersOf(ctx).log.load(f.id);
  }

  @FieldResolver(() => [TenantFileShareInfo], {
    nullable: true,
    description: 'Owner only (FORBIDDEN for anyone else): the conversations where you attached it, newest first.',
  })
  async shares(@Root() f: TenantFile, @Ctx() ctx: Context): Promise<TenantFileShareInfo[]> {
    if (requireViewer(ctx.viewer).id !== f.userId) throw forbidden(MSG.tenantFileForbidden);
    return (await loadersOf(ctx).shares.load(f.id)) as TenantFileShareInfo[];
  }

  @Mutation(() => TenantFileShareInfo, {
    description:
      'Sets the end of the access you gave by attaching this document in a conversation to 7, 30 or 90 days from now (extends it, or restores an expired one). A revoked access is granted again by attaching the document again.',
  })
  extendTenantFileShare(
    @Arg('fileId', () => ID, { description: 'Your document.' }) fileId: string,
    @Arg('conversationId', () => ID, { description: 'The conversation where you attached it.' }) conversationId: string,
    @Arg('days', () => Int, { description: '7, 30 or 90.' }) days: number,
    @Ctx() ctx: Context,
  ): Promise<TenantFileShareInfo> {
    return ctx.services.tenantFiles.extend(ctx.viewer, fileId, {
      conversationId,
      days,
    }) as Promise<TenantFileShareInfo>;
  }
}

/** The state of each document attached to a message (expired shares show as such in the thread). */
@Resolver(() => Message)
export class MessageAttachmentSharesResolver {
  @FieldResolver(() => [MessageAttachmentShare], {
    description:
      'For each attached document: until when it is readable in this conversation, and whether it expired (both participants) or was revoked (sender only).',
  })
  async attachmentShares(@Root() m: Message, @Ctx() ctx: Context): Promise<MessageAttachmentShare[]> {
    const viewer = ctx.viewer;
    if (!viewer || !m.attachedFileIds.length) return [];
    const shares = await ctx.loaders.tenantFileSharesByConversation.load(m.conversationId);
    const now = new Date();
    const mine = m.senderId === viewer.id;
    return shares
      .filter((s) => m.attachedFileIds.includes(s.fileId) && (mine || s.recipientId === viewer.id))
      .map((s) => ({ fileId: s.fileId, expiresAt: s.expiresAt, status: shareStatus(s, now) as TenantFileShareStatus }))
      .filter((s) => mine || s.status !== TenantFileShareStatus.REVOKED);
  }
}
