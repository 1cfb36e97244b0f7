import { Router } from 'express';
import type { FavoritesService } from './favorites.service';
import type { PropertiesService } from '../properties/properties.service';
import { toFavoriteJson } from './favorite.json';

/** Legacy REST routes for favourites. */
export function favoritesRouter(services: { favorites: FavoritesService; properties: PropertiesService }): Router {
  const r = Router();
  r.get('/favorites', async (req, res) => {
    // The listings with their priceHistory and formerPrice, one statement for the list.
    const items = await services.favorites.list(req.viewer, { prices: true });
    res.json(items.map(toFavoriteJson));
  });
  r.get('/favorites/check/:propertyId', async (req, res) => {
    res.json({ isFavorite: await services.favorites.isFavorite(req.viewer, req.params.propertyId) });
  });
  r.post('/favorites', async (req, res) => {
    const item = await services.favorites.add(req.viewer, req.body?.propertyId);
    await services.properties.withPrices([item.property]);
    res.status(201).json(toFavoriteJson(item));
  });
  r.delete('/favorites/:propertyId', async (req, res) => {
    await services.favorites.remove(req.viewer, req.params.propertyId);
    res.status(204).end();
  });
  return r;
}
