import { Router } from 'express';
import { requireViewer } from '../../lib/viewer';
import type { WalksService } from './walks.service';
import { itemJson } from '../history/history-item';
import type { WalkRecord } from './walks.service';

/** A walk's figures as REST answers them. */
const walkJson = (w: WalkRecord) => ({
  id: w.id,
  startedAt: w.startedAt,
  endedAt: w.endedAt,
  lastFixAt: w.lastFixAt,
  distanceM: w.distanceM,
  discoveryCount: w.discoveryCount,
});

/** The walk journal: GET /api/walks (newest first, X-Next-Cursor) and GET /api/walks/:id (trace, sales along it, discoveries, near misses). */
export function walksRouter(services: { walks: WalksService }): Router {
  const r = Router();
  r.get('/walks', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const { limit, after } = req.query;
    const page = await services.walks.list(req.viewer ?? null, { first: limit, after });
    if (page.endCursor && page.hasNextPage) res.setHeader('X-Next-Cursor', page.endCursor);
    res.json(page.nodes.map(walkJson));
  });
  r.get('/walks/:id', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const walk = await services.walks.get(req.viewer ?? null, req.params.id);
    const me = requireViewer(req.viewer);
    const [[path], [discoveries], [misses], [streetSales]] = await Promise.all([
      services.walks.paths(me.id, [walk.id]),
      services.walks.discoveries(me.id, [walk.id]),
      services.walks.nearMisses(me, [walk.id]),
      services.walks.streetSales(me.id, [walk.id]),
    ]);
    const properties = await services.walks.properties(misses.map((m) => m.propertyId));
    res.json({
      ...walkJson(walk),
      path,
      streetSales,
      discoveries: discoveries.map(itemJson),
      nearMisses: misses.flatMap((m, i) =>
        properties[i] ? [{ missed: m.missed, distanceM: m.distanceM, property: properties[i] }] : [],
      ),
    });
  });
  return r;
}
