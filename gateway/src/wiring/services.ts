import { ClientErrorsService } from '../modules/client-errors/client-errors.service';
import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import type { AppPubSub } from '../graphql/pubsub';
import type { SocketRegistry } from '../graphql/socket-registry';
import type { Logger } from '../lib/logger';
import { Throttles } from '../lib/throttle';
import { createUserStateCache } from '../modules/auth/user-state-cache';
import type { Mailer } from '../mail/mailer';
import type { Outbox } from '../outbox/outbox';
import { AccessTokensService } from '../modules/access-tokens/access-tokens.service';
import { createTokenBudget } from '../modules/access-tokens/token-budget';
import { AccountService } from '../modules/account/account.service';
import { AuthService } from '../modules/auth/auth.service';
import { ConversationsService } from '../modules/conversations/conversations.service';
import { MessagesService } from '../modules/conversations/messages.service';
import { NotificationsService } from '../modules/notifications/notifications.service';
import { resolveVapid } from '../modules/notifications/push-config';
import { DiscoveryService } from '../modules/discovery/discovery.service';
import { FavoritesService } from '../modules/favorites/favorites.service';
import { GeocodingService } from '../modules/geocoding/geocoding.service';
import { HistoryService } from '../modules/history/history.service';
import { PanelsService } from '../modules/panels/panels.service';
import { PreferencesService } from '../modules/preferences/preferences.service';
import { FeedSourcesService } from '../modules/feeds/feed-sources.service';
import { FeedsService } from '../modules/feeds/feeds.service';
import { raiseListingSignals } from '../modules/moderation/listing-signals';
import { voidResetLinks } from '../modules/auth/void-reset-links';
import { ConversationPresence } from '../modules/conversations/conversation-presence';
import { consumeDiscoveries } from '../modules/discovery/discovery-job';
import { PropertiesService } from '../modules/properties/properties.service';
import { MarketService } from '../modules/market/market.service';
import { ModerationService } from '../modules/moderation/moderation.service';
import { ReportsService } from '../modules/moderation/reports.service';
import { TenantFilesService } from '../modules/tenant-files/tenant-files.service';
import { UploadsService } from '../modules/uploads/uploads.service';
import { UsersService } from '../modules/users/users.service';
import { VisitRequestsService } from '../modules/visit-requests/visit-requests.service';
import { WebhooksService } from '../modules/webhooks/webhooks.service';
import { WalksService } from '../modules/walks/walks.service';
import type { Storage } from '../storage/storage';

/** The adapters every service may use. */
export interface Infrastructure {
  config: Config;
  db: DataSource;
  mailer: Mailer;
  storage: Storage;
  sockets: SocketRegistry;
  logger: Logger;
  throttles: Throttles;
  pubsub: AppPubSub;
  /** Side effects that leave the process (pushes, webhooks), run after their transaction commits. */
  outbox: Outbox;
}

/** One instance of each domain service, shared by the resolvers and the REST handlers. */
export function createServices(infra: Infrastructure) {
  const webhooks = new WebhooksService({ ...infra, isProduction: infra.config.isProduction });
  const properties = new PropertiesService({
    ...infra,
    webhooks,
    raiseSignals: (tx, listing, owner, opts) => raiseListingSignals(tx, infra.outbox, listing, owner, opts),
  });
  // Sessions, viewers and criteria cached for a few seconds, invalidated on change across instances.
  const userState = createUserStateCache({ redisUrl: infra.config.redisUrl, logger: infra.logger, db: infra.db });
  const preferences = new PreferencesService({ ...infra, userState });
  const tenantFiles = new TenantFilesService(infra);
  const conversations = new ConversationsService({ ...infra, properties });
  // Which conversations are open on a device (no message alert for those), on every instance.
  const presence = new ConversationPresence({ db: infra.db, logger: infra.logger });
  const notifications = new NotificationsService({
    ...infra,
    isConversationOpen: (userId, conversationId) => presence.isConversationOpen(userId, conversationId),
    vapid: resolveVapid(infra.config.vapid, infra.config.dataDir),
    isProduction: infra.config.isProduction,
    pushEndpointHosts: infra.config.pushEndpointHosts,
  });
  // A location report's discoveries: the webhook, then the passing alert.
  consumeDiscoveries({ outbox: infra.outbox, webhooks, alert: (job) => notifications.alertPassing(job) });
  const messages = new MessagesService({
    ...infra,
    conversations,
    notifications,
    webhooks,
    presence,
    grantAttachments: (tx, sender, conversation, fileIds, shareDays) =>
      tenantFiles.grantForMessage(tx, sender, conversation, fileIds, shareDays),
  });
  const market = new MarketService({ db: infra.db, properties });
  const walks = new WalksService({ ...infra, preferences, notifications, market });
  const geocoding = new GeocodingService({
    geocoderUrl: infra.config.geocoderUrl,
    throttles: infra.throttles,
    logger: infra.logger,
  });
  const feeds = new FeedsService({
    ...infra,
    publicUrl: infra.config.publicUrl,
    isProduction: infra.config.isProduction,
    properties,
    geocoding,
    webhooks,
  });
  return {
    userState,
    auth: new AuthService({ ...infra, publicUrl: infra.config.publicUrl }),
    users: new UsersService({ ...infra, voidResetLinks }),
    properties,
    market,
    uploads: new UploadsService(infra),
    favorites: new FavoritesService({ ...infra, properties, webhooks }),
    history: new HistoryService({ ...infra, properties }),
    panels: new PanelsService({ ...infra, properties }),
    preferences,
    discovery: new DiscoveryService({ ...infra, preferences, simulationEnabled: infra.config.simulationEnabled }),
    visitRequests: new VisitRequestsService({ ...infra, properties, conversations, messages, notifications, webhooks }),
    tenantFiles,
    conversations,
    messages,
    account: new AccountService({ ...infra, properties }),
    clientErrors: new ClientErrorsService(infra),
    geocoding,
    feeds,
    feedSources: new FeedSourcesService({ ...infra, feeds, isProduction: infra.config.isProduction }),
    reports: new ReportsService({ ...infra, properties }),
    moderation: new ModerationService({ ...infra, market }),
    notifications,
    walks,
    webhooks,
    accessTokens: new AccessTokensService({
      ...infra,
      budget: createTokenBudget({
        rule: infra.config.tokenBudget,
        redisUrl: infra.config.redisUrl,
        prefix: infra.config.throttlePrefix,
        logger: infra.logger,
      }),
    }),
  };
}
export type Services = ReturnType<typeof createServices>;
