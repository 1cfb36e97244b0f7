import { MSG } from '@flaneur/schema';
import { Router } from 'express';
import { requestMeta } from '../../http/session';
import type { AccountService } from './account.service';

/** REST routes of the account's RGPD rights (added to the legacy API; same service as GraphQL). */
export function accountRouter(services: { account: AccountService }): Router {
  const r = Router();
  r.delete('/users/me', async (req, res) => {
    await services.account.deleteAccount(req.viewer, req.body, requestMeta(req));
    res.json({ message: MSG.accountDeleted });
  });
  r.get('/users/me/export', async (req, res) => {
    const document = await services.account.exportData(req.viewer);
    res.setHeader('Content-Disposition', 'attachment; filename="flaneur-export.json"');
    res.setHeader('Cache-Control', 'no-store');
    res.type('application/json').send(document);
  });
  return r;
}
