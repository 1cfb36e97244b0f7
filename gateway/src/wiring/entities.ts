import { AccessToken } from '../modules/access-tokens/access-token.entity';
import { PasswordResetToken } from '../modules/auth/password-reset-token.entity';
import { SessionRow } from '../modules/auth/session.entity';
import { Conversation } from '../modules/conversations/conversation.entity';
import { Message } from '../modules/conversations/message.entity';
import { DiscoveryState } from '../modules/discovery/discovery-state.entity';
import { UserLocation } from '../modules/discovery/user-location.entity';
import { Favorite } from '../modules/favorites/favorite.entity';
import { HistoryEntry } from '../modules/history/history-entry.entity';
import { UserPreferences } from '../modules/preferences/user-preferences.entity';
import { MarketRent, MarketSale } from '../modules/market/market.entities';
import { FeedImport, FeedImportLine, FeedPhoto } from '../modules/feeds/feed-import.entity';
import { FeedSource } from '../modules/feeds/feed-source.entity';
import { ModerationAction } from '../modules/moderation/moderation-action.entity';
import { Report } from '../modules/moderation/report.entity';
import { ContactMark, ListingSignals } from '../modules/moderation/listing-signals.entity';
import { PhotoHash } from '../modules/uploads/photo-hash.entity';
import { Property } from '../modules/properties/property.entity';
import { PropertyPriceChange } from '../modules/properties/property-price.entity';
import { TenantFile } from '../modules/tenant-files/tenant-file.entity';
import { TenantFileShare } from '../modules/tenant-files/tenant-file-share.entity';
import { TenantFileAccess } from '../modules/tenant-files/tenant-file-access.entity';
import { TenantFileCopy } from '../modules/tenant-files/tenant-file-copy.entity';
import { TenantFileUpload } from '../modules/tenant-files/tenant-file-upload.entity';
import { ListingImageUpload } from '../modules/uploads/listing-image-upload.entity';
import { User } from '../modules/users/user.entity';
import { OutboxJob } from '../outbox/outbox-job.entity';
import { AlertMark, NotificationSettingsRow, PushSubscription } from '../modules/notifications/notification.entities';
import { ConversationPresence } from '../modules/conversations/conversation-presence.entity';
import { VisitRequest } from '../modules/visit-requests/visit-request.entity';
import { WalkRow } from '../modules/walks/walk.entity';
import { Webhook, WebhookDelivery } from '../modules/webhooks/webhook.entities';

/** Every mapped table; the data source and the migration drift check read this list. */
export const ENTITIES = [
  User,
  SessionRow,
  PasswordResetToken,
  Property,
  FeedImport,
  FeedImportLine,
  FeedPhoto,
  FeedSource,
  Report,
  ModerationAction,
  ListingSignals,
  PhotoHash,
  ContactMark,
  HistoryEntry,
  Favorite,
  TenantFile,
  UserLocation,
  DiscoveryState,
  VisitRequest,
  Conversation,
  Message,
  TenantFileShare,
  TenantFileAccess,
  TenantFileCopy,
  TenantFileUpload,
  UserPreferences,
  ListingImageUpload,
  OutboxJob,
  PushSubscription,
  NotificationSettingsRow,
  AlertMark,
  ConversationPresence,
  AccessToken,
  Webhook,
  WebhookDelivery,
  PropertyPriceChange,
  WalkRow,
  MarketSale,
  MarketRent,
];
