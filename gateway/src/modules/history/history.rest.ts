import { Router } from 'express';
import { sameUserIn } from '../../http/legacy-identity';
import type { Services } from '../../services';
import type { HistoryEntry } from './history-entry.entity';
import type { HistoryItem } from './history-item';

/** The legacy entry shape, `{ id, isViewed, viewedAt }`, plus how it was discovered (`source`, null: only opened). */
const entryJson = (e: HistoryEntry) => ({ id: e.id, isViewed: e.isViewed, viewedAt: e.viewedAt, source: e.source });
const itemJson = ({ entry, property }: HistoryItem) => ({ entry: entryJson(entry), property });
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Legacy REST routes for Découvertes: GET /api/history and PATCH /api/history/view. */
export function historyRouter(services: Services): Router {
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
