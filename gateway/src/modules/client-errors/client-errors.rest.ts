import { Router } from 'express';
import type { ClientErrorsService } from './client-errors.service';

/** POST /api/client-errors `{ message, stack?, url }` → 204 (rules in ClientErrorsService). */
export function clientErrorsRouter(services: { clientErrors: ClientErrorsService }): Router {
  const r = Router();
  r.post('/client-errors', async (req, res) => {
    await services.clientErrors.report(
      {
        ip: req.ip ?? 'unknown',
        requestId: req.requestId,
        userId: req.viewer?.id,
        log: req.log,
      },
      req.body,
    );
    res.status(204).end();
  });
  return r;
}
