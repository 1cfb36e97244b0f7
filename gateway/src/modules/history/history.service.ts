import { MSG } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { AppError } from '../../lib/errors';
import { parseSince } from '../../lib/paris-time';
import { requireViewer } from '../../lib/viewer';
import type { Property } from '../properties/property.entity';
import { getManyWithPrices, type PriceReadOptions } from '../properties/property-price-history';
import type { PropertiesService } from '../properties/properties.service';
import type { User } from '../users/user.entity';
import { HistoryEntry } from './history-entry.entity';
import { findItem, HistoryItem, item } from './history-item';
import { listingOpenSql } from '../properties/lib/listing-visibility';
import { loadAlsoPublishedBy, type Publisher, shownTwinSql } from '../properties/same-home';

/** True when the text starts with a real calendar date: parseSince alone rolls 2026-02-30 over to March. */
function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** Découvertes: what the user discovered or viewed, one entry per listing. */
export class HistoryService {
  constructor(private readonly deps: { db: DataSource; properties: PropertiesService }) {}

  /**
   * The viewer's entries since a bound (a calendar date is midnight Europe/Paris), newest first, with their
   * listings (with `prices`, their price fields too), in one statement; of two entries of the same home published
   * by two accounts, only the one shown first (properties/same-home.ts).
   */
  async list(viewer: User | null, since?: string | null, opts: PriceReadOptions = {}): Promise<HistoryItem[]> {
    const me = requireViewer(viewer);
    const qb = this.deps.db
      .getRepository(HistoryEntry)
      .createQueryBuilder('h')
      .innerJoinAndSelect('h.property', 'p')
      .where('h.userId = :uid', { uid: me.id })
      // A listing hidden by moderation (or of a suspended account) leaves Découvertes, like any closed page.
      .andWhere(listingOpenSql('p'))
      .orderBy('h.viewedAt', 'DESC')
      .addOrderBy('h.id', 'DESC');
    let bound: Date | null = null;
    if (since) {
      bound = isCalendarDate(since) ? parseSince(since) : null;
      if (!bound) throw new AppError('BAD_USER_INPUT', MSG.invalidInput, { fields: { startDate: MSG.invalidInput } });
      qb.andWhere('h.viewedAt >= :bound', { bound });
    }
    // Duplicates merged: a listing whose twin of another account, shown before it, is in the same list leaves it
    // (named by the twin's « Aussi publiée par »; properties/same-home.ts).
    const twin = `t.user_id = h.user_id AND ${listingOpenSql('d')}${bound ? ' AND t.viewed_at >= :bound' : ''}`;
    qb.andWhere(
      `NOT EXISTS (SELECT 1 FROM history_entries t JOIN properties d ON d.id = t.property_id WHERE ${shownTwinSql('p', 'd')} AND ${twin})`,
    );
    const rows = opts.prices ? (await getManyWithPrices(qb, 'p', (h) => h.property)).entities : await qb.getMany();
    return rows.map((row) => item(row as HistoryEntry & { property: Property }));
  }

  /** The other accounts publishing the same home as each item's listing, in one statement (properties/same-home.ts). */
  alsoPublishedBy(items: HistoryItem[]): Promise<Publisher[][]> {
    return loadAlsoPublishedBy(
      this.deps.db,
      items.map((i) => i.property.id),
    );
  }

  /** One entry with its listing, by entry id (the payload of a discovery event carries only the entry id). */
  item(entryId: number): Promise<HistoryItem> {
    return findItem(this.deps.db, entryId);
  }

  /**
   * Records that the viewer opened a listing: the entry is created or marked viewed, now. An entry created here has
   * no source (the listing was opened, not discovered); an existing one keeps its own.
   */
  async recordView(viewer: User | null, propertyId: unknown): Promise<HistoryEntry> {
    const me = requireViewer(viewer);
    const property = await this.deps.properties.get(propertyId, { viewer: me });
    const [row] = await this.deps.db.query(
      `INSERT INTO history_entries (user_id, property_id, is_viewed, viewed_at, source)
       VALUES ($1, $2, true, now(), NULL)
       ON CONFLICT (user_id, property_id) DO UPDATE SET is_viewed = true, viewed_at = now()
       RETURNING id`,
      [me.id, property.id],
    );
    return this.deps.db.getRepository(HistoryEntry).findOneByOrFail({ id: row.id });
  }
}
