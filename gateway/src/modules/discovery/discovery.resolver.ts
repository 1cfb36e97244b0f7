import {
  DISCOVERY_MAX_ACCURACY_M,
  DISCOVERY_MAX_PER_FIX,
  DISCOVERY_PASS_INTERVAL_S,
  LOCATION_BATCH,
} from '@flaneur/schema';
import {
  Arg,
  Ctx,
  Field,
  Float,
  InputType,
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

@InputType({ description: 'A position fix kept by the device and sent later (offline, failed send).' })
class LocationFixInput {
  @Field({ description: 'A UUID the device drew for this fix: a fix is stored once per user and clientId.' })
  clientId: string;

  @Field(() => Float, { description: 'Latitude in degrees (WGS 84), −90 to 90.' })
  latitude: number;

  @Field(() => Float, { description: 'Longitude in degrees (WGS 84), −180 to 180.' })
  longitude: number;

  @Field(() => Float, { nullable: true, description: 'Accuracy radius in metres (0 when unknown).' })
  accuracy?: number | null;

  @Field(() => Date, { description: 'Time of the fix.' })
  timestamp: Date;
}

@ObjectType({ description: 'The answer to a batch of position fixes.' })
class LocationBatchReport {
  @Field(() => Int, { description: 'Fixes stored by this call.' })
  stored: number;

  @Field(() => Int, { description: 'Fixes already stored by an earlier call (same clientId), ignored.' })
  duplicates: number;

  @Field(() => Int, { description: 'Listings discovered by the fixes of this call.' })
  discovered: number;
}

/** Discovery over GraphQL; the rules live in DiscoveryService. */
@Resolver()
export class DiscoveryResolver {
  @Mutation(() => LocationReport, {
    description: 'Reports the device position; discovers matching listings within the saved radius (signed-in only).',
  })
  async reportLocation(
    @Arg('latitude', () => Float, { description: 'Latitude of the fix in degrees (WGS 84), −90 to 90.' })
    latitude: number,
    @Arg('longitude', () => Float, { description: 'Longitude of the fix in degrees (WGS 84), −180 to 180.' })
    longitude: number,
    @Ctx() ctx: Context,
    @Arg('accuracy', () => Float, { nullable: true, description: 'Accuracy radius in metres (0 when unknown).' })
    accuracy?: number,
    @Arg('timestamp', () => Date, { nullable: true, description: 'Time of the fix (now when absent).' })
    timestamp?: Date,
    @Arg('clientId', () => String, {
      nullable: true,
      description: 'A UUID the device drew for this fix: a repeated report with the same one is not stored again.',
    })
    clientId?: string,
  ): Promise<LocationReport> {
    const { matched, newDiscoveries } = await ctx.services.discovery.report(ctx.viewer, {
      latitude,
      longitude,
      accuracy,
      timestamp: timestamp?.toISOString(),
      clientId,
    });
    return { matched, newDiscoveries };
  }

  @Mutation(() => LocationBatchReport, {
    description: `Reports fixes kept offline (at most ${LOCATION_BATCH.maxFixes}), matched in time order; a fix already stored (same clientId) is ignored (signed-in only).`,
  })
  reportLocations(
    @Arg('fixes', () => [LocationFixInput], {
      description: 'Fixes taken while offline, each with the clientId that makes its replay harmless.',
    })
    fixes: LocationFixInput[],
    @Ctx() ctx: Context,
  ): Promise<LocationBatchReport> {
    return ctx.services.discovery.reportBatch(ctx.viewer, {
      fixes: fixes.map((f) => ({ ...f, timestamp: f.timestamp.toISOString() })),
    });
  }

  @Query(() => Boolean, {
    description: "Whether simulateDiscovery is enabled on this server (the demo's « Simuler une découverte »); public.",
  })
  simulationEnabled(@Ctx() ctx: Context): boolean {
    return ctx.services.discovery.simulationEnabled;
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
