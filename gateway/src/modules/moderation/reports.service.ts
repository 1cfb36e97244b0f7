import { MODERATION_MSG, MSG, ZReport, type TReport } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Throttles } from '../../lib/throttle';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { Conversation } from '../conversations/conversation.entity';
import type { PropertiesService } from '../properties/properties.service';
import { User } from '../users/user.entity';
import { isNewAccount } from '../users/new-account';
import { Report } from './report.entity';

/**
 * Reports of listings, conversations and accounts: one per reporter and target, throttled (tighter for a new
 * account), never about one's own listing or account, only about what the reporter can see.
 */
export class ReportsService {
  constructor(private readonly deps: { db: DataSource; throttles: Throttles; properties: PropertiesService }) {}

  async create(viewer: User | null, input: TReport | unknown): Promise<Report> {
    const me = requireViewer(viewer);
    const r = validate(ZReport, input);
    await this.deps.throttles.consume('reportsPerUser', String(me.id));
    if (isNewAccount(me)) await this.deps.throttles.consume('reportsPerNewUser', String(me.id));
    const subjectUserId = await this.subjectOf(me, r.targetType, r.targetId);
    const [row]: { id: number }[] = await this.deps.db.query(
      `INSERT INTO reports (reporter_id, target_type, target_id, subject_user_id, reason, comment)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
      [me.id, r.targetType, r.targetId, subjectUserId, r.reason, r.comment],
    );
    if (!row) throw new AppError('CONFLICT', MODERATION_MSG.reportDuplicate);
    return this.deps.db.getRepository(Report).findOneByOrFail({ id: row.id });
  }

  /** The account the target is about, once checked that the reporter sees it and may report it. */
  private async subjectOf(me: User, type: Report['targetType'], id: number): Promise<number | null> {
    if (type === 'property') {
      // 404 « Bien non trouvé » for a listing the reporter cannot open (draft, hidden, unknown).
      const property = await this.deps.properties.get(id, { viewer: me });
      if (property.ownerId === me.id) throw forbidden(MODERATION_MSG.reportOwnListing);
      return property.ownerId;
    }
    if (type === 'conversation') {
      const c = await this.deps.db.getRepository(Conversation).findOneBy({ id });
      if (!c || (c.user1Id !== me.id && c.user2Id !== me.id)) throw notFound(MODERATION_MSG.reportTargetNotFound);
      return c.user1Id === me.id ? c.user2Id : c.user1Id;
    }
    if (id === me.id) throw forbidden(MODERATION_MSG.reportSelf);
    const user = await this.deps.db.getRepository(User).findOneBy({ id });
    if (!user || user.deletedAt) throw notFound(MSG.userNotFound);
    return user.id;
  }
}
