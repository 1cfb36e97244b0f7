import { Ctx, FieldResolver, ID, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { Message } from '../conversations/message.entity';
import { TenantFile } from './tenant-file.entity';
import { canReadTenantFile, revokedAttachmentIds } from './tenant-file-rules';

/** The documents attached to a message, batched per request (the thread's shares read once per conversation). */
@Resolver(() => Message)
export class MessageFilesResolver {
  @FieldResolver(() => [TenantFile], {
    description:
      'The attached documents the signed-in user may read: all of them for the sender, none once the sender revoked the access or deleted them.',
  })
  async attachedFiles(@Root() m: Message, @Ctx() ctx: Context): Promise<TenantFile[]> {
    const viewer = ctx.viewer;
    if (!viewer || !m.attachedFileIds.length) return [];
    const [files, shares] = await Promise.all([
      ctx.loaders.tenantFile.loadMany(m.attachedFileIds),
      ctx.loaders.tenantFileSharesByConversation.load(m.conversationId),
    ]);
    return files.filter((f): f is TenantFile => f instanceof TenantFile && canReadTenantFile(viewer.id, f, shares));
  }

  @FieldResolver(() => [ID], {
    description:
      'For the sender: ids of the attached documents whose access the sender revoked in this conversation (attaching one again grants it again). Empty for anyone else.',
  })
  async revokedFileIds(@Root() m: Message, @Ctx() ctx: Context): Promise<number[]> {
    const viewer = ctx.viewer;
    if (!viewer || !m.attachedFileIds.length) return [];
    const shares = await ctx.loaders.tenantFileSharesByConversation.load(m.conversationId);
    return revokedAttachmentIds(viewer.id, m, shares);
  }
}
