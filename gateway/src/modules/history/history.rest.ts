import { Router } from 'express';
import { sameUserIn } from '../../http/legacy-identity';
import type { HistoryService } from './history.service';
import { entryJson, itemJson } from './history-item';

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Legacy REST routes for Découvertes: GET /api/history and PATCH /api/history/view. */
export function historyRouter(services: { history: HistoryService }): Router {
  const r = Router();
  r.get('/history', sameUserIn('query'), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // The listings with their priceHistory and formerPrice, one statement for the list.
    const items = await services.history.list(req.viewer ?? null, text(req.query.startDate), { prices: true });
    res.json(items.map(itemJson));
  });
  r.patch('/history/view', sameUserIn('body'), async (req, res) => {
    const entry = await services.history.recordView(req.viewer ?? null, req.body?.propertyId);
    res.json({ entry: entryJson(entry) });
  });
  return r;
}
