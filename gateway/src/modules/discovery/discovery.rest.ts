import { Router } from 'express';
import { sameUserIn } from '../../http/legacy-identity';
import type { DiscoveryService } from './discovery.service';
import { itemJson } from '../history/history-item';

/** Legacy REST routes for discovery: position fixes and the simulated discovery. */
export function discoveryRouter(services: { discovery: DiscoveryService }): Router {
  const r = Router();
  r.post('/user-locations', sameUserIn('body'), async (req, res) => {
    const { location, matched, newDiscoveries } = await services.discovery.report(req.viewer ?? null, req.body);
    res.status(201).json({ location, matched, newDiscoveries });
  });
  r.post('/user-locations/batch', async (req, res) => {
    res.json(await services.discovery.reportBatch(req.viewer ?? null, req.body));
  });
  r.delete('/user-locations', async (req, res) => {
    res.json({ deleted: await services.discovery.eraseLocations(req.viewer ?? null) });
  });
  r.get('/test/add-history', async (req, res) => {
    res.status(201).json(itemJson(await services.discovery.simulate(req.viewer ?? null)));
  });
  return r;
}
