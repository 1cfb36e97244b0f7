import crypto from 'node:crypto';
import { MSG, TDeleteAccount, ZDeleteAccount } from '@flaneur/schema';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import type { SocketRegistry } from '../../graphql/socket-registry';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Throttles } from '../../lib/throttle';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import type { Storage } from '../../storage/storage';
import { PasswordResetToken } from '../auth/password-reset-token.entity';
import { endUserSessions } from '../auth/end-sessions';
import { verifyPassword } from '../users/password';
import type { RequestMeta } from '../auth/session-handle';
import { DiscoveryState } from '../discovery/discovery-state.entity';
import { UserLocation } from '../discovery/user-location.entity';
import { Favorite } from '../favorites/favorite.entity';
import { HistoryEntry } from '../history/history-entry.entity';
import { AlertMark, NotificationSettingsRow, PushSubscription } from '../notifications/notification.entities';
import { ConversationPresence } from '../conversations/conversation-presence.entity';
import { UserPreferences } from '../preferences/user-preferences.entity';
import type { PropertiesService } from '../properties/properties.service';
import { TenantFileShare } from '../tenant-files/tenant-file-share.entity';
import { TenantFileCopy } from '../tenant-files/tenant-file-copy.entity';
import { TenantFileUpload } from '../tenant-files/tenant-file-upload.entity';
import { TenantFile } from '../tenant-files/tenant-file.entity';
import { User } from '../users/user.entity';
import { VisitRequest } from '../visit-requests/visit-request.entity';
import { buildExport } from './account-export';

interface Deps {
  db: DataSource;
  storage: Storage;
  sockets: SocketRegistry;
  throttles: Throttles;
  logger: Logger;
  properties: PropertiesService;
}

/** What the deletion transaction leaves to release once it has committed. */
interface Released {
  privateKeys: string[];
  listingImages: string[];
  avatar: string | null;
}

const badPassword = () =>
  new AppError('UNAUTHENTICATED', MSG.deleteAccountBadPassword, { fields: { password: MSG.deleteAccountBadPassword } });

/**
 * The user's rights over their own account (RGPD): erasure and export. A deleted account is anonymised, not
 * removed: the row keeps its id so the other party's conversations stay whole, shown as "Utilisateur supprimé".
 */
export class AccountService {
  constructor(private readonly deps: Deps) {}

  /**
   * Deletes the viewer's account after checking the password again (wrong passwords count as failed logins,
   * under the login's progressive backoff).
   * One transaction removes the data and every session; sockets are closed and stored files deleted after it.
   */
  async deleteAccount(viewer: User | null, input: TDeleteAccount | unknown, meta: RequestMeta): Promise<void> {
    const me = requireViewer(viewer);
    const { password } = validate(ZDeleteAccount, input);
    // The same backoff as the login form: a stolen session cannot guess the password faster here.
    const ok = await this.deps.throttles.attempt('loginFailuresPerAccount', me.username.toLowerCase(), () =>
      verifyPassword(password, me.password),
    );
    if (!ok) throw badPassword();
    const released = await this.deps.db.transaction((tx) => this.erase(tx, me.id));
    if (!released) throw badPassword();
    this.deps.sockets.closeUser(me.id);
    await meta.session.signOut();
    await this.release(released);
  }

  /** Everything stored about the viewer, as a JSON document (no secrets, no file bytes); 5 per hour per account. */
  async exportData(viewer: User | null): Promise<string> {
    const me = requireViewer(viewer);
    await this.deps.throttles.consume('exportsPerUser', String(me.id));
    return JSON.stringify(await buildExport(this.deps.db, me.id), null, 2);
  }

  /** Inside the transaction: every statement through `tx` (the embedded database serializes connections). */
  private async erase(tx: EntityManager, userId: number): Promise<Released | null> {
    // Locks the row first: a concurrent deletion waits, then finds the account gone.
    const user = await tx
      .getRepository(User)
      .findOne({ where: { id: userId, deletedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
    if (!user) return null;
    const keys = async (entity: typeof TenantFile | typeof TenantFileUpload | typeof TenantFileCopy) =>
      (
        (await tx.createQueryBuilder().delete().from(entity).where({ userId }).returning('storage_key').execute())
          .raw as { storage_key: string }[]
      ).map((r) => r.storage_key);
    // Deleting the documents removes the accesses they granted (tenant_file_shares cascade).
    // Stamped copies first: deleting the documents would cascade their rows away with the keys.
    const privateKeys = [
      ...(await keys(TenantFileCopy)),
      ...(await keys(TenantFile)),
      ...(await keys(TenantFileUpload)),
    ];
    await tx.delete(TenantFileShare, { recipientId: userId });
    for (const entity of [UserLocation, Favorite, HistoryEntry, UserPreferences, DiscoveryState, PasswordResetToken])
      await tx.delete(entity, { userId });
    // Devices, alert settings and alert state: the anonymised account is never alerted again.
    for (const entity of [PushSubscription, NotificationSettingsRow, AlertMark, ConversationPresence])
      await tx.delete(entity, { userId });
    await tx.delete(VisitRequest, { requesterId: userId });
    const listingImages = await this.deps.properties.deleteAllOwnedBy(tx, userId);
    const placeholder = `supprime-${userId}-${crypto.randomBytes(6).toString('hex')}`;
    await tx.update(User, userId, {
      username: placeholder,
      email: `${placeholder}@deleted.invalid`,
      // Not a scrypt hash: no password ever verifies against it.
      password: `deleted$${crypto.randomBytes(24).toString('base64url')}`,
      firstName: null,
      lastName: null,
      age: null,
      phone: null,
      address: null,
      city: null,
      postalCode: null,
      profilePicture: null,
      bio: null,
      isLandlord: false,
      isVerified: false,
      verificationToken: null,
      lastLoginAt: null,
      deletedAt: new Date(),
    });
    await endUserSessions(tx, userId);
    return { privateKeys, listingImages, avatar: user.profilePicture };
  }

  /** After the commit: stored bytes. A failure is logged, the account is already gone. */
  private async release({ privateKeys, listingImages, avatar }: Released): Promise<void> {
    const { storage, logger, properties } = this.deps;
    const attempt = async (what: string, fn: () => Promise<void>) => {
      try {
        await fn();
      } catch (err) {
        logger.warn({ err, what }, 'stored file of a deleted account not removed');
      }
    };
    for (const key of privateKeys) await attempt('document', () => storage.deletePrivate(key));
    await attempt('listing photos', () => properties.releaseImages(listingImages));
    if (avatar?.startsWith('/uploads/avatars/'))
      await attempt('avatar', () => storage.deletePublic(avatar.slice('/uploads/'.length)));
  }
}
