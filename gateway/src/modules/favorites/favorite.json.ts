import type { FavoriteItem } from './favorites.service';

/** The legacy REST shape of a favourite: `{ favorite: { id, createdAt }, property }`. */
export const toFavoriteJson = ({ favorite, property }: FavoriteItem) => ({
  favorite: { id: favorite.id, createdAt: favorite.createdAt },
  property,
});
