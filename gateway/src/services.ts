import { ClientErrorsService } from './modules/client-errors/client-errors.service';
import type { DataSource } from 'typeorm';
import type { Config } from './config';
import type { AppPubSub } from './graphql/pubsub';
import type { SocketRegistry } from './graphql/socket-registry';
import type { Logger } from './lib/logger';
import { Throttles } from './lib/throttle';
import type { Mailer } from './mail/mailer';
import type { Outbox } from './outbox/outbox';
import { AccountService } from './modules/account/account.service';
import { AuthService } from './modules/auth/auth.service';
import { ConversationsService } from './modules/conversations/conversations.service';
import { MessagesService } from './modules/conversations/messages.service';
import { NotificationsService } from './modules/notifications/notifications.service';
import { resolveVapid } from './modules/notifications/push-config';
import { DiscoveryService } from './modules/discovery/discovery.service';
import { FavoritesService } from './modules/favorites/favorites.service';
import { HistoryService } from './modules/history/history.service';
import { PreferencesService } from './modules/preferences/preferences.service';
import { PropertiesService } from './modules/properties/properties.service';
import { TenantFilesService } from './modules/tenant-files/tenant-files.service';
import { UploadsService } from './modules/uploads/uploads.service';
import { UsersService } from './modules/users/users.service';
import { VisitRequestsService } from './modules/visit-requests/visit-requests.service';
import type { Storage } from './storage/storage';

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
  const properties = new PropertiesService(infra);
  const preferences = new PreferencesService(infra);
  const tenantFiles = new TenantFilesService(infra);
  const conversations = new ConversationsService({ ...infra, properties });
  const notifications = new NotificationsService({
    ...infra,
    vapid: resolveVapid(infra.config.vapid, infra.config.dataDir),
    isProduction: infra.config.isProduction,
    pushEndpointHosts: infra.config.pushEndpointHosts,
  });
  const messages = new MessagesService({ ...infra, conversations, tenantFiles, notifications });
  return {
    auth: new AuthService({ ...infra, publicUrl: infra.config.publicUrl }),
    users: new UsersService(infra),
    properties,
    uploads: new UploadsService(infra),
    favorites: new FavoritesService({ ...infra, properties }),
    history: new HistoryService({ ...infra, properties }),
    preferences,
    discovery: new DiscoveryService({ ...infra, preferences, simulationEnabled: infra.config.simulationEnabled }),
    visitRequests: new VisitRequestsService({ ...infra, properties, conversations, messages, notifications }),
    tenantFiles,
    conversations,
    messages,
    account: new AccountService({ ...infra, properties }),
    clientErrors: new ClientErrorsService(infra),
    notifications,
  };
}
export type Services = ReturnType<typeof createServices>;
