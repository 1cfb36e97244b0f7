import {
  MODERATION_MSG,
  LIMITS,
  MSG,
  TChangePassword,
  TForgotPassword,
  TLogin,
  TRegister,
  TResetPassword,
  ZChangePassword,
  ZForgotPassword,
  ZLogin,
  ZRegister,
  ZResetPassword,
} from '@flaneur/schema';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import { AppError, forbidden, unauthenticated } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { Throttles } from '../../lib/throttle';
import { hashToken, randomToken } from '../../lib/tokens';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import type { SocketRegistry } from '../../graphql/socket-registry';
import type { Mailer } from '../../mail/mailer';
import { User } from '../users/user.entity';
import { revokeUserTokens, revokedTokensNotice } from '../access-tokens/revoke-all';
import { passwordChangedMail, resetPasswordMail, verifyEmailMail } from '../users/account-mails';
import { confirmCurrentPassword } from '../users/current-password';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../users/password';
import { PasswordResetToken } from './password-reset-token.entity';
import { endUserSessions } from './end-sessions';
import { voidResetLinks } from './void-reset-links';
import type { RequestMeta } from './session-handle';

interface Deps {
  db: DataSource;
  mailer: Mailer;
  throttles: Throttles;
  sockets: SocketRegistry;
  logger: Logger;
  publicUrl: string;
}

const isUniqueViolation = (e: unknown): e is { code: string; constraint?: string; detail?: string } =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

/** Accounts: registration, login, logout, password reset and change, e-mail verification. */
export class AuthService {
  constructor(private readonly deps: Deps) {}

  private get users() {
    return this.deps.db.getRepository(User);
  }

  /** Creates an account, sends the verification link and signs the new user in. */
  async register(input: TRegister | unknown, meta: RequestMeta): Promise<User> {
    const data = validate(ZRegister, input);
    await this.deps.throttles.consume('registerPerAddress', meta.ip);
    const verification = randomToken();
    const user = this.users.create({
      ...data,
      password: await hashPassword(data.password),
      verificationToken: hashToken(verification),
      // Registration signs the account in: that is its first login.
      lastLoginAt: new Date(),
    });
    try {
      await this.users.insert(user);
    } catch (e) {
      if (isUniqueViolation(e)) {
        const onEmail = `${e.detail ?? ''}`.includes('email');
        throw new AppError('CONFLICT', onEmail ? MSG.emailExists : MSG.usernameExists, {
          fields: onEmail ? { email: MSG.emailExists } : { username: MSG.usernameExists },
        });
      }
      throw e;
    }
    await this.sendMail(verifyEmailMail(user, `${this.deps.publicUrl}/api/verify-email?token=${verification}`));
    await meta.session.signIn(user.id);
    return this.users.findOneByOrFail({ id: user.id });
  }

  /** Checks the credentials (throttled per address, progressive backoff per account) and starts a new session. */
  async login(input: TLogin | unknown, meta: RequestMeta): Promise<User> {
    const { username: identifier, password } = validate(ZLogin, input);
    await this.deps.throttles.consume('loginPerAddress', meta.ip);
    const user = await this.findByLogin(identifier);
    // One backoff series per account, whether it is reached by its username or its e-mail.
    const accountKey = (user?.username ?? identifier).toLowerCase();
    // Unknown usernames are throttled like real ones: the answer never tells whether an account exists.
    const ok = await this.deps.throttles.attempt('loginFailuresPerAccount', accountKey, async () =>
      user ? verifyPassword(password, user.password) : (await burnPasswordCheck(password), false),
    );
    if (!user || !ok) throw unauthenticated(MSG.badCredentials);
    // Said only after the password was right: the answer tells nothing about the account to a stranger.
    if (user.suspendedAt) throw forbidden(MODERATION_MSG.accountSuspended);
    user.lastLoginAt = new Date();
    await this.users.update(user.id, { lastLoginAt: user.lastLoginAt });
    await meta.session.signIn(user.id);
    return user;
  }

  /**
   * The account a login field designates: the username as typed first (usernames created before the username
   * rule keep working), else the e-mail address, compared case-insensitively (e-mails are stored lower-case).
   */
  private async findByLogin(identifier: string): Promise<User | null> {
    const byUsername = await this.users.findOneBy({ username: identifier, deletedAt: IsNull() });
    if (byUsername || !identifier.includes('@')) return byUsername;
    return this.users.findOneBy({ email: identifier.toLowerCase(), deletedAt: IsNull() });
  }

  /** Ends the session and closes the websockets opened with it. */
  async logout(meta: RequestMeta): Promise<void> {
    const sid = meta.session.id;
    await meta.session.signOut();
    this.deps.sockets.closeSession(sid);
  }

  /**
   * Sends a reset link when an account has this e-mail; the answer never tells whether one does, not even by its
   * time: the account lookup, the token and the e-mail happen after the answer (failures are logged).
   */
  async forgotPassword(input: TForgotPassword | unknown, meta: RequestMeta): Promise<string> {
    const { email } = validate(ZForgotPassword, input);
    await this.deps.throttles.consume('forgotPasswordPerAddress', meta.ip);
    await this.deps.throttles.consume('forgotPasswordPerEmail', email);
    setImmediate(() => {
      this.sendResetLink(email).catch((err: unknown) =>
        this.deps.logger.error({ err }, 'password reset link could not be issued'),
      );
    });
    return MSG.forgotPasswordSent;
  }

