import { Router } from 'express';
import type { Services } from '../../services';

/** Legacy REST routes of SPEC.md §7 for preferences: `{ searchFilters }` in and out. */
export function preferencesRouter(services: Services): Router {
  const r = Router();
  r.get('/user/preferences', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ searchFilters: await services.preferences.get(req.viewer ?? null, req.query.userId) });
  });
  r.post('/user/preferences', async (req, res) => {
    // The legacy client sends { userId, preferences: { searchFilters } }; { searchFilters } alone is accepted too.
    const filters = req.body?.preferences?.searchFilters ?? req.body?.searchFilters;
    res.json({ searchFilters: await services.preferences.save(req.viewer ?? null, filters, req.body?.userId) });
  });
  return r;
}
