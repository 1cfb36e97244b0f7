import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AccessToken } from './access-token.entity';

@InputType({ description: 'A new personal access token.' })
class CreateAccessTokenInput {
  @Field({ description: 'What the token is for (1 to 100 characters).' })
  name: string;

  @Field(() => [String], { description: 'At least one scope (see AccessToken.scopes).' })
  scopes: string[];

  @Field(() => Int, { nullable: true, description: 'Days of validity, 1 to 365 (default 90).' })
  expiresInDays?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'Your current password (required: a token is created only by whoever knows it).',
  })
  currentPassword?: string | null;
}

@ObjectType({ description: 'A token just created: its secret, shown this once and never again.' })
class CreatedAccessToken {
  @Field({ description: 'The secret (flr_…) to send as `Authorization: Bearer <token>`.' })
  token: string;

  @Field(() => AccessToken, { description: 'The token as listed from now on.' })
  accessToken: AccessToken;
}

/** Personal access tokens over GraphQL, for the signed-in browser only; the rules live in AccessTokensService. */
@Resolver()
export class AccessTokensResolver {
  @Query(() => [AccessToken], { description: "The signed-in user's unrevoked access tokens, newest first." })
  accessTokens(@Ctx() ctx: Context): Promise<AccessToken[]> {
    return ctx.services.accessTokens.list(ctx.viewer);
  }

  @Mutation(() => CreatedAccessToken, {
    description: 'Creates a personal access token (cookie session only; 50 active tokens at most).',
  })
  createAccessToken(
    @Arg('input', () => CreateAccessTokenInput, { description: 'Name, scopes and validity of the new token.' })
    input: CreateAccessTokenInput,
    @Ctx() ctx: Context,
  ): Promise<CreatedAccessToken> {
    const { expiresInDays, ...rest } = input;
    return ctx.services.accessTokens.create(
      ctx.viewer,
      { ...rest, ...(expiresInDays != null ? { expiresInDays } : {}) },
      ctx.token ?? null,
    );
  }

  @Mutation(() => Boolean, { description: 'Revokes one of your access tokens: refused from the next request on.' })
  async revokeAccessToken(
    @Arg('id', () => ID, { description: 'The token to revoke (one of yours).' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.accessTokens.revoke(ctx.viewer, id);
    return true;
  }
}
