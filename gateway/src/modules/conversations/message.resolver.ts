import { Ctx, FieldResolver, ID, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { TenantFile } from '../tenant-files/tenant-file.entity';
import { canReadTenantFile, revokedAttachmentIds } from '../tenant-files/tenant-file-rules';
import { PublicUser, toPublicUser } from '../users/public-user.type';
import { Message } from './message.entity';

/** Relations of a message, batched per request (a thread of N messages costs a constant number of statements). */
@Resolver(() => Message)
export class MessageResolver {
  @FieldResolver(() => PublicUser, { nullable: true, description: 'The participant who wrote it.' })
  async sender(@Root() m: Message, @Ctx() ctx: Context): Promise<PublicUser | null> {
    const user = await ctx.loaders.user.load(m.senderId);
    return user ? toPublicUser(user) : null;
  }

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
