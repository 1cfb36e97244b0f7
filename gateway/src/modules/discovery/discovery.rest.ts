import { type Request, type RequestHandler, type Response, Router } from 'express';
import { sameUserIn } from '../../http/legacy-identity';
import { leanRoute, type LeanRouteDeps } from '../../http/lean-route';
import type { DiscoveryService } from './discovery.service';
import { itemJson } from '../history/history-item';

type Handler = (req: Request, res: Response) => Promise<void>;

/** The position report and its batch: one handler each, served by the /api stack and by the lean routes alike. */
function reportHandlers(services: { discovery: DiscoveryService }): { one: Handler; batch: Handler } {
  return {
    one: async (req, res) => {
      const { location, matched, newDiscoveries } = await services.discovery.reportJson(req.viewer ?? null, req.body);
      res.status(201).json({ location, matched, newDiscoveries });
    },
    batch: async (req, res) => {
      res.json(await services.discovery.reportBatch(req.viewer ?? null, req.body));
    },
  };
}

/** Legacy REST routes for discovery: position fixes and the simulated discovery. */
export function discoveryRouter(services: { discovery: DiscoveryService }): Router {
  const r = Router();
  const report = reportHandlers(services);
  r.post('/user-locations', sameUserIn('body'), report.one);
  r.post('/user-locations/batch', report.batch);
  r.delete('/user-locations', async (req, res) => {
    res.json({ deleted: await services.discovery.eraseLocations(req.viewer ?? null) });
  });
  r.get('/test/add-history', async (req, res) => {
    res.status(201).json(itemJson(await services.discovery.simulate(req.viewer ?? null)));
  });
  return r;
}

/**
 * The lean routes of the position report (http/lean-route.ts: cookie sessions, served before the /api stack), with
 * the body parsers the /api stack uses for these paths.
 */
export function leanReportRoutes(
  services: { discovery: DiscoveryService },
  deps: LeanRouteDeps & { body: { one: RequestHandler; batch: RequestHandler } },
): Router {
  const r = Router();
  const report = reportHandlers(services);
  r.post('/api/user-locations', leanRoute(deps, [deps.body.one, sameUserIn('body')], report.one));
  r.post('/api/user-locations/batch', leanRoute(deps, [deps.body.batch], report.batch));
  return r;
}
