import {
  Arg,
  Ctx,
  Field,
  FieldResolver,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
  Subscription,
} from 'type-graphql';
import type { Context } from '../../graphql/context';
import { Topic, type TopicArgs } from '../../graphql/pubsub';
import { requireViewer } from '../../lib/viewer';
import { Property } from '../properties/property.entity';
import { PublicUser, toPublicUser } from '../users/public-user.type';
import { VisitRequest } from './visit-request.entity';

@ObjectType({ description: "The signed-in user's visit requests." })
class VisitRequests {
  @Field(() => [VisitRequest], { description: 'Requests the user sent.' })
  asRequester: VisitRequest[];

  @Field(() => [VisitRequest], { description: "Requests on the user's listings, to approve or reject." })
  asOwner: VisitRequest[];
}

/** Visit requests over GraphQL; the rules live in VisitRequestsService. */
@Resolver(() => VisitRequest)
export class VisitRequestsResolver {
  @Query(() => VisitRequests, { description: "The signed-in user's visit requests, sent and received." })
  visitRequests(@Ctx() ctx: Context): Promise<VisitRequests> {
    return ctx.services.visitRequests.list(ctx.viewer);
  }

  @Query(() => VisitRequest, {
    nullable: true,
    description: "The signed-in user's latest visit request on a listing, or null when none.",
  })
  myVisitRequest(
    @Arg('propertyId', () => ID, { description: 'The listing whose visit request of yours is wanted.' })
    propertyId: string,
    @Ctx() ctx: Context,
  ): Promise<VisitRequest | null> {
    return ctx.services.visitRequests.mine(ctx.viewer, propertyId);
  }

  @Mutation(() => VisitRequest, { description: 'Asks to visit a listing, with an optional message.' })
  requestVisit(
    @Arg('propertyId', () => ID, { description: 'The listing to visit.' }) propertyId: string,
    @Ctx() ctx: Context,
    @Arg('message', () => String, { nullable: true, description: 'An optional message to the owner.' })
    message?: string,
  ): Promise<VisitRequest> {
    return ctx.services.visitRequests.request(ctx.viewer, { propertyId, message });
  }

  @Mutation(() => VisitRequest, {
    description:
      "The listing's owner approves (true, with the proposed visit: proposedAt in the next 90 days and slotMinutes) or rejects (false) a pending request.",
  })
  respondToVisitRequest(
    @Arg('id', () => ID, { description: 'The visit request, about one of your listings.' }) id: string,
    @Arg('approve', { description: 'true approves the visit, false rejects it; either answer is final.' })
    approve: boolean,
    @Ctx() ctx: Context,
    @Arg('proposedAt', () => Date, { nullable: true, description: 'Start of the proposed visit (approval).' })
    proposedAt?: Date | null,
    @Arg('slotMinutes', () => Int, { nullable: true, description: 'Length of the proposed visit in minutes.' })
    slotMinutes?: number | null,
  ): Promise<VisitRequest> {
    return ctx.services.visitRequests.respond(ctx.viewer, id, approve, { proposedAt, slotMinutes });
  }

  @Mutation(() => VisitRequest, {
    description:
      'The requester confirms (true) or declines (false) the visit slot the owner proposed, once, while it is ahead.',
  })
  answerVisitSlot(
    @Arg('id', () => ID, { description: 'The visit request (one you sent).' }) id: string,
    @Arg('confirm', { description: 'true to confirm the proposed slot, false to decline it.' }) confirm: boolean,
    @Ctx() ctx: Context,
  ): Promise<VisitRequest> {
    return ctx.services.visitRequests.answerSlot(ctx.viewer, id, confirm);
  }

  @Subscription(() => VisitRequest, {
    topics: Topic.VisitRequestChanged,
    topicId: ({ context }: { context: Context }) => requireViewer(context.viewer).id,
    description:
      "A visit request changed: a new request on the signed-in user's listing, or an answer to the user's request. Needs a session.",
  })
  visitRequestChanged(
    @Root() payload: TopicArgs[typeof Topic.VisitRequestChanged][1],
    @Ctx() ctx: Context,
  ): Promise<VisitRequest> {
    return ctx.services.visitRequests.get(ctx.viewer, payload.requestId);
  }

  @FieldResolver(() => Property, { nullable: true, description: 'The listing (batched).' })
  property(@Root() r: VisitRequest, @Ctx() ctx: Context): Promise<Property | null> {
    return ctx.loaders.property.load(r.propertyId);
  }

  @FieldResolver(() => PublicUser, { nullable: true, description: 'The user who asks (batched).' })
  async requester(@Root() r: VisitRequest, @Ctx() ctx: Context): Promise<PublicUser | null> {
    const u = await ctx.loaders.user.load(r.requesterId);
    return u ? toPublicUser(u) : null;
  }
}
