import { Router } from 'express';
import type { VisitRequestsService } from './visit-requests.service';

/** REST routes for visit requests (added to the legacy API; same service as GraphQL). */
export function visitRequestsRouter(services: { visitRequests: VisitRequestsService }): Router {
  const r = Router();
  r.get('/visit-requests', async (req, res) => {
    res.json(await services.visitRequests.list(req.viewer));
  });
  r.post('/visit-requests', async (req, res) => {
    res.status(201).json(await services.visitRequests.request(req.viewer, req.body));
  });
  r.post('/visit-requests/:id/respond', async (req, res) => {
    const { approve, proposedAt, slotMinutes } = req.body ?? {};
    res.json(await services.visitRequests.respond(req.viewer, req.params.id, approve, { proposedAt, slotMinutes }));
  });
  r.post('/visit-requests/:id/slot', async (req, res) => {
    res.json(await services.visitRequests.answerSlot(req.viewer, req.params.id, req.body?.confirm));
  });
  // The viewer's latest request on a listing, or null.
  r.get('/properties/:id/visit-request', async (req, res) => {
    res.json(await services.visitRequests.mine(req.viewer, req.params.id));
  });
  return r;
}
