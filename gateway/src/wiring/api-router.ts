import { Router } from 'express';
import { accessTokensRouter } from '../modules/access-tokens/access-tokens.rest';
import { restTokenGuard } from '../modules/access-tokens/bearer';
import { accountRouter } from '../modules/account/account.rest';
import { clientErrorsRouter } from '../modules/client-errors/client-errors.rest';
import { authRouter } from '../modules/auth/auth.rest';
import { conversationsRouter } from '../modules/conversations/conversations.rest';
import { discoveryRouter } from '../modules/discovery/discovery.rest';
import { favoritesRouter } from '../modules/favorites/favorites.rest';
import { geocodingRouter } from '../modules/geocoding/geocoding.rest';
import { historyRouter } from '../modules/history/history.rest';
import { notificationsRouter } from '../modules/notifications/notifications.rest';
import { panelsRouter } from '../modules/panels/panels.rest';
import { preferencesRouter } from '../modules/preferences/preferences.rest';
import { feedsRouter } from '../modules/feeds/feeds.rest';
import { moderationRouter } from '../modules/moderation/moderation.rest';
import { propertiesRouter } from '../modules/properties/properties.rest';
import { marketRouter } from '../modules/market/market.rest';
import { tenantFilesRouter } from '../modules/tenant-files/tenant-files.rest';
import { usersRouter } from '../modules/users/users.rest';
import { visitRequestsRouter } from '../modules/visit-requests/visit-requests.rest';
import { webhooksRouter } from '../modules/webhooks/webhooks.rest';
import { walksRouter } from '../modules/walks/walks.rest';
import type { Services } from './services';
import { apiNotFound } from '../http/error-handler';

/** The legacy REST shim: every /api route, each handler calling the same services as the resolvers. */
export function apiRouter(services: Services, publicUrl: string): Router {
  const r = Router();
  // Requests with an access token: the route's scope and the token's budget first (cookie requests pass).
  r.use(restTokenGuard(services));
  r.use(authRouter(services, publicUrl));
  r.use(accountRouter(services));
  r.use(usersRouter(services));
  r.use(propertiesRouter(services));
  r.use(marketRouter(services));
  r.use(feedsRouter(services));
  r.use(moderationRouter(services));
  r.use(panelsRouter(services));
  r.use(favoritesRouter(services));
  r.use(historyRouter(services));
  r.use(preferencesRouter(services));
  r.use(visitRequestsRouter(services));
  r.use(conversationsRouter(services));
  r.use(tenantFilesRouter(services));
  r.use(discoveryRouter(services));
  r.use(clientErrorsRouter(services));
  r.use(geocodingRouter(services));
  r.use(notificationsRouter(services));
  r.use(accessTokensRouter(services));
  r.use(webhooksRouter(services));
  r.use(walksRouter(services));
  r.use(apiNotFound);
  return r;
}
