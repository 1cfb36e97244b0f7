import type { ApolloCache } from '@apollo/client';
import { AlsoPublishedBy_PropertyFragmentDoc, type AlsoPublishedBy_PropertyFragment } from '../../../gql/graphql';

type Publishers = AlsoPublishedBy_PropertyFragment['alsoPublishedBy'];

/**
 * A card written into a cached list by a live event or a mutation, which do not ask « Aussi publiée par »: it keeps
 * the publishers the cache already knows for that listing, else none, so the list stays whole.
 */
export function withKnownPublishers<P extends { id: string }>(
  cache: ApolloCache,
  property: P,
): P & { alsoPublishedBy: Publishers } {
  const known = cache.readFragment({
    id: cache.identify({ __typename: 'Property', id: property.id }),
    fragment: AlsoPublishedBy_PropertyFragmentDoc,
  });
  return { ...property, alsoPublishedBy: known?.alsoPublishedBy ?? [] };
}

/** Whether a listed card already names this listing in its « Aussi publiée par » (the same home, shown once). */
export function namedByAnother(list: { property: { alsoPublishedBy?: Publishers } }[], propertyId: string): boolean {
  return list.some((i) => i.property.alsoPublishedBy?.some((p) => p.propertyId === propertyId));
}
