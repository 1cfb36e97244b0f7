import {
  ACCESS_TOKEN_LIMITS,
  MSG,
  type TAccessTokenScope,
  type TCreateAccessTokenInput,
  ZCreateAccessToken,
} from '@flaneur/schema';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import type { SocketRegistry } from '../../graphql/socket-registry';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Throttles } from '../../lib/throttle';
import { hashToken } from '../../lib/tokens';
import { validate } from '../../lib/validate';
import { parseId, requireViewer } from '../../lib/viewer';
import { confirmCurrentPassword } from '../users/current-password';
import type { User } from '../users/user.entity';
import { AccessToken } from './access-token.entity';
import { DISPLAY_PREFIX_CHARS, generateToken, isWellFormedToken } from './token-format';
import type { TokenBudget } from './token-budget';

/** What a request authenticated by a token may do: resolved once per request, next to the viewer. */
export interface TokenGrant {
  id: number;
  userId: number;
  scopes: ReadonlySet<TAccessTokenScope>;
  expiresAt: Date;
}

/** `lastUsedAt` is written at most once a minute per token: a read-mostly lookup stays a read. */
const LAST_USED_PRECISION_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Tokens listed at most (active ones are capped at ACCESS_TOKEN_LIMITS.perUser; expired ones stay listed). */
const LIST_MAX = 100;

interface Deps {
  db: DataSource;
  logger: Logger;
  sockets: SocketRegistry;
  budget: TokenBudget;
  throttles: Throttles;
}

/** Personal access tokens: creation (secret shown once), listing, revocation, and authentication of a Bearer secret. */
export class AccessTokensService {
  constructor(private readonly deps: Deps) {}

  /** The cost budget of tokens (GraphQL and REST). */
  get budget(): TokenBudget {
    return this.deps.budget;
  }

  private get tokens() {
    return this.deps.db.getRepository(AccessToken);
  }

  /**
   * Creates a token for the signed-in user (never from a token) who gives their current password again; answers the
   * secret, which is not kept.
   */
  async create(
    viewer: User | null,
    input: TCreateAccessTokenInput | unknown,
    via: TokenGrant | null,
  ): Promise<{ token: string; accessToken: AccessToken }> {
    const me = requireViewer(viewer);
    if (via) throw forbidden(MSG.accessTokenSessionOnly);
    const data = validate(ZCreateAccessToken, input);
    await confirmCurrentPassword(this.deps.throttles, me, data.currentPassword, MSG.currentPasswordRequiredForToken);
    const active = await this.tokens.countBy({ userId: me.id, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) });
    if (active >= ACCESS_TOKEN_LIMITS.perUser) throw new AppError('CONFLICT', MSG.accessTokenLimitReached);
    const token = generateToken();
    const row = this.tokens.create({
      userId: me.id,
      name: data.name,
      scopes: data.scopes,
      prefix: token.slice(0, DISPLAY_PREFIX_CHARS),
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + data.expiresInDays * DAY_MS),
      lastUsedAt: null,
      revokedAt: null,
    });
    const accessToken = await this.tokens.save(row);
    return { token, accessToken };
  }

  /** The user's unrevoked tokens (expired ones included, to be recognised and revoked), newest first. */
  list(viewer: User | null): Promise<AccessToken[]> {
    const me = requireViewer(viewer);
    return this.tokens.find({
      where: { userId: me.id, revokedAt: IsNull() },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: LIST_MAX,
    });
  }

  /** Revokes one of the user's tokens: refused from the next request on, its websockets closed on every instance. */
  async revoke(viewer: User | null, id: unknown): Promise<void> {
    const me = requireViewer(viewer);
    const tokenId = parseId(id);
    if (!tokenId) throw notFound(MSG.notFound);
    const result = await this.tokens.update(
      { id: tokenId, userId: me.id, revokedAt: IsNull() },
      { revokedAt: new Date() },
    );
    if (!result.affected) throw notFound(MSG.notFound);
    this.deps.sockets.closeToken(tokenId);
  }

  /**
   * The user and grant of a Bearer secret, or null when it is malformed, unknown, revoked or expired (or its user
   * deleted). A malformed secret or a wrong checksum costs no query; otherwise one lookup on the unique hash index.
   */
  async authenticate(secret: string): Promise<{ user: User; grant: TokenGrant } | null> {
    if (!isWellFormedToken(secret)) return null;
    const row = await this.tokens
      .createQueryBuilder('t')
      .innerJoinAndSelect('t.user', 'u', 'u.deleted_at IS NULL AND u.suspended_at IS NULL')
      .where('t.token_hash = :hash AND t.revoked_at IS NULL AND t.expires_at > now()', { hash: hashToken(secret) })
      .getOne();
    if (!row?.user) return null;
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
      // Conditional: instances using the same token at once write it once.
      await this.tokens
        .createQueryBuilder()
        .update()
        .set({ lastUsedAt: () => 'now()' })
        .where(`id = :id AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`, { id: row.id })
        .execute();
    }
    return {
      user: row.user,
      grant: {
        id: row.id,
        userId: row.userId,
        scopes: new Set(row.scopes as TAccessTokenScope[]),
        expiresAt: row.expiresAt,
      },
    };
  }

  /** Releases the budget's store (Redis connection). */
  close(): Promise<void> {
    return this.deps.budget.close();
  }
}
