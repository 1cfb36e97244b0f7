import type { ApolloCache } from '@apollo/client';
import { MarketBadge_PropertyFragmentDoc, type MarketPosition } from '../../../gql/graphql';

/**
 * A card written into a cached list by a live event or a mutation, which do not ask the market badge (docs/decisions.md
 * « Market data »): it keeps the badge the cache already knows for that listing, else none, so the list stays whole
 * and is not fetched again.
 */
export function withKnownMarketBadge<P extends { id: string }>(
  cache: ApolloCache,
  property: P,
): P & { marketPosition: MarketPosition | null } {
  const known = cache.readFragment({
    id: cache.identify({ __typename: 'Property', id: property.id }),
    fragment: MarketBadge_PropertyFragmentDoc,
  });
  return { ...property, marketPosition: known?.marketPosition ?? null };
}
