import crypto from 'node:crypto';
import { LIMITS, MSG, PROFILE_PICTURE_TYPES, TProfileUpdate, ZProfileUpdate } from '@flaneur/schema';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { DataSource, IsNull } from 'typeorm';
import { AppError, notFound } from '../../lib/errors';
import { parseId, requireViewer } from '../../lib/viewer';
import type { Throttles } from '../../lib/throttle';
import { validate } from '../../lib/validate';
import type { Storage } from '../../storage/storage';
import { assertSize, IncomingFile } from '../uploads/incoming-file';
import { PublicUser, toPublicUser } from './public-user.type';
import { User } from './user.entity';

const AVATAR_SIDE = 512;

/** Profiles: the public view, the owner's edits and the profile picture. */
export class UsersService {
  constructor(private readonly deps: { db: DataSource; storage: Storage; throttles: Throttles }) {}

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

  /** Edits the signed-in user's own profile; `targetId` (legacy path id) must be the viewer's. */
  async updateProfile(viewer: User | null, input: TProfileUpdate | unknown, targetId?: unknown): Promise<User> {
    const me = requireViewer(viewer);
    if (targetId !== undefined) {
      // The legacy path id: not an id at all is no such user (404), another user's is refused (403).
      const id = parseId(targetId);
      if (!id) throw notFound(MSG.userNotFound);
      if (id !== me.id) throw new AppError('FORBIDDEN', MSG.profileForbidden);
    }
    const changes = Object.fromEntries(
      Object.entries(validate(ZProfileUpdate, input)).filter(([, v]) => v !== undefined),
    );
    if (Object.keys(changes).length) {
      try {
        await this.users.update(me.id, changes);
      } catch (e) {
        if ((e as { code?: string }).code === '23505')
          throw new AppError('CONFLICT', MSG.emailExists, { fields: { email: MSG.emailExists } });
        throw e;
      }
    }
    return this.users.findOneByOrFail({ id: me.id });
  }

  /** Replaces the profile picture: jpeg/png/gif/webp by content, ≤ 5 MB, re-encoded square WebP without metadata. */
  async uploadProfilePicture(viewer: User | null, file: IncomingFile | undefined): Promise<User> {
    const me = requireViewer(viewer);
    await this.deps.throttles.consume('uploadsPerUser', String(me.id));
    if (!file) throw new AppError('BAD_USER_INPUT', MSG.noFile);
    assertSize(file, LIMITS.profilePictureMaxBytes);
    const type = await fileTypeFromBuffer(file.buffer);
    if (!type || !(PROFILE_PICTURE_TYPES as readonly string[]).includes(type.mime)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.imageTypeUnsupportedHint);
    }
    let webp: Buffer;
    try {
      webp = await sharp(file.buffer, { limitInputPixels: 40_000_000, pages: 1 })
        .rotate()
        .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
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
