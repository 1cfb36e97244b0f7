import DataLoader from 'dataloader';
import { DataSource, In } from 'typeorm';
import { Property } from '../modules/properties/property.entity';
import { loadPropertyStats, PropertyStats } from '../modules/properties/property-stats';
import { loadPriceHistories, type StoredPricePoint } from '../modules/properties/property-price-history';
import { loadAlsoPublishedBy, type Publisher } from '../modules/properties/same-home';
import { TenantFileShare } from '../modules/tenant-files/tenant-file-share.entity';
import { TenantFile } from '../modules/tenant-files/tenant-file.entity';
import { User } from '../modules/users/user.entity';

/** A listing and the length of the period of its stats, in days. */
type PropertyStatsKey = { id: number; days: number };

const byId = <T extends { id: number }>(rows: T[], ids: readonly number[]) => {
  const map = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => map.get(id) ?? null);
};

/**
 * Per-request batch loaders: a list of N items costs one statement per relation, not N. Each loader is made on its
 * first use: most operations (one listing, a subscription's socket) touch none or one, and every request and every
 * websocket operation builds a context.
 */
class RequestLoaders {
  private made: {
    user?: DataLoader<number, User | null>;
    property?: DataLoader<number, Property | null>;
    propertyStats?: DataLoader<PropertyStatsKey, PropertyStats, string>;
    priceHistory?: DataLoader<number, StoredPricePoint[]>;
    alsoPublishedBy?: DataLoader<number, Publisher[]>;
    tenantFile?: DataLoader<number, TenantFile | null>;
    tenantFileSharesByConversation?: DataLoader<number, TenantFileShare[]>;
  } = {};

  constructor(private readonly db: DataSource) {}

  get user(): DataLoader<number, User | null> {
    return (this.made.user ??= new DataLoader(async (ids) =>
      byId(await this.db.getRepository(User).findBy({ id: In([...ids]) }), ids),
    ));
  }

  get property(): DataLoader<number, Property | null> {
    return (this.made.property ??= new DataLoader(async (ids) =>
      byId(await this.db.getRepository(Property).findBy({ id: In([...ids]) }), ids),
    ));
  }

  /** Owner-only counts of each listing over a period: one statement per period asked (usually one). */
  get propertyStats(): DataLoader<PropertyStatsKey, PropertyStats, string> {
    return (this.made.propertyStats ??= new DataLoader(
      async (keys) => {
        const byDays = new Map<number, number[]>();
        for (const k of keys) byDays.set(k.days, [...(byDays.get(k.days) ?? []), k.id]);
        const found = new Map<string, PropertyStats>();
        for (const [days, ids] of byDays) {
          const stats = await loadPropertyStats(this.db, ids, days);
          ids.forEach((id, i) => found.set(`${days}:${id}`, stats[i]));
        }
        return keys.map((k) => found.get(`${k.days}:${k.id}`)!);
      },
      { cacheKeyFn: (k) => `${k.days}:${k.id}` },
    ));
  }

  /** Each listing's prices, oldest first (its history and its « Prix en baisse »). */
  get priceHistory(): DataLoader<number, StoredPricePoint[]> {
    return (this.made.priceHistory ??= new DataLoader((ids) => loadPriceHistories(this.db, ids)));
  }

  /** The other accounts publishing the same home as each listing (« Aussi publiée par »). */
  get alsoPublishedBy(): DataLoader<number, Publisher[]> {
    return (this.made.alsoPublishedBy ??= new DataLoader((ids) => loadAlsoPublishedBy(this.db, ids)));
  }

  get tenantFile(): DataLoader<number, TenantFile | null> {
    return (this.made.tenantFile ??= new DataLoader(async (ids) =>
      byId(await this.db.getRepository(TenantFile).findBy({ id: In([...ids]) }), ids),
    ));
  }

  /** Document accesses granted in each conversation (revoked ones included). */
  get tenantFileSharesByConversation(): DataLoader<number, TenantFileShare[]> {
    return (this.made.tenantFileSharesByConversation ??= new DataLoader(async (ids) => {
      const rows = await this.db.getRepository(TenantFileShare).findBy({ conversationId: In([...ids]) });
      return ids.map((id) => rows.filter((r) => r.conversationId === id));
    }));
  }
}

/** The loaders of one request (or one websocket operation). */
export function createLoaders(db: DataSource): Loaders {
  return new RequestLoaders(db);
}
export type Loaders = Pick<
  RequestLoaders,
  | 'user'
  | 'property'
  | 'propertyStats'
  | 'priceHistory'
  | 'alsoPublishedBy'
  | 'tenantFile'
  | 'tenantFileSharesByConversation'
>;
