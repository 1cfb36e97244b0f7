import crypto from 'node:crypto';
import { LIMITS, MSG, PROFILE_PICTURE_TYPES, TProfileUpdate, ZProfileUpdate } from '@flaneur/schema';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import type { Config } from '../../config';
import { AppError, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { parseId, requireViewer } from '../../lib/viewer';
import type { Throttles } from '../../lib/throttle';
import { validate } from '../../lib/validate';
import { hashToken, randomToken } from '../../lib/tokens';
import type { Mail, Mailer } from '../../mail/mailer';
import type { Storage } from '../../storage/storage';
import { emailChangedMail, verifyEmailMail } from './account-mails';
import { confirmCurrentPassword } from './current-password';
import { runImageJob } from '../uploads/image-pipeline';
import { assertSize, IncomingFile } from '../uploads/incoming-file';
import { PublicUser, toPublicUser } from './public-user.type';
import { User } from './user.entity';

const AVATAR_SIDE = 512;

/** Profiles: the public view, the owner's edits and the profile picture. */
export class UsersService {
  constructor(
    private readonly deps: {
      db: DataSource;
      storage: Storage;
      throttles: Throttles;
      mailer: Mailer;
      logger: Logger;
      config: Pick<Config, 'publicUrl'>;
      /** Voids the user's unused password-reset links, in the caller's transaction (auth answers it). */
      voidResetLinks: (tx: EntityManager, userId: number) => Promise<void>;
    },
  ) {}

  private get users() {
    return this.deps.db.getRepository(User);
  }

  /** Anyone's public profile by username, or 404 "Utilisateur non trouvé" (also for a deleted account). */
  async publicProfile(username: string): Promise<PublicUser> {
    // No account has a name PostgreSQL cannot even compare (U+0000) or longer than the column.
    const user =
      typeof username === 'string' && username.length <= 50 && !username.includes('\u0000')
        ? await this.users.findOneBy({ username, deletedAt: IsNull() })
        : null;
    if (!user) throw notFound(MSG.userNotFound);
    return toPublicUser(user);
  }

  /**
   * Edits the signed-in user's own profile; `targetId` (legacy path id) must be the viewer's. A new e-mail address
   * needs the current password (wrong ones count in the login's backoff), at most 10 changes an hour: it clears
   * isVerified, mails a verification link to the new address and a notice to the previous one.
   */
  async updateProfile(viewer: User | null, input: TProfileUpdate | unknown, targetId?: unknown): Promise<User> {
    const me = requireViewer(viewer);
    if (targetId !== undefined) {
      // The legacy path id: not an id at all is no such user (404), another user's is refused (403).
      const id = parseId(targetId);
      if (!id) throw notFound(MSG.userNotFound);
      if (id !== me.id) throw new AppError('FORBIDDEN', MSG.profileForbidden);
    }
    const { currentPassword, ...fields } = validate(ZProfileUpdate, input);
    const changes: Partial<User> = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    // The same address (compared lower-cased, as stored) is no change.
    const newEmail = changes.email !== undefined && changes.email !== me.email ? changes.email : undefined;
    if (!newEmail) delete changes.email;
    let verification: string | undefined;
    if (newEmail) {
      await confirmCurrentPassword(this.deps.throttles, me, currentPassword, MSG.currentPasswordRequired);
      await this.deps.throttles.consume('emailChangesPerUser', String(me.id));
      verification = randomToken();
      Object.assign(changes, { isVerified: false, verificationToken: hashToken(verification) });
    }
    if (Object.keys(changes).length) {
      try {
        await this.deps.db.transaction(async (tx) => {
          await tx.update(User, me.id, changes);
          // A reset link sent to the previous address must not take the account back.
          if (newEmail) await this.deps.voidResetLinks(tx, me.id);
        });
      } catch (e) {
        if ((e as { code?: string }).code === '23505')
          throw new AppError('CONFLICT', MSG.emailExists, { fields: { email: MSG.emailExists } });
        throw e;
      }
    }
    const updated = await this.users.findOneByOrFail({ id: me.id });
    if (newEmail && verification) {
      await this.sendMail(
        verifyEmailMail(updated, `${this.deps.config.publicUrl}/api/verify-email?token=${verification}`),
      );
      await this.sendMail(emailChangedMail(updated, me.email));
    }
    return updated;
  }

  private async sendMail(mail: Mail): Promise<void> {
    try {
      await this.deps.mailer.send(mail);
    } catch (err) {
      // The change is made: a mail failure is logged, not answered.
      this.deps.logger.error({ err, subject: mail.subject }, 'e-mail could not be sent');
    }
  }

  /**
   * Replaces the profile picture: jpeg/png/gif/webp by content, ≤ 5 MB, re-encoded square WebP without metadata.
   * The upload budget was spent by UploadsService.admitFiles before the file was read.
   */
  async uploadProfilePicture(viewer: User | null, file: IncomingFile | undefined): Promise<User> {
    const me = requireViewer(viewer);
    if (!file) throw new AppError('BAD_USER_INPUT', MSG.noFile);
    assertSize(file, LIMITS.profilePictureMaxBytes);
    const type = await fileTypeFromBuffer(file.buffer);
    if (!type || !(PROFILE_PICTURE_TYPES as readonly string[]).includes(type.mime)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.imageTypeUnsupportedHint);
    }
    let webp: Buffer;
    try {
      webp = await runImageJob(() =>
        sharp(file.buffer, { limitInputPixels: 40_000_000, pages: 1 })
          .rotate()
          .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover' })
          .webp({ quality: 82 })
          .toBuffer(),
      );
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.imageTypeUnsupportedHint);
    }
    const url = await this.deps.storage.putPublic(`avatars/${crypto.randomUUID()}.webp`, webp);
    const previous = me.profilePicture;
    await this.users.update(me.id, { profilePicture: url });
    if (previous?.startsWith('/uploads/avatars/'))
      await this.deps.storage.deletePublic(previous.slice('/uploads/'.length));
    return this.users.findOneByOrFail({ id: me.id });
  }
}
