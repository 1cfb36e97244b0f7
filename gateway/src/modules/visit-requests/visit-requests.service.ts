import { MSG, TVisitRequest, ZVisitRequest } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { parseId, requireViewer } from '../../lib/viewer';
import { Property } from '../properties/property.entity';
import type { PropertiesService } from '../properties/properties.service';
import type { User } from '../users/user.entity';
import { VisitRequest } from './visit-request.entity';

/** The viewer's visit requests, as requester and as owner of the listings. */
export interface VisitRequestLists {
  asRequester: VisitRequest[];
  asOwner: VisitRequest[];
}

/** Visit requests (contact_requests): pending → approved | rejected, decided once by the listing's owner. */
export class VisitRequestsService {
  constructor(private readonly deps: { db: DataSource; properties: PropertiesService }) {}

  private get repo() {
    return this.deps.db.getRepository(VisitRequest);
  }

  /** Asks to visit a listing; one pending request per user and listing; not on one's own listing. */
  async request(viewer: User | null, input: TVisitRequest | unknown): Promise<VisitRequest> {
    const me = requireViewer(viewer);
    const { propertyId, message } = validate(ZVisitRequest, input);
    const property = await this.deps.properties.get(propertyId);
    if (property.ownerId === me.id) throw new AppError('BAD_USER_INPUT', MSG.visitOwnProperty);
    return this.deps.db.transaction(async (tx) => {
      // Serializes the requests of one user on one listing, so that racing duplicates cannot both be pending.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('visit-request:' || $1 || ':' || $2, 0))`, [
        property.id,
        me.id,
      ]);
      const repo = tx.getRepository(VisitRequest);
      if (await repo.existsBy({ propertyId: property.id, requesterId: me.id, status: 'pending' })) {
        throw new AppError('CONFLICT', MSG.visitAlreadyRequested);
      }
      return repo.save(repo.create({ propertyId: property.id, requesterId: me.id, message }));
    });
  }

  /** The listing's owner approves or rejects a pending request; the decision is final. */
  async respond(viewer: User | null, id: unknown, approve: boolean): Promise<VisitRequest> {
    const me = requireViewer(viewer);
    if (typeof approve !== 'boolean')
      throw new AppError('BAD_USER_INPUT', MSG.invalidInput, { fields: { approve: MSG.invalidInput } });
    const rid = parseId(id);
    const req = rid ? await this.repo.findOne({ where: { id: rid }, relations: { property: true } }) : null;
    if (!req) throw notFound(MSG.visitRequestNotFound);
    if (req.property?.ownerId !== me.id) throw forbidden(MSG.propertyForbidden);
    // The status guard in the UPDATE makes the decision final even when two answers race.
    const res = await this.repo
      .createQueryBuilder()
      .update()
      .set({ status: approve ? 'approved' : 'rejected' })
      .where('id = :id AND status = :pending', { id: req.id, pending: 'pending' })
      .execute();
    if (!res.affected) throw new AppError('CONFLICT', MSG.visitAlreadyAnswered);
    return this.repo.findOneByOrFail({ id: req.id });
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
