import { Arg, Ctx, Field, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
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

  @Mutation(() => VisitRequest, { description: 'Asks to visit a listing, with an optional message.' })
  requestVisit(
    @Arg('propertyId', () => ID) propertyId: string,
    @Ctx() ctx: Context,
    @Arg('message', () => String, { nullable: true }) message?: string,
  ): Promise<VisitRequest> {
    return ctx.services.visitRequests.request(ctx.viewer, { propertyId, message });
  }

  @Mutation(() => VisitRequest, {
    description: "The listing's owner approves (true) or rejects (false) a pending request.",
  })
  respondToVisitRequest(
    @Arg('id', () => ID) id: string,
    @Arg('approve') approve: boolean,
    @Ctx() ctx: Context,
  ): Promise<VisitRequest> {
    return ctx.services.visitRequests.respond(ctx.viewer, id, approve);
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
