import type { ModerationActionKind, ModerationTargetType } from '@flaneur/schema';
import { Arg, Ctx, Field, ID, InputType, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { ModerationAction, ModerationActionKindEnum, ModerationTargetTypeEnum } from './moderation-action.entity';
import { ModerationQueue } from './moderation.types';

@InputType({ description: "A moderator's decision." })
class ModerationActionInput {
  @Field(() => ModerationTargetTypeEnum, { description: 'property or user.' })
  targetType: ModerationTargetType;

  @Field(() => ID, { description: 'The listing or account.' })
  targetId: string;

  @Field(() => ModerationActionKindEnum, {
    description: 'hide / restore a listing; warn / suspend / reinstate an account.',
  })
  action: ModerationActionKind;

  @Field({ description: 'Why (5 to 1000 characters), shown to the owner.' })
  reason: string;
}

/** Moderation over GraphQL; the rules live in ModerationService. */
@Resolver(() => ModerationAction)
export class ModerationResolver {
  @Query(() => ModerationQueue, {
    description:
      'The moderation queue: listings and accounts ranked by reports and message signals. Moderators in a signed-in session only (FORBIDDEN otherwise, and always with an access token).',
  })
  moderationQueue(@Ctx() ctx: Context): Promise<ModerationQueue> {
    return ctx.services.moderation.queue(ctx.viewer, ctx.token);
  }

  @Mutation(() => ModerationAction, {
    description:
      'Hides or restores a listing, warns, suspends or reinstates an account, logged with who, why and when. Moderators in a signed-in session only (FORBIDDEN otherwise, and always with an access token); never on their own listing or account (FORBIDDEN).',
  })
  moderate(
    @Arg('input', () => ModerationActionInput, { description: 'The decision and its reason.' })
    input: ModerationActionInput,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.moderation.act(ctx.viewer, input, ctx.token);
  }

  @Query(() => [ModerationAction], {
    description: 'The moderation decisions about your listings and your account, newest first, with their reasons.',
  })
  myModerationActions(@Ctx() ctx: Context): Promise<ModerationAction[]> {
    return ctx.services.moderation.mine(ctx.viewer);
  }

  @Mutation(() => ModerationAction, {
    description:
      'Contests a decision about your listing or account, once (CONFLICT the second time; FORBIDDEN when it is not about you).',
  })
  contestModerationAction(
    @Arg('id', () => ID, { description: 'The decision.' }) id: string,
    @Arg('message', { description: 'Why you contest it (10 to 2000 characters).' }) message: string,
    @Ctx() ctx: Context,
  ): Promise<ModerationAction> {
    return ctx.services.moderation.contest(ctx.viewer, id, { message });
  }
}
