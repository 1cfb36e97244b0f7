import { Router } from 'express';
import type { AccessTokensService } from './access-tokens.service';
import { toAccessTokenJson } from './access-token.json';

/** REST routes of personal access tokens (cookie session only: tokens are refused by the guard). */
export function accessTokensRouter(services: { accessTokens: AccessTokensService }): Router {
  const r = Router();
  r.get('/access-tokens', async (req, res) => {
    res.json((await services.accessTokens.list(req.viewer)).map(toAccessTokenJson));
  });
  r.post('/access-tokens', async (req, res) => {
    const { token, accessToken } = await services.accessTokens.create(req.viewer, req.body, req.accessToken ?? null);
    res.status(201).json({ token, accessToken: toAccessTokenJson(accessToken) });
  });
  r.delete('/access-tokens/:id', async (req, res) => {
    await services.accessTokens.revoke(req.viewer, req.params.id);
    res.status(204).end();
  });
  return r;
}
