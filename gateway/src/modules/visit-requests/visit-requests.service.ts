import { MSG, WALK_MSG, TVisitRequest, TVisitSlot, ZVisitRequest, ZVisitSlot } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import type { Queryable } from '../../db/prepared';
import { Topic, type AppPubSub } from '../../graphql/pubsub';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { validate } from '../../lib/validate';
import { parseId, requireViewer } from '../../lib/viewer';
import type { ConversationsService } from '../conversations/conversations.service';
import type { MessagesService } from '../conversations/messages.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { Property } from '../properties/property.entity';
import type { PropertiesService } from '../properties/properties.service';
import type { User } from '../users/user.entity';
import type { WebhooksService } from '../webhooks/webhooks.service';
import { VisitRequest } from './visit-request.entity';

/** The viewer's visit requests, as requester and as owner of the listings. */
export interface VisitRequestLists {
  asRequester: VisitRequest[];
  asOwner: VisitRequest[];
}

const PARIS = 'Europe/Paris';
const dayText = new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, weekday: 'long', day: 'numeric', month: 'long' });
const timeText = new Intl.DateTimeFormat('fr-FR', {
  timeZone: PARIS,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** « Visite proposée le samedi 14 juin de 10:00 à 10:30 », read in Europe/Paris. */
export function visitSlotText(start: Date, slotMinutes: number): string {
  const end = new Date(start.getTime() + slotMinutes * 60_000);
  return `Visite proposée le ${dayText.format(start)} de ${timeText.format(start)} à ${timeText.format(end)}`;
}

/**
 * Visit requests (visit_requests): pending → approved | rejected, decided once by the listing's owner.
 * Approving proposes a slot, which is also written into the conversation between the two about the listing.
 * Each change is told live (visitRequestChanged): a new request to the owner, an answer to the requester.
 */
export class VisitRequestsService {
  constructor(
    private readonly deps: {
      db: DataSource;
      pubsub: AppPubSub;
      logger: Logger;
      properties: PropertiesService;
      conversations: ConversationsService;
      messages: MessagesService;
      notifications: NotificationsService;
      webhooks: WebhooksService;
    },
  ) {}

  private get repo() {
    return this.deps.db.getRepository(VisitRequest);
  }

  /** Asks to visit a listing; one pending request per user and listing; not on one's own listing. */
  async request(viewer: User | null, input: TVisitRequest | unknown): Promise<VisitRequest> {
    const me = requireViewer(viewer);
    const { propertyId, message } = validate(ZVisitRequest, input);
    const property = await this.deps.properties.get(propertyId, { viewer: me });
    if (property.ownerId === me.id) throw new AppError('BAD_USER_INPUT', MSG.visitOwnProperty);
    const created = await this.deps.db.transaction(async (tx) => {
      // Serializes the requests of one user on one listing, so that racing duplicates cannot both be pending.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('visit-request:' || $1 || ':' || $2, 0))`, [
        property.id,
        me.id,
      ]);
      const repo = tx.getRepository(VisitRequest);
      if (await repo.existsBy({ propertyId: property.id, requesterId: me.id, status: 'pending' })) {
        throw new AppError('CONFLICT', MSG.visitAlreadyRequested);
      }
      const saved = await repo.save(repo.create({ propertyId: property.id, requesterId: me.id, message }));
      // The owner's push alert (« Nouvelle demande de visite »), sent once this commits.
      await this.deps.notifications.enqueueVisitAlert(tx, saved.id);
      await this.emit(tx, 'visit_request.created', saved, property.ownerId);
      return saved;
    });
    this.deps.notifications.nudge();
    if (property.ownerId !== null) this.tell(property.ownerId, created.id);
    return created;
  }

  /**
   * The listing's owner approves (with a proposed slot) or rejects a pending request; the decision is final.
   * An approval also posts the slot into the conversation with the requester about the listing (created if missing).
   */
  async respond(
    viewer: User | null,
    id: unknown,
    approve: boolean,
    slot?: TVisitSlot | unknown,
  ): Promise<VisitRequest> {
    const me = requireViewer(viewer);
    if (typeof approve !== 'boolean')
      throw new AppError('BAD_USER_INPUT', MSG.invalidInput, { fields: { approve: MSG.invalidInput } });
    const rid = parseId(id);
    const req = rid ? await this.repo.findOne({ where: { id: rid }, relations: { property: true } }) : null;
    if (!req) throw notFound(MSG.visitRequestNotFound);
    if (req.property?.ownerId !== me.id) throw forbidden(MSG.propertyForbidden);
    const proposal = approve ? validate(ZVisitSlot, slot ?? {}) : null;
    // The status guard in the UPDATE makes the decision final even when two answers race.
    const answered = await this.deps.db.transaction(async (tx) => {
      const repo = tx.getRepository(VisitRequest);
      const res = await repo
        .createQueryBuilder()
        .update()
        .set(
          proposal
            ? { status: 'approved', proposedAt: proposal.proposedAt, slotMinutes: proposal.slotMinutes }
            : { status: 'rejected' },
        )
        .where('id = :id AND status = :pending', { id: req.id, pending: 'pending' })
        .execute();
      if (!res.affected) throw new AppError('CONFLICT', MSG.visitAlreadyAnswered);
      const row = await repo.findOneByOrFail({ id: req.id });
      await this.emit(tx, 'visit_request.updated', row, me.id);
      return row;
    });
    this.deps.webhooks.nudge();
    if (proposal) await this.postProposal(me, req, visitSlotText(proposal.proposedAt, proposal.slotMinutes));
    for (const userId of [req.requesterId, me.id]) this.tell(userId, req.id);
    return answered;
  }

  /**
   * The requester confirms (true) or declines (false) the slot the owner proposed, once: the request must be approved
   * with a slot still ahead. The answer is written into their conversation about the listing and told live to both.
   */
  async answerSlot(viewer: User | null, id: unknown, confirm: unknown): Promise<VisitRequest> {
    const me = requireViewer(viewer);
    if (typeof confirm !== 'boolean')
      throw new AppError('BAD_USER_INPUT', WALK_MSG.visitSlotAnswerRequired, {
        fields: { confirm: WALK_MSG.visitSlotAnswerRequired },
      });
    const rid = parseId(id);
    const req = rid ? await this.repo.findOne({ where: { id: rid }, relations: { property: true } }) : null;
    // Only the requester answers; to anyone else (the owner included) the request is not theirs to answer.
    if (!req || req.requesterId !== me.id) throw notFound(MSG.visitRequestNotFound);
    if (req.status !== 'approved' || !req.proposedAt || !req.slotMinutes)
      throw new AppError('CONFLICT', WALK_MSG.visitSlotNotProposed);
    if (req.slotAnswer) throw new AppError('CONFLICT', WALK_MSG.visitSlotAlreadyAnswered);
    if (req.proposedAt.getTime() <= Date.now()) throw new AppError('BAD_USER_INPUT', WALK_MSG.visitSlotPast);
    const ownerId = req.property?.ownerId ?? null;
    const answered = await this.deps.db.transaction(async (tx) => {
      const repo = tx.getRepository(VisitRequest);
      // The guard makes the answer final even when two answers race.
      const res = await repo
        .createQueryBuilder()
        .update()
        .set({ slotAnswer: confirm ? 'confirmed' : 'declined', slotAnsweredAt: () => 'now()' })
        .where('id = :id AND status = :approved AND slot_answer IS NULL', { id: req.id, approved: 'approved' })
        .execute();
      if (!res.affected) throw new AppError('CONFLICT', WALK_MSG.visitSlotAlreadyAnswered);
      const row = await repo.findOneByOrFail({ id: req.id });
      await this.emit(tx, 'visit_request.updated', row, ownerId);
      return row;
    });
    this.deps.webhooks.nudge();
    const slot = visitSlotText(req.proposedAt, req.slotMinutes).replace('Visite proposée', 'visite');
    if (ownerId !== null)
      await this.postNotice(me, ownerId, req, confirm ? `Créneau confirmé : ${slot}.` : `Créneau refusé : ${slot}.`);
    for (const userId of ownerId === null ? [me.id] : [me.id, ownerId]) this.tell(userId, req.id);
    return answered;
  }

  /** A visit request webhook event, to the requester and the listing's owner. */
  private emit(
    tx: Queryable,
    type: 'visit_request.created' | 'visit_request.updated',
    v: VisitRequest,
    ownerId: number | null,
  ): Promise<number> {
    return this.deps.webhooks.emit(tx, {
      type,
      id: type === 'visit_request.created' ? `visit_request_${v.id}_created` : undefined,
      userIds: ownerId === null ? [v.requesterId] : [v.requesterId, ownerId],
      data: {
        visitRequest: {
          id: v.id,
          propertyId: v.propertyId,
          requesterId: v.requesterId,
          status: v.status,
          message: v.message,
          proposedAt: v.proposedAt,
          slotMinutes: v.slotMinutes,
          slotAnswer: v.slotAnswer,
          createdAt: v.createdAt,
        },
      },
    });
  }

  /** One request, for its requester or the listing's owner (reloaded for each live event). */
  async get(viewer: User | null, id: unknown): Promise<VisitRequest> {
    const me = requireViewer(viewer);
    const rid = parseId(id);
    const req = rid ? await this.repo.findOne({ where: { id: rid }, relations: { property: true } }) : null;
    if (!req || (req.requesterId !== me.id && req.property?.ownerId !== me.id))
      throw notFound(MSG.visitRequestNotFound);
    delete req.property;
    return req;
  }

  /** The viewer's latest request on a listing (the one its page shows), or null. */
  async mine(viewer: User | null, propertyId: unknown): Promise<VisitRequest | null> {
    const me = requireViewer(viewer);
    const pid = parseId(propertyId);
    if (!pid) return null;
    return this.repo.findOne({
      where: { propertyId: pid, requesterId: me.id },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /** The live stream of the viewer's request changes (routed by user; checked by the resolver's topicId). */
  private tell(userId: number, requestId: number): void {
    this.deps.pubsub.publish(Topic.VisitRequestChanged, userId, { requestId });
  }

  /** The accepted slot as a message from the owner in their conversation about the listing. */
  private postProposal(owner: User, req: VisitRequest, slot: string): Promise<void> {
    return this.postNotice(owner, req.requesterId, req, `Demande de visite acceptée. ${slot}.`);
  }

  /** A notice from `sender` to `otherId` in their conversation about the request's listing (created if missing). */
  private async postNotice(sender: User, otherId: number, req: VisitRequest, content: string): Promise<void> {
    try {
      const { id } = await this.deps.conversations.start(sender, otherId, req.propertyId);
      await this.deps.messages.postNotice(sender, id, content);
    } catch (error) {
      // The decision stands even if the conversation cannot be written (e.g. the other account was deleted).
      this.deps.logger.warn({ err: error, requestId: req.id }, 'visit notice not posted to the conversation');
    }
  }

  /** The viewer's requests (sent) and the requests on the viewer's listings (received), newest first. */
  async list(viewer: User | null): Promise<VisitRequestLists> {
    const me = requireViewer(viewer);
    const [asRequester, asOwner] = await Promise.all([
      this.repo.find({ where: { requesterId: me.id }, order: { createdAt: 'DESC', id: 'DESC' } }),
      this.repo
        .createQueryBuilder('r')
        .innerJoin(Property, 'p', 'p.id = r.propertyId')
        .where('p.ownerId = :uid', { uid: me.id })
        .orderBy('r.createdAt', 'DESC')
        .addOrderBy('r.id', 'DESC')
        .getMany(),
    ]);
    return { asRequester, asOwner };
  }
}
