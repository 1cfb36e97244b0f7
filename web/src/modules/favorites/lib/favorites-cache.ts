import type { ApolloCache } from '@apollo/client';
import { FavoritesDocument, type FavoriteCard_ItemFragment } from '../../../gql/graphql';

/** Puts a favourite at the top of the cached list (once per listing). */
export function writeFavorite(cache: ApolloCache, item: FavoriteCard_ItemFragment): void {
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
