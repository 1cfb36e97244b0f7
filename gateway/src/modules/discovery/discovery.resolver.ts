import { DISCOVERY_MAX_ACCURACY_M, DISCOVERY_MAX_PER_FIX, DISCOVERY_PASS_INTERVAL_S } from '@flaneur/schema';
import { Arg, Ctx, Field, Float, Int, Mutation, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { Topic, type TopicArgs } from '../../graphql/pubsub';
import { requireViewer } from '../../lib/viewer';
import { HistoryItem } from '../history/history-item';
import { Property } from '../properties/property.entity';

@ObjectType({ description: 'The answer to a position fix.' })
class LocationReport {
  @Field({
    description: `False when the fix was less precise than ${DISCOVERY_MAX_ACCURACY_M} m or came within ${DISCOVERY_PASS_INTERVAL_S} s of the last matching pass.`,
  })
  matched: boolean;

  @Field(() => [Property], {
    description: `Listings discovered by this fix, nearest first (at most ${DISCOVERY_MAX_PER_FIX}).`,
  })
  newDiscoveries: Property[];
}

/** Discovery over GraphQL; the rules live in DiscoveryService. */
@Resolver()
export class DiscoveryResolver {
  @Mutation(() => LocationReport, {
    description: 'Reports the device position; discovers matching listings within the saved radius (signed-in only).',
  })
  async reportLocation(
    @Arg('latitude', () => Float) latitude: number,
    @Arg('longitude', () => Float) longitude: number,
    @Ctx() ctx: Context,
    @Arg('accuracy', () => Float, { nullable: true, description: 'Accuracy radius in metres (0 when unknown).' })
    accuracy?: number,
    @Arg('timestamp', () => Date, { nullable: true, description: 'Time of the fix (now when absent).' })
    timestamp?: Date,
  ): Promise<LocationReport> {
    const { matched, newDiscoveries } = await ctx.services.discovery.report(ctx.viewer, {
      latitude,
      longitude,
      accuracy,
      timestamp: timestamp?.toISOString(),
    });
    return { matched, newDiscoveries };
  }

  @Mutation(() => HistoryItem, {
    description:
      "Simulates a discovery: the nearest not-yet-discovered listing to the user's last position (testing aid).",
  })
  simulateDiscovery(@Ctx() ctx: Context): Promise<HistoryItem> {
    return ctx.services.discovery.simulate(ctx.viewer);
  }

  @Mutation(() => Int, { description: 'Erases every stored position of the signed-in user; answers how many.' })
  eraseMyLocations(@Ctx() ctx: Context): Promise<number> {
    return ctx.services.discovery.eraseLocations(ctx.viewer);
  }

  @Subscription(() => HistoryItem, {
    topics: Topic.DiscoveryAdded,
    topicId: ({ context }: { context: Context }) => requireViewer(context.viewer).id,
    description: "A listing was added to the signed-in user's Découvertes (walking or simulated); to that user only.",
  })
  discoveryAdded(
    @Root() payload: TopicArgs[typeof Topic.DiscoveryAdded][1],
    @Ctx() ctx: Context,
  ): Promise<HistoryItem> {
    return ctx.services.history.item(payload.entryId);
  }
}
