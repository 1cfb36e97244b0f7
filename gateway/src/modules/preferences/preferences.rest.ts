import { Router } from 'express';
import { sameUserIn } from '../../http/legacy-identity';
import type { PreferencesService } from './preferences.service';

/** Legacy REST routes for preferences: `{ searchFilters }` in and out. */
export function preferencesRouter(services: { preferences: PreferencesService }): Router {
  const r = Router();
  r.get('/user/preferences', sameUserIn('query'), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ searchFilters: await services.preferences.get(req.viewer) });
  });
  r.post('/user/preferences', sameUserIn('body'), async (req, res) => {
    // The legacy client sends { userId, preferences: { searchFilters } }; { searchFilters } alone is accepted too.
    const filters = req.body?.preferences?.searchFilters ?? req.body?.searchFilters;
    res.json({ searchFilters: await services.preferences.save(req.viewer, filters) });
  });
  return r;
}
