import { Router } from 'express';
import { sameUserIn } from '../../http/legacy-identity';
import type { HistoryService } from './history.service';
import { entryJson, itemWithPublishersJson } from './history-item';

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Legacy REST routes for Découvertes: GET /api/history and PATCH /api/history/view. */
export function historyRouter(services: { history: HistoryService }): Router {
  const r = Router();
  r.get('/history', sameUserIn('query'), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // The listings with their priceHistory and formerPrice, one statement for the list.
    const items = await services.history.list(req.viewer ?? null, text(req.query.startDate), { prices: true });
    // « Aussi publiée par »: one statement for the list.
    const also = await services.history.alsoPublishedBy(items);
    res.json(items.map((item, i) => itemWithPublishersJson(item, also[i])));
  });
  r.patch('/history/view', sameUserIn('body'), async (req, res) => {
    const entry = await services.history.recordView(req.viewer ?? null, req.body?.propertyId);
    res.json({ entry: entryJson(entry) });
  });
  return r;
}
