import { MARKET_MSG } from '@flaneur/schema';
import { Router } from 'express';
import { sendPublicRead } from '../../http/caching';
import type { MarketService } from './market.service';

/** REST routes of the market data (public data: readable anonymously); each calls MarketService. */
export function marketRouter(services: { market: MarketService }): Router {
  const r = Router();
  // GET /api/sales?near=lat,lng,m&since=&type=&first=&after= → { nodes, pageInfo, source }.
  r.get('/sales', async (req, res) => {
    const page = await services.market.salesNear(services.market.salesQueryOf(req.query));
    sendPublicRead(req, res, {
      nodes: page.nodes,
      pageInfo: { endCursor: page.endCursor, hasNextPage: page.hasNextPage },
      source: MARKET_MSG.dvfSource,
    });
  });
  // The listing's market: 404 exactly when GET /api/properties/:id is.
  r.get('/properties/:id/market', async (req, res) => {
    sendPublicRead(req, res, await services.market.forListing(req.viewer, req.params.id));
  });
  return r;
}
