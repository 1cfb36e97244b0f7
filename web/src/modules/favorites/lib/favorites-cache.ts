import type { ApolloCache } from '@apollo/client';
import { FavoritesDocument, type FavoriteCard_ItemFragment } from '../../../gql/graphql';
import { withKnownMarketBadge } from '../../market/lib/market-badge-cache';

/** Puts a favourite at the top of the cached list (once per listing). */
export function writeFavorite(cache: ApolloCache, written: FavoriteCard_ItemFragment): void {
  const item = { ...written, property: withKnownMarketBadge(cache, written.property) };
  cache.updateQuery({ query: FavoritesDocument }, (data) =>
    data ? { favorites: [item, ...data.favorites.filter((f) => f.property.id !== item.property.id)] } : undefined,
  );
}

/** Takes a listing out of the cached list. */
export function removeFavorite(cache: ApolloCache, propertyId: string): void {
  cache.updateQuery({ query: FavoritesDocument }, (data) =>
    data ? { favorites: data.favorites.filter((f) => f.property.id !== propertyId) } : undefined,
  );
}
