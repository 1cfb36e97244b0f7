import DataLoader from 'dataloader';
import { MARKET_MSG, type MarketPosition, type MarketType } from '@flaneur/schema';
import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { Property } from '../properties/property.entity';
import { MarketTypeEnum } from './market.entities';
import { solidPosition } from './market.service';
import { MarketPositionEnum, PropertyMarket, SaleConnection, SalesNearInput } from './market.types';

/** Sales around a point over GraphQL; the rules live in MarketService. */
@Resolver()
export class MarketResolver {
  @Query(() => SaleConnection, {
    description:
      'Recorded sales (DVF) within radiusM (≤ 1,000 m) of a point, the most recent first, a page at a time (first ≤ 100); `after` takes the endCursor of the previous page.',
  })
  async sales(
    @Ctx() ctx: Context,
    @Arg('near', () => SalesNearInput, { description: 'The point and the radius.' }) near: SalesNearInput,
    @Arg('since', () => String, { nullable: true, description: 'Only the sales since this day (AAAA-MM-JJ).' })
    since?: string,
    @Arg('type', () => MarketTypeEnum, { nullable: true, description: 'Only flats, or only houses.' })
    type?: MarketType,
    @Arg('first', () => Int, { nullable: true, description: 'How many sales to return (default 20).' })
    first?: number,
    @Arg('after', () => String, { nullable: true, description: 'Return the sales after this cursor.' })
    after?: string,
  ): Promise<SaleConnection> {
    const page = await ctx.services.market.salesNear({
      near: { ...near },
      since,
      type,
      first: first ?? undefined,
      after,
    });
    return {
      nodes: page.nodes,
      pageInfo: { endCursor: page.endCursor, hasNextPage: page.hasNextPage },
      source: MARKET_MSG.dvfSource,
    };
  }
}

/** Per-request loader of the listings' market: a list of N listings costs the same few statements as one. */
const loaders = new WeakMap<Context, DataLoader<Property, PropertyMarket, number>>();
function marketLoader(ctx: Context) {
  let l = loaders.get(ctx);
  if (!l) {
    l = new DataLoader((properties) => ctx.services.market.markets(properties), { cacheKeyFn: (p) => p.id });
    loaders.set(ctx, l);
  }
  return l;
}

/** Property.market: the listing's comparables or market rent (batched). */
@Resolver(() => Property)
export class PropertyMarketResolver {
  @FieldResolver(() => PropertyMarket, {
    description:
      "What the public market data says of the listing: for a sale, its comparable sales and where its price per m² stands; for a rental, the commune's market rent (batched).",
  })
  market(@Root() p: Property, @Ctx() ctx: Context): Promise<PropertyMarket> {
    return marketLoader(ctx).load(p);
  }

  @FieldResolver(() => MarketPositionEnum, {
    nullable: true,
    description:
      "Where the listing's price stands when the market data is solid, for the cards' badge: against its comparables' quartiles for a sale (5 or more), against the bounds of the commune's market rent for a rental; null otherwise (batched with `market`).",
  })
  async marketPosition(@Root() p: Property, @Ctx() ctx: Context): Promise<MarketPosition | null> {
    return solidPosition(await marketLoader(ctx).load(p));
  }
}
