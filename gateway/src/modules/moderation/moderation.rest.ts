import { Router } from 'express';
import type { ModerationService } from './moderation.service';
import type { ReportsService } from './reports.service';
import { moderationActionJson } from './moderation-action.json';
import { reportJson } from './report.json';

/** REST routes of reports and moderation; each calls one service. */
export function moderationRouter(services: { moderation: ModerationService; reports: ReportsService }): Router {
  const r = Router();
  r.post('/reports', async (req, res) => {
    res.status(201).json(reportJson(await services.reports.create(req.viewer, req.body)));
  });
  r.get('/moderation/queue', async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await services.moderation.queue(req.viewer, req.accessToken ?? null));
  });
  r.post('/moderation/actions', async (req, res) => {
    const action = await services.moderation.act(req.viewer, req.body, req.accessToken ?? null);
    res.status(201).json(moderationActionJson(action));
  });
  // The decisions about the signed-in user's listings and account, and the owner's contest of one.
  r.get('/moderation/decisions', async (req, res) => {
    res.json((await services.moderation.mine(req.viewer)).map(moderationActionJson));
  });
  r.post('/moderation/decisions/:id/contest', async (req, res) => {
    res.json(moderationActionJson(await services.moderation.contest(req.viewer, req.params.id, req.body)));
  });
  return r;
}
