import { DataSource, In } from 'typeorm';
import { PasswordResetToken } from '../auth/password-reset-token.entity';
import { Conversation } from '../conversations/conversation.entity';
import { toMessageJson } from '../conversations/conversations.json';
import { Message } from '../conversations/message.entity';
import { DiscoveryState } from '../discovery/discovery-state.entity';
import { UserLocation } from '../discovery/user-location.entity';
import { WalkRow } from '../walks/walk.entity';
import { Favorite } from '../favorites/favorite.entity';
import { HistoryEntry } from '../history/history-entry.entity';
import { NotificationSettingsRow, PushSubscription } from '../notifications/notification.entities';
import { Webhook } from '../webhooks/webhook.entities';
import { UserPreferences } from '../preferences/user-preferences.entity';
import { Property } from '../properties/property.entity';
import { TenantFileShare } from '../tenant-files/tenant-file-share.entity';
import { TenantFileUpload } from '../tenant-files/tenant-file-upload.entity';
import { TenantFile } from '../tenant-files/tenant-file.entity';
import { toTenantFileJson } from '../tenant-files/tenant-file.json';
import { toUserJson } from '../users/user.json';
import { User } from '../users/user.entity';
import { VisitRequest } from '../visit-requests/visit-request.entity';

/** Version of the export document; bump it when its shape changes. */
export const EXPORT_FORMAT = { name: 'flaneur-export', version: 1 } as const;

