import { MSG } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { notFound } from '../../lib/errors';
import { parseId, requireViewer } from '../../lib/viewer';
import type { Property } from '../properties/property.entity';
import { getManyWithPrices, type PriceReadOptions } from '../properties/property-price-history';
import type { PropertiesService } from '../properties/properties.service';
import type { User } from '../users/user.entity';
import type { WebhooksService } from '../webhooks/webhooks.service';
import { Favorite } from './favorite.entity';
import { listingOpenSql } from '../properties/lib/listing-visibility';

/** A favourite with its listing, as listed. */
export interface FavoriteItem {
  favorite: Favorite;
  property: Property;
}

/** Favourites: unique per (user, listing); adding twice or removing a missing one is not an error. */
export class FavoritesService {
  constructor(private readonly deps: { db: DataSource; properties: PropertiesService; webhooks: WebhooksService }) {}

  private get repo() {
    return this.deps.db.getRepository(Favorite);
  }

  /**
   * The viewer's favourites with their listings, newest first (with `prices`, the listings' price fields too), in
   * one statement.
   */
  async list(viewer: User | null, opts: PriceReadOptions = {}): Promise<FavoriteItem[]> {
    const me = requireViewer(viewer);
    const qb = this.repo
      .createQueryBuilder('f')
      .leftJoinAndSelect('f.property', 'p')
      .where('f.userId = :uid', { uid: me.id })
      // A listing hidden by moderation (or of a suspended account) leaves the list; the favourite row stays.
      .andWhere(listingOpenSql('p'))
      .orderBy('f.createdAt', 'DESC')
      .addOrderBy('f.id', 'DESC');
    const rows = opts.prices ? (await getManyWithPrices(qb, 'p', (f) => f.property)).entities : await qb.getMany();
    return rows.map(({ property, ...favorite }) => ({ favorite: favorite as Favorite, property: property! }));
  }

  async isFavorite(viewer: User | null, propertyId: unknown): Promise<boolean> {
    const me = requireViewer(viewer);
    const property = await this.deps.properties.get(propertyId, { viewer: me });
    return this.repo.existsBy({ userId: me.id, propertyId: property.id });
  }

  /** Adds a favourite; concurrent or repeated adds leave one row (unique constraint, ON CONFLICT DO NOTHING). */
  async add(viewer: User | null, propertyId: unknown): Promise<FavoriteItem> {
    const me = requireViewer(viewer);
    const property = await this.deps.properties.get(propertyId, { viewer: me });
    let queued = 0;
    const favorite = await this.deps.db.transaction(async (tx) => {
      const inserted: unknown[] = await tx.query(
        `INSERT INTO favorites (user_id, property_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
        [me.id, property.id],
      );
      if (inserted.length)
        queued = await this.deps.webhooks.emit(tx, {
          type: 'favorite.created',
          userIds: [me.id],
          data: { favorite: { propertyId: property.id } },
        });
      return tx.getRepository(Favorite).findOneByOrFail({ userId: me.id, propertyId: property.id });
    });
    if (queued) this.deps.webhooks.nudge();
    return { favorite, property };
  }

  /**
   * Removes a favourite if present (a missing one, even of a deleted listing, is not an error); an id that is not
   * a listing id at all is a 404, like everywhere else.
   */
  async remove(viewer: User | null, propertyId: unknown): Promise<void> {
    const me = requireViewer(viewer);
    const id = parseId(propertyId);
    if (!id) throw notFound(MSG.propertyNotFound);
    let queued = 0;
    await this.deps.db.transaction(async (tx) => {
      const deleted: unknown[] = await tx.query(
        // Wrapped in a SELECT: TypeORM answers a DELETE as [rows, rowCount], a SELECT as its rows.
        `WITH d AS (DELETE FROM favorites WHERE user_id = $1 AND property_id = $2 RETURNING id) SELECT id FROM d`,
        [me.id, id],
      );
      if (deleted.length)
        queued = await this.deps.webhooks.emit(tx, {
          type: 'favorite.deleted',
          userIds: [me.id],
          data: { favorite: { propertyId: id } },
        });
    });
    if (queued) this.deps.webhooks.nudge();
  }
}
