import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { requireMeta } from '../../graphql/require-meta';

/** The export of each operation (its context), computed once per operation. */
const exportByOperation = new WeakMap<Context, Promise<string>>();

/** The account's RGPD rights over GraphQL; the rules live in AccountService. */
@Resolver()
export class AccountResolver {
  @Mutation(() => Boolean, {
    description:
      'Deletes the signed-in account (RGPD) after checking the password again: documents, listings, favourites, Découvertes, positions, preferences and visit requests are removed, every session ends and its websockets close. Conversations stay readable by the other party, who sees "Utilisateur supprimé". UNAUTHENTICATED "Mot de passe incorrect" when the password is wrong.',
  })
  async deleteAccount(
    @Arg('password', { description: 'The current password, re-entered.' }) password: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.account.deleteAccount(ctx.viewer, { password }, requireMeta(ctx));
    return true;
  }

  @Query(() => String, {
    description:
      'Everything stored about the signed-in user (RGPD), as a JSON document in a string: profile, preferences, listings, favourites, Découvertes, positions, visit requests, conversations with their messages, documents (metadata, not bytes) and their shares. The same document as GET /api/users/me/export.',
  })
  exportMyData(@Ctx() ctx: Context): Promise<string> {
    // Aliases of one operation share one export: it costs the throttle once, whatever the document repeats.
    let document = exportByOperation.get(ctx);
    if (!document) {
      document = ctx.services.account.exportData(ctx.viewer);
      exportByOperation.set(ctx, document);
    }
    return document;
  }
}
