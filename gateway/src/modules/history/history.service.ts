import { MSG } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { AppError } from '../../lib/errors';
import { parseSince } from '../../lib/paris-time';
import { assertSameUser, requireViewer } from '../../lib/viewer';
import type { Property } from '../properties/property.entity';
import type { PropertiesService } from '../properties/properties.service';
import type { User } from '../users/user.entity';
import { HistoryEntry } from './history-entry.entity';

/** True when the text starts with a real calendar date: parseSince alone rolls 2026-02-30 over to March. */
function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** A history entry with its listing, as listed (SPEC.md §3). */
export interface HistoryItem {
  entry: HistoryEntry;
  property: Property;
}

/** Découvertes: what the user discovered or viewed, one entry per listing. */
export class HistoryService {
  constructor(private readonly deps: { db: DataSource; properties: PropertiesService }) {}

  /**
   * The viewer's entries since a bound (a calendar date is midnight Europe/Paris), newest first, with their
   * listings, in one statement. A legacy `userId` must be the viewer's.
   */
  async list(viewer: User | null, since?: string | null, claimedUserId?: unknown): Promise<HistoryItem[]> {
    const me = assertSameUser(viewer, claimedUserId);
    const qb = this.deps.db
      .getRepository(HistoryEntry)
      .createQueryBuilder('h')
      .innerJoinAndSelect('h.property', 'p')
      .where('h.userId = :uid', { uid: me.id })
      .orderBy('h.viewedAt', 'DESC')
      .addOrderBy('h.id', 'DESC');
    if (since) {
      const bound = isCalendarDate(since) ? parseSince(since) : null;
      if (!bound) throw new AppError('BAD_USER_INPUT', MSG.invalidInput, { fields: { startDate: MSG.invalidInput } });
      qb.andWhere('h.viewedAt >= :bound', { bound });
    }
    const rows = await qb.getMany();
    return rows.map(({ property, ...entry }) => ({ entry: entry as HistoryEntry, property: property! }));
  }

  /** Records that the viewer opened a listing: the entry is created or marked viewed, now. */
  async recordView(viewer: User | null, propertyId: unknown, claimedUserId?: unknown): Promise<HistoryEntry> {
    const me = claimedUserId === undefined ? requireViewer(viewer) : assertSameUser(viewer, claimedUserId);
    const property = await this.deps.properties.get(propertyId);
    const [row] = await this.deps.db.query(
      `INSERT INTO history_entries (user_id, property_id, is_viewed, viewed_at)
       VALUES ($1, $2, true, now())
       ON CONFLICT (user_id, property_id) DO UPDATE SET is_viewed = true, viewed_at = now()
       RETURNING id`,
      [me.id, property.id],
    );
    return this.deps.db.getRepository(HistoryEntry).findOneByOrFail({ id: row.id });
  }
}