  /** Off the request path: issues a reset token for the account of this e-mail, if any, and mails its link. */
  private async sendResetLink(email: string): Promise<void> {
    const user = await this.users.findOneBy({ email, deletedAt: IsNull() });
    if (user) {
      const token = randomToken();
      await this.deps.db.getRepository(PasswordResetToken).insert({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + LIMITS.resetTokenTtlMs),
        usedAt: null,
      });
      await this.sendMail(resetPasswordMail(user, `${this.deps.publicUrl}/auth?token=${token}`));
    }
  }

  /** Sets a new password from a single-use token, voids the user's other tokens and ends every session of that user. */
  /**
   * Whether a reset link's token can still set a password (unused and within its hour), so that the reset screen
   * says at once when it cannot. Throttled with the resets themselves.
   */
  async resetTokenUsable(token: string, meta: RequestMeta): Promise<boolean> {
    if (!token || token.length > 200) return false;
    await this.deps.throttles.consume('resetTokenPerAddress', meta.ip);
    const usable = await this.deps.db
      .getRepository(PasswordResetToken)
      .existsBy({ tokenHash: hashToken(token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) });
    return usable;
  }

  async resetPassword(input: TResetPassword | unknown, meta: RequestMeta): Promise<string> {
    const { token, password } = validate(ZResetPassword, input);
    await this.deps.throttles.consume('resetTokenPerAddress', meta.ip);
    const hash = await hashPassword(password);
    const done = await this.deps.db.transaction(async (tx) => {
      // Claiming the token in one UPDATE makes it single use even under concurrent attempts.
      const claimed = await tx
        .createQueryBuilder()
        .update(PasswordResetToken)
        .set({ usedAt: () => 'now()' })
        .where({ tokenHash: hashToken(token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) })
        .returning(['userId'])
        .execute();
      const row = claimed.raw[0] as { user_id: number } | undefined;
      if (!row) return null;
      // Every other link of the user dies with this one: a reset ends whatever the other links could do.
      await voidResetLinks(tx, row.user_id);
      await tx.update(User, row.user_id, { password: hash });
      await endUserSessions(tx, row.user_id);
      return { userId: row.user_id, revoked: await revokeUserTokens(tx, row.user_id) };
    });
    if (done === null)
      throw new AppError('BAD_USER_INPUT', MSG.resetPasswordInvalid, { fields: { token: MSG.resetPasswordInvalid } });
    const { userId, revoked } = done;
    this.deps.sockets.closeUser(userId);
    for (const id of revoked) this.deps.sockets.closeToken(id);
    if (meta.session.userId === userId) await meta.session.signOut();
    const notice = revokedTokensNotice(revoked.length);
    const user = await this.users.findOneBy({ id: userId });
    if (user) await this.sendMail(passwordChangedMail(user, notice));
    return notice ? `${MSG.resetPasswordDone} ${notice}` : MSG.resetPasswordDone;
  }

  /**
   * Changes the signed-in user's password: the current one is checked under the login's backoff (wrong → 403), the
   * new one follows the reset's rule; every other session of the user ends with its sockets, this one stays.
   */
  async changePassword(viewer: User | null, input: TChangePassword | unknown, meta: RequestMeta): Promise<string> {
    const me = requireViewer(viewer);
    const { currentPassword, newPassword } = validate(ZChangePassword, input);
    await confirmCurrentPassword(this.deps.throttles, me, currentPassword, MSG.passwordRequired);
    const hash = await hashPassword(newPassword);
    const ended = await this.deps.db.transaction(async (tx) => {
      await tx.update(User, me.id, { password: hash });
      // A reset link issued before the change would undo it.
      await voidResetLinks(tx, me.id);
      return { sessions: await endUserSessions(tx, me.id, meta.session.id), tokens: await revokeUserTokens(tx, me.id) };
    });
    for (const sid of ended.sessions) this.deps.sockets.closeSession(sid);
    for (const id of ended.tokens) this.deps.sockets.closeToken(id);
    const notice = revokedTokensNotice(ended.tokens.length);
    await this.sendMail(passwordChangedMail(me, notice));
    return notice ? `${MSG.passwordChanged} ${notice}` : MSG.passwordChanged;
  }

  /** Marks the e-mail address verified from the link sent at registration. */
  async verifyEmail(token: string): Promise<void> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 200)
      throw new AppError('BAD_USER_INPUT', MSG.emailVerifyInvalid);
    const res = await this.users.update(
      { verificationToken: hashToken(token) },
      { isVerified: true, verificationToken: null },
    );
    if (!res.affected) throw new AppError('BAD_USER_INPUT', MSG.emailVerifyInvalid);
  }

  /** The signed-in user of a session, or null (also when the account was deleted: the session is signed out). */
  async viewer(userId: number | null | undefined): Promise<User | null> {
    if (!userId) return null;
    // A suspended account's sessions stop working at once (the row change bumps the cached viewers).
    return this.users.findOneBy({ id: userId, deletedAt: IsNull(), suspendedAt: IsNull() });
  }

  private async sendMail(mail: Parameters<Mailer['send']>[0]) {
    try {
      await this.deps.mailer.send(mail);
    } catch (e) {
      // A mail failure must not undo the account or leak whether the address exists.
      this.deps.logger.error({ err: e, subject: mail.subject }, 'e-mail could not be sent');
    }
  }
}
