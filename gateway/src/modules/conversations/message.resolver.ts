import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { PublicUser, toPublicUser } from '../users/public-user.type';
import { Message } from './message.entity';

/**
 * Relations of a message, batched per request (a thread of N messages costs a constant number of statements); its
 * documents are resolved by the tenant-files domain (message-files.resolver.ts).
 */
@Resolver(() => Message)
export class MessageResolver {
  @FieldResolver(() => PublicUser, { nullable: true, description: 'The participant who wrote it.' })
  async sender(@Root() m: Message, @Ctx() ctx: Context): Promise<PublicUser | null> {
    const user = await ctx.loaders.user.load(m.senderId);
    return user ? toPublicUser(user) : null;
  }
}
