import { Router } from 'express';
import type { Services } from '../../services';
import type { HistoryEntry } from './history-entry.entity';
import type { HistoryItem } from './history.service';

/** The legacy entry shape: `{ id, isViewed, viewedAt }`. */
const entryJson = (e: HistoryEntry) => ({ id: e.id, isViewed: e.isViewed, viewedAt: e.viewedAt });
const itemJson = ({ entry, property }: HistoryItem) => ({ entry: entryJson(entry), property });
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Legacy REST routes of SPEC.md §7 for Découvertes. */
export function historyRouter(services: Services): Router {
  const r = Router();
  r.get('/history', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const items = await services.history.list(req.viewer ?? null, text(req.query.startDate), req.query.userId);
    res.json(items.map(itemJson));
  });
  r.patch('/history/view', async (req, res) => {
    const entry = await services.history.recordView(req.viewer ?? null, req.body?.propertyId, req.body?.userId);
    res.json({ entry: entryJson(entry) });
  });
  return r;
}
