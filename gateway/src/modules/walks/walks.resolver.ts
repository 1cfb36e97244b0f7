import DataLoader from 'dataloader';
import {
  Arg,
  Ctx,
  Field,
  FieldResolver,
  Float,
  ID,
  Int,
  ObjectType,
  Query,
  registerEnumType,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../graphql/context';
import { requireViewer } from '../../lib/viewer';
import { HistoryItem } from '../history/history-item';
import { PageInfo } from '../properties/property.types';
import { Property } from '../properties/property.entity';
import { SearchFiltersInput } from '../preferences/preferences.resolver';
import { StreetSales } from '../market/market.types';
import type { StreetSalesView } from '../market/street-sales';
import type { NearMissRecord, WalkFix as WalkFixRecord, WalkPassedRecord, WalkRecord } from './walks.service';
import {
  NEAR_MISS,
  NEAR_MISS_CRITERIA,
  WALK_CRITERIA,
  WALK_GAP_MIN,
  WALK_NEAR_MISSES_MAX,
  type NearMissCriterion,
  type WalkCriterion,
} from './walks.sql';

const WalkCriterionEnum = Object.fromEntries(WALK_CRITERIA.map((c) => [c, c])) as { [K in WalkCriterion]: K };
registerEnumType(WalkCriterionEnum, {
  name: 'WalkCriterion',
  description:
    'A saved criterion that leaves a listing out: status (sale or rent), type, priceOver (above the maximum), priceUnder (below the minimum), sizeUnder, sizeOver, bedrooms, rooms (fewer than the minimum), bathrooms, features, zone (outside the drawn zone), energy (a worse class).',
});

@ObjectType({ description: 'How many listings passed a saved criterion left out.' })
class WalkExclusion {
  @Field(() => WalkCriterionEnum) criterion: WalkCriterion;
  @Field(() => Int) count: number;
}

@ObjectType({
  description:
    'What a walk passed, against the current saved criteria (while its fixes are kept), or what lies around a place.',
})
class WalkPassed {
  @Field(() => Int, { description: 'Position fixes received during the walk.' })
  positions: number;

  @Field(() => Int, {
    description: "Listings within the saved radius of one of its precise fixes (not the user's own).",
  })
  passed: number;

  @Field(() => Int, { description: 'Of those, the listings matching every saved criterion.' })
  matching: number;

  @Field(() => [WalkExclusion], {
    description:
      'For each criterion that left listings out, how many (a listing may fail several; one of another status or type counts only there); most first.',
  })
  excluded: WalkExclusion[];
}

const NearMissCriterionEnum = Object.fromEntries(NEAR_MISS_CRITERIA.map((c) => [c, c])) as {
  [K in NearMissCriterion]: K;
};
registerEnumType(NearMissCriterionEnum, {
  name: 'NearMissCriterion',
  description: `The criterion a near miss failed: price (up to ${NEAR_MISS.priceOverMaxPct} % over the maximum), bedrooms (${NEAR_MISS.bedroomsShort} short), size (up to ${NEAR_MISS.sizeUnderMinPct} % under the minimum).`,
});

@ObjectType({ description: "A position fix of a walk's trace." })
class WalkFix {
  @Field(() => Float) latitude: number;
  @Field(() => Float) longitude: number;
  @Field(() => Float, { nullable: true, description: 'Accuracy radius in metres.' }) accuracy: number | null;
  @Field(() => Date) timestamp: Date;
}

@ObjectType({ description: 'A listing of the walk that failed exactly one saved criterion by a small margin.' })
class NearMiss {
  @Field(() => Property, { description: 'The listing.' })
  property: Property;

  @Field(() => NearMissCriterionEnum, { description: 'The criterion it missed.' })
  missed: NearMissCriterion;

  @Field(() => Int, { description: 'Distance from the nearest fix of the walk, metres.' })
  distanceM: number;
}

@ObjectType({
  description: `A walk: a run of the user's position fixes with no gap over ${WALK_GAP_MIN} minutes, ending ${WALK_GAP_MIN} minutes after its last fix. Only the walker reads it.`,
})
export class Walk {
  @Field(() => ID) id: number;

  @Field(() => Date, { description: 'Time of the first fix.' })
  startedAt: Date;

  @Field(() => Date, {
    nullable: true,
    description: `${WALK_GAP_MIN} minutes after the last fix; null while the walk is in progress.`,
  })
  endedAt: Date | null;

  @Field(() => Date, { description: 'Time of the last fix.' })
  lastFixAt: Date;

  @Field(() => Int, { description: 'Length of the path through the fixes, metres.' })
  distanceM: number;

  @Field(() => Int, { description: 'Listings discovered during the walk.' })
  discoveryCount: number;

  userId: number;
}

@ObjectType({ description: 'A page of walks, newest first.' })
class WalkConnection {
  @Field(() => [Walk]) nodes: Walk[];
  @Field(() => PageInfo) pageInfo: PageInfo;
}

/** Per-request loaders of the walks' lists: a page of N walks costs one statement per list, not N. */
const loaders = new WeakMap<
  Context,
  {
    path: DataLoader<WalkRecord, WalkFixRecord[]>;
    discoveries: DataLoader<WalkRecord, HistoryItem[]>;
    nearMisses: DataLoader<WalkRecord, NearMissRecord[]>;
    passed: DataLoader<WalkRecord, WalkPassedRecord>;
    streetSales: DataLoader<WalkRecord, StreetSalesView | null>;
  }
>();
function loadersOf(ctx: Context) {
  let l = loaders.get(ctx);
  if (!l) {
    const me = requireViewer(ctx.viewer);
    const ids = (walks: readonly WalkRecord[]) => walks.map((w) => w.id);
    l = {
      path: new DataLoader((walks) => ctx.services.walks.paths(me.id, ids(walks)), { cache: false }),
      discoveries: new DataLoader((walks) => ctx.services.walks.discoveries(me.id, ids(walks)), { cache: false }),
      nearMisses: new DataLoader((walks) => ctx.services.walks.nearMisses(me, ids(walks)), { cache: false }),
      passed: new DataLoader((walks) => ctx.services.walks.passed(me, ids(walks)), { cache: false }),
      streetSales: new DataLoader((walks) => ctx.services.walks.streetSales(me.id, ids(walks)), { cache: false }),
    };
    loaders.set(ctx, l);
  }
  return l;
}

/** The walk journal over GraphQL; the rules live in WalksService. */
@Resolver(() => Walk)
export class WalksResolver {
  @Query(() => WalkConnection, {
    description:
      "The signed-in user's walks, newest first, a page at a time (first ≤ 100); `after` takes the endCursor of the previous page.",
  })
  async walks(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: 'How many walks to return.' }) first?: number,
    @Arg('after', () => String, {
      nullable: true,
      description: 'Return the walks after this cursor (endCursor of the previous page).',
    })
    after?: string,
  ): Promise<WalkConnection> {
    const page = await ctx.services.walks.list(ctx.viewer, { first: first ?? undefined, after: after ?? undefined });
    return { nodes: page.nodes, pageInfo: { endCursor: page.endCursor, hasNextPage: page.hasNextPage } };
  }

  @Query(() => WalkPassed, {
    description:
      "What lies within the criteria's radius of a place (the Explorer's): the listings, how many match the criteria given (else the saved ones, a visitor's defaults) and which criteria left the others out; positions is 0. Open to visitors.",
  })
  passedAround(
    @Arg('latitude', () => Float, { description: 'Latitude of the place, −90 to 90.' }) latitude: number,
    @Arg('longitude', () => Float, { description: 'Longitude of the place, −180 to 180.' }) longitude: number,
    @Ctx() ctx: Context,
    @Arg('searchFilters', () => SearchFiltersInput, {
      nullable: true,
      description: 'The criteria to count against (default: your saved ones, or the defaults for a visitor).',
    })
    searchFilters?: SearchFiltersInput | null,
  ): Promise<WalkPassedRecord> {
    return ctx.services.walks.passedAround(ctx.viewer, {
      latitude,
      longitude,
      searchFilters: searchFilters ? { ...searchFilters } : null,
    });
  }

  @Query(() => Walk, { description: "One of the signed-in user's walks; NOT_FOUND for anyone else's." })
  walk(
    @Arg('id', () => ID, { description: 'The walk (one of yours).' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<Walk> {
    return ctx.services.walks.get(ctx.viewer, id);
  }

  @FieldResolver(() => [WalkFix], {
    description: 'The fixes of the walk in time order, while they are kept (30 days); then empty, the figures stay.',
  })
  path(@Root() walk: Walk, @Ctx() ctx: Context): Promise<WalkFixRecord[]> {
    return loadersOf(ctx).path.load(walk);
  }

  @FieldResolver(() => [HistoryItem], { description: 'The listings discovered during the walk, in discovery order.' })
  discoveries(@Root() walk: Walk, @Ctx() ctx: Context): Promise<HistoryItem[]> {
    return loadersOf(ctx).discoveries.load(walk);
  }

  @FieldResolver(() => WalkPassed, {
    description:
      'What the walk passed: its fixes, the listings within the saved radius, how many match the current criteria, and which criteria left the others out.',
  })
  passed(@Root() walk: Walk, @Ctx() ctx: Context): Promise<WalkPassedRecord> {
    return loadersOf(ctx).passed.load(walk);
  }

  @FieldResolver(() => StreetSales, {
    nullable: true,
    description:
      '« Dans les rues traversées »: the recorded sales (DVF) along the path between its precise fixes, their count and median price per m² (batched: two statements for a page of walks); null once the fixes are purged (30 days).',
  })
  streetSales(@Root() walk: Walk, @Ctx() ctx: Context): Promise<StreetSalesView | null> {
    return loadersOf(ctx).streetSales.load(walk);
  }

  @FieldResolver(() => [NearMiss], {
    description: `« Presque pour vous »: at most ${WALK_NEAR_MISSES_MAX} listings within the saved radius of the walk's fixes that failed exactly one criterion by a small margin (price up to ${NEAR_MISS.priceOverMaxPct} % over the maximum, one bedroom short, size up to ${NEAR_MISS.sizeUnderMinPct} % under the minimum), every other saved criterion matching; nearest first, computed with the current criteria while the fixes are kept.`,
  })
  async nearMisses(@Root() walk: Walk, @Ctx() ctx: Context): Promise<NearMiss[]> {
    const misses = await loadersOf(ctx).nearMisses.load(walk);
    const properties = await ctx.loaders.property.loadMany(misses.map((m) => m.propertyId));
    return misses.flatMap((m, i) => {
      const property = properties[i];
      return property && !(property instanceof Error) ? [{ property, missed: m.missed, distanceM: m.distanceM }] : [];
    });
  }
}
