import { Router } from 'express';
import type { Services } from '../../services';
import type { FavoriteItem } from './favorites.service';

/** The legacy item shape: `{ favorite: { id, createdAt }, property }`. */
const toJson = ({ favorite, property }: FavoriteItem) => ({
  favorite: { id: favorite.id, createdAt: favorite.createdAt },
  property,
});

/** Legacy REST routes of SPEC.md §7 for favourites. */
export function favoritesRouter(services: Services): Router {
  const r = Router();
  r.get('/favorites', async (req, res) => {
    res.json((await services.favorites.list(req.viewer ?? null)).map(toJson));
  });
  r.get('/favorites/check/:propertyId', async (req, res) => {
    res.json({ isFavorite: await services.favorites.isFavorite(req.viewer ?? null, req.params.propertyId) });
  });
  r.post('/favorites', async (req, res) => {
    res.status(201).json(toJson(await services.favorites.add(req.viewer ?? null, req.body?.propertyId)));
  });
  r.delete('/favorites/:propertyId', async (req, res) => {
    await services.favorites.remove(req.viewer ?? null, req.params.propertyId);
    res.status(204).end();
  });
  return r;
}
