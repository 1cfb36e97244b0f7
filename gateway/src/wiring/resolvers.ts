import type { NonEmptyArray } from 'type-graphql';
import { AccessTokensResolver } from '../modules/access-tokens/access-tokens.resolver';
import { AccountResolver } from '../modules/account/account.resolver';
import { AuthResolver } from '../modules/auth/auth.resolver';
import { ConversationsResolver } from '../modules/conversations/conversations.resolver';
import { MessageResolver } from '../modules/conversations/message.resolver';
import { MessageFilesResolver } from '../modules/tenant-files/message-files.resolver';
import { DiscoveryResolver } from '../modules/discovery/discovery.resolver';
import { FavoritesResolver } from '../modules/favorites/favorites.resolver';
import { GeocodingResolver } from '../modules/geocoding/geocoding.resolver';
import { HistoryResolver } from '../modules/history/history.resolver';
import { NotificationsResolver } from '../modules/notifications/notifications.resolver';
import { PanelsResolver } from '../modules/panels/panels.resolver';
import { PreferencesResolver } from '../modules/preferences/preferences.resolver';
import { FeedsResolver } from '../modules/feeds/feeds.resolver';
import { ModerationResolver } from '../modules/moderation/moderation.resolver';
import { ReportsResolver } from '../modules/moderation/reports.resolver';
import { SameHomeResolver } from '../modules/properties/same-home.resolver';
import { PropertiesResolver } from '../modules/properties/properties.resolver';
import { MarketResolver, PropertyMarketResolver } from '../modules/market/market.resolver';
import { TenantFilesResolver } from '../modules/tenant-files/tenant-files.resolver';
import {
  MessageAttachmentSharesResolver,
  TenantFileFieldsResolver,
} from '../modules/tenant-files/tenant-file.fields.resolver';
import { UsersResolver } from '../modules/users/users.resolver';
import { VisitRequestsResolver } from '../modules/visit-requests/visit-requests.resolver';
import { WebhooksResolver } from '../modules/webhooks/webhooks.resolver';
import { WalksResolver } from '../modules/walks/walks.resolver';

/** Every resolver class of the schema. */
export const RESOLVERS: NonEmptyArray<Function> = [
  AuthResolver,
  UsersResolver,
  PropertiesResolver,
  MarketResolver,
  PropertyMarketResolver,
  PanelsResolver,
  FavoritesResolver,
  HistoryResolver,
  PreferencesResolver,
  VisitRequestsResolver,
  ConversationsResolver,
  MessageResolver,
  MessageFilesResolver,
  TenantFilesResolver,
  TenantFileFieldsResolver,
  MessageAttachmentSharesResolver,
  DiscoveryResolver,
  AccountResolver,
  NotificationsResolver,
  AccessTokensResolver,
  WebhooksResolver,
  WalksResolver,
  GeocodingResolver,
  FeedsResolver,
  ReportsResolver,
  ModerationResolver,
  SameHomeResolver,
];