const visitJson = (r: VisitRequest) => ({
  id: r.id,
  propertyId: r.propertyId,
  requesterId: r.requesterId,
  message: r.message,
  status: r.status,
  proposedAt: r.proposedAt,
  slotMinutes: r.slotMinutes,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/**
 * Everything stored about one user (RGPD right of access and portability): profile, preferences, listings,
 * favourites, Découvertes, position fixes, visit requests, conversations with their messages, documents'
 * metadata and the accesses they granted, alert settings, devices and webhooks. Never a password or token hash, a
 * webhook secret, a storage key, a session id, a push endpoint's secret path or keys, or file bytes; of the other
 * participants only their id and username.
 */
export async function buildExport(db: DataSource, userId: number) {
  const user = await db.getRepository(User).findOneByOrFail({ id: userId });
  const by = { where: { userId } };
  const [devices, alertSettings, webhooks, walks] = await Promise.all([
    db.getRepository(PushSubscription).find({ ...by, order: { id: 'ASC' } }),
    db.getRepository(NotificationSettingsRow).findOneBy({ userId }),
    db.getRepository(Webhook).find({ ...by, order: { id: 'ASC' } }),
    db.getRepository(WalkRow).find({ ...by, order: { startedAt: 'ASC', id: 'ASC' } }),
  ]);
  const [preferences, listings, favorites, history, locations, discovery, sent, files, pending, resets, sessions] =
    await Promise.all([
      db.getRepository(UserPreferences).findOneBy({ userId }),
      db.getRepository(Property).find({ where: { ownerId: userId }, order: { id: 'ASC' } }),
      db.getRepository(Favorite).find({ ...by, order: { id: 'ASC' } }),
      db.getRepository(HistoryEntry).find({ ...by, order: { id: 'ASC' } }),
      db.getRepository(UserLocation).find({ ...by, order: { timestamp: 'ASC', id: 'ASC' } }),
      db.getRepository(DiscoveryState).findOneBy({ userId }),
      db.getRepository(VisitRequest).find({ where: { requesterId: userId }, order: { id: 'ASC' } }),
      db.getRepository(TenantFile).find({ ...by, order: { id: 'ASC' } }),
      db.getRepository(TenantFileUpload).find({ ...by, order: { createdAt: 'ASC' } }),
      db.getRepository(PasswordResetToken).find({ ...by, order: { id: 'ASC' } }),
      db.query(`SELECT expire FROM "session" WHERE ("sess"::jsonb ->> 'userId')::int = $1 ORDER BY expire`, [
        userId,
      ]) as Promise<{ expire: Date }[]>,
    ]);
  const listingIds = listings.map((p) => p.id);
  const fileIds = files.map((f) => f.id);
  const [received, shares, conversations] = await Promise.all([
    listingIds.length
      ? db.getRepository(VisitRequest).find({ where: { propertyId: In(listingIds) }, order: { id: 'ASC' } })
      : [],
    fileIds.length
      ? db.getRepository(TenantFileShare).find({ where: { fileId: In(fileIds) }, order: { id: 'ASC' } })
      : [],
    db.getRepository(Conversation).find({
      where: [{ user1Id: userId }, { user2Id: userId }],
      relations: { user1: true, user2: true, property: true },
      order: { id: 'ASC' },
    }),
  ]);
  const messages = conversations.length
    ? await db.getRepository(Message).find({
        where: { conversationId: In(conversations.map((c) => c.id)) },
        order: { sentAt: 'ASC', id: 'ASC' },
      })
    : [];

  return {
    format: EXPORT_FORMAT.name,
    version: EXPORT_FORMAT.version,
    exportedAt: new Date(),
    profile: toUserJson(user),
    preferences: preferences ? { searchFilters: preferences.searchFilters, updatedAt: preferences.updatedAt } : null,
    listings,
    favorites: favorites.map((f) => ({ id: f.id, propertyId: f.propertyId, createdAt: f.createdAt })),
    history: history.map((h) => ({
      id: h.id,
      propertyId: h.propertyId,
      isViewed: h.isViewed,
      viewedAt: h.viewedAt,
      latitude: h.latitude,
      longitude: h.longitude,
      source: h.source,
    })),
    walks: walks.map((w) => ({
      id: w.id,
      startedAt: w.startedAt,
      lastFixAt: w.lastFixAt,
      distanceM: w.distanceM,
      fixCount: w.fixCount,
    })),
    locations: locations.map((l) => ({
      id: l.id,
      latitude: l.latitude,
      longitude: l.longitude,
      accuracy: l.accuracy,
      timestamp: l.timestamp,
    })),
    discovery: discovery ? { lastPassAt: discovery.lastPassAt } : null,
    visitRequests: { sent: sent.map(visitJson), received: received.map(visitJson) },
    conversations: conversations.map((c) => {
      const other = c.user1Id === userId ? c.user2! : c.user1!;
      return {
        id: c.id,
        propertyId: c.propertyId,
        propertyTitle: c.property?.title ?? null,
        participant: { id: other.id, username: other.username },
        createdAt: c.createdAt,
        lastActivityAt: c.lastActivityAt,
        messages: messages.filter((m) => m.conversationId === c.id).map(toMessageJson),
      };
    }),
    tenantFiles: files.map((f) => ({
      ...toTenantFileJson(f),
      shares: shares
        .filter((s) => s.fileId === f.id)
        .map((s) => ({
          conversationId: s.conversationId,
          recipientId: s.recipientId,
          revokedAt: s.revokedAt,
          createdAt: s.createdAt,
        })),
    })),
    pendingUploads: pending.map((u) => ({
      originalName: u.originalName,
      mimeType: u.mimeType,
      sizeBytes: u.sizeBytes,
      createdAt: u.createdAt,
    })),
    passwordResetRequests: resets.map((t) => ({ createdAt: t.createdAt, expiresAt: t.expiresAt, usedAt: t.usedAt })),
    sessions: sessions.map((s) => ({ expiresAt: s.expire })),
    notificationSettings: alertSettings
      ? {
          passingAlerts: alertSettings.passingAlerts,
          messageAlerts: alertSettings.messageAlerts,
          quietHours:
            alertSettings.quietStart && alertSettings.quietEnd
              ? { start: alertSettings.quietStart, end: alertSettings.quietEnd }
              : null,
          maxPerDay: alertSettings.maxPerDay,
          minIntervalMinutes: alertSettings.minIntervalMinutes,
        }
      : null,
    // The push service's host only: the rest of an endpoint is a secret capability of the device.
    pushDevices: devices.map((d) => ({
      pushService: new URL(d.endpoint).host,
      createdAt: d.createdAt,
      lastSuccessAt: d.lastSuccessAt,
    })),
    // Never a webhook's signing secret.
    webhooks: webhooks.map((w) => ({
      id: w.id,
      url: w.url,
      events: w.events,
      createdAt: w.createdAt,
      disabledAt: w.disabledAt,
    })),
  };
}
