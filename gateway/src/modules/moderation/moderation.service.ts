import {
  MODERATION_ACTIONS_BY_TARGET,
  MODERATION_MSG,
  ZContest,
  ZModerationAction,
  type TContest,
  type TModerationAction,
} from '@flaneur/schema';
import type { DataSource, EntityManager } from 'typeorm';
import type { SocketRegistry } from '../../graphql/socket-registry';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { parseId, requireViewer } from '../../lib/viewer';
import type { TokenGrant } from '../access-tokens/access-tokens.service';
import { endUserSessions } from '../auth/end-sessions';
import type { MarketService } from '../market/market.service';
import { Property } from '../properties/property.entity';
import { User } from '../users/user.entity';
import type { Outbox } from '../../outbox/outbox';
import { LISTING_MARKET_SIGNALS_JOB, LISTING_PHOTO_SIGNALS_JOB, marketSignal, photoSignals } from './listing-signals';
import { ModerationAction } from './moderation-action.entity';
import { readQueue } from './moderation-queue';
import type { ModerationQueue } from './moderation.types';

/**
 * Moderation: the queue and the decisions (hide / restore a listing, warn / suspend / reinstate an account), for a
 * moderator in a signed-in session only, never on their own listing or account. Every decision is logged and read
 * by the owner it concerns, who may contest it once. Nothing is deleted.
 */
export class ModerationService {
  constructor(
    private readonly deps: { db: DataSource; sockets: SocketRegistry; outbox: Outbox; market: MarketService },
  ) {
    // The photos of a listing just published or changed, compared off the request (listing-signals.ts).
    deps.outbox.register<{ propertyId: number }>(LISTING_PHOTO_SIGNALS_JOB, async (p) => {
      await photoSignals(deps.db, p.propertyId);
    });
    // Its price against the market figures (listing-signals.ts); nothing when the listing is gone.
    deps.outbox.register<{ propertyId: number }>(LISTING_MARKET_SIGNALS_JOB, async (p) => {
      const listing = await deps.db.getRepository(Property).findOneBy({ id: Number(p.propertyId) || 0 });
      if (listing) await marketSignal(deps.db, listing.id, (await deps.market.markets([listing]))[0]);
    });
  }

  /** The moderator, or 403 in French (an access token never moderates, whatever its scopes). */
  private moderator(viewer: User | null, via: TokenGrant | null | undefined): User {
    const me = requireViewer(viewer);
    if (via) throw forbidden(MODERATION_MSG.moderationSessionOnly);
    if (me.role !== 'moderator') throw forbidden(MODERATION_MSG.moderatorOnly);
    return me;
  }

  async queue(viewer: User | null, via?: TokenGrant | null): Promise<ModerationQueue> {
    this.moderator(viewer, via);
    return readQueue(this.deps.db);
  }

  /** Applies and logs one decision; answers the logged action. */
  async act(
    viewer: User | null,
    input: TModerationAction | unknown,
    via?: TokenGrant | null,
  ): Promise<ModerationAction> {
    const me = this.moderator(viewer, via);
    const a = validate(ZModerationAction, input);
    if (!MODERATION_ACTIONS_BY_TARGET[a.targetType].includes(a.action))
      throw new AppError('BAD_USER_INPUT', MODERATION_MSG.moderationActionInvalid, {
        fields: { action: MODERATION_MSG.moderationActionInvalid },
      });
    let endedSessions: string[] = [];
    const logged = await this.deps.db.transaction(async (tx) => {
      let ownerId: number | null;
      if (a.targetType === 'property') {
        const p = await tx.getRepository(Property).findOneBy({ id: a.targetId });
        if (!p) throw notFound(MODERATION_MSG.moderationTargetNotFound);
        if (p.ownerId === me.id) throw forbidden(MODERATION_MSG.moderationOwnListing);
        ownerId = p.ownerId;
        await tx.getRepository(Property).update(p.id, { hiddenAt: a.action === 'hide' ? new Date() : null });
      } else {
        const u = await tx.getRepository(User).findOneBy({ id: a.targetId });
        if (!u || u.deletedAt) throw notFound(MODERATION_MSG.moderationTargetNotFound);
        if (u.id === me.id) throw forbidden(MODERATION_MSG.moderationSelf);
        ownerId = u.id;
        if (a.action !== 'warn') endedSessions = await this.setSuspended(tx, u.id, a.action === 'suspend');
      }
      const repo = tx.getRepository(ModerationAction);
      return repo.save(
        repo.create({
          moderatorId: me.id,
          targetType: a.targetType,
          targetId: a.targetId,
          ownerId,
          action: a.action,
          reason: a.reason,
        }),
      );
    });
    if (a.targetType === 'user' && a.action === 'suspend') {
      for (const sid of endedSessions) this.deps.sockets.closeSession(sid);
      this.deps.sockets.closeUser(a.targetId);
    }
    return logged;
  }

  /**
   * Suspends (no sign-in, no session, no token, listings not public) or reinstates an account; answers the
   * sessions ended. Through the repository: the row change invalidates the cached viewers.
   */
  private async setSuspended(tx: EntityManager, userId: number, suspended: boolean): Promise<string[]> {
    await tx.getRepository(User).update(userId, { suspendedAt: suspended ? new Date() : null });
    await tx.getRepository(Property).update({ ownerId: userId }, { ownerSuspended: suspended });
    return suspended ? endUserSessions(tx, userId) : [];
  }

  /** The decisions concerning the viewer (their listings, their account), newest first, with their reasons. */
  mine(viewer: User | null): Promise<ModerationAction[]> {
    const me = requireViewer(viewer);
    return this.deps.db
      .getRepository(ModerationAction)
      .find({ where: { ownerId: me.id }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** The owner's contest of a decision: once per decision (409), by the owner it concerns only (403). */
  async contest(viewer: User | null, actionId: unknown, input: TContest | unknown): Promise<ModerationAction> {
    const me = requireViewer(viewer);
    const id = parseId(actionId);
    const { message } = validate(ZContest, input);
    const repo = this.deps.db.getRepository(ModerationAction);
    const action = id ? await repo.findOneBy({ id }) : null;
    if (!action) throw notFound(MODERATION_MSG.moderationActionNotFound);
    if (action.ownerId !== me.id) throw forbidden(MODERATION_MSG.contestNotYours);
    const [row]: { id: number }[] = await this.deps.db.query(
      // Wrapped in a SELECT: TypeORM answers an UPDATE as [rows, rowCount], a SELECT as its rows.
      `WITH u AS (UPDATE moderation_actions SET contest = $2, contested_at = now()
         WHERE id = $1 AND contested_at IS NULL RETURNING id) SELECT id FROM u`,
      [action.id, message],
    );
    if (!row) throw new AppError('CONFLICT', MODERATION_MSG.contestDuplicate);
    return repo.findOneByOrFail({ id: action.id });
  }
}
