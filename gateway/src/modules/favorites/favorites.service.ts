import { MSG } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { notFound } from '../../lib/errors';
import { parseId, requireViewer } from '../../lib/viewer';
import type { Property } from '../properties/property.entity';
import type { PropertiesService } from '../properties/properties.service';
import type { User } from '../users/user.entity';
import { Favorite } from './favorite.entity';

/** A favourite with its listing, as listed. */
export interface FavoriteItem {
  favorite: Favorite;
  property: Property;
}

/** Favourites: unique per (user, listing); adding twice or removing a missing one is not an error. */
export class FavoritesService {
  constructor(private readonly deps: { db: DataSource; properties: PropertiesService }) {}

  private get repo() {
    return this.deps.db.getRepository(Favorite);
  }

  /** The viewer's favourites with their listings, newest first, in one statement. */
  async list(viewer: User | null): Promise<FavoriteItem[]> {
    const me = requireViewer(viewer);
    const rows = await this.repo.find({
      where: { userId: me.id },
      relations: { property: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return rows.map(({ property, ...favorite }) => ({ favorite: favorite as Favorite, property: property! }));
  }

  async isFavorite(viewer: User | null, propertyId: unknown): Promise<boolean> {
    const me = requireViewer(viewer);
    const property = await this.deps.properties.get(propertyId);
    return this.repo.existsBy({ userId: me.id, propertyId: property.id });
  }

  /** Adds a favourite; concurrent or repeated adds leave one row (unique constraint, ON CONFLICT DO NOTHING). */
  async add(viewer: User | null, propertyId: unknown): Promise<FavoriteItem> {
    const me = requireViewer(viewer);
    const property = await this.deps.properties.get(propertyId);
    await this.repo
      .createQueryBuilder()
      .insert()
      .values({ userId: me.id, propertyId: property.id })
      .orIgnore()
      .execute();
    const favorite = await this.repo.findOneByOrFail({ userId: me.id, propertyId: property.id });
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
    await this.repo.delete({ userId: me.id, propertyId: id });
  }
}
