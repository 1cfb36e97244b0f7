import DataLoader from 'dataloader';
import { DataSource, In } from 'typeorm';
import { Property } from '../modules/properties/property.entity';
import { loadPropertyStats, PropertyStats } from '../modules/properties/property-stats';
import { TenantFileShare } from '../modules/tenant-files/tenant-file-share.entity';
import { TenantFile } from '../modules/tenant-files/tenant-file.entity';
import { User } from '../modules/users/user.entity';

const byId = <T extends { id: number }>(rows: T[], ids: readonly number[]) => {
  const map = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => map.get(id) ?? null);
};

/** Per-request batch loaders: a list of N items costs one statement per relation, not N. */
export function createLoaders(db: DataSource) {
  return {
    user: new DataLoader<number, User | null>(async (ids) =>
      byId(await db.getRepository(User).findBy({ id: In([...ids]) }), ids),
    ),
    property: new DataLoader<number, Property | null>(async (ids) =>
      byId(await db.getRepository(Property).findBy({ id: In([...ids]) }), ids),
    ),
    /** Owner-only counts of each listing (views, favourites, conversations). */
    propertyStats: new DataLoader<number, PropertyStats>((ids) => loadPropertyStats(db, ids)),
    tenantFile: new DataLoader<number, TenantFile | null>(async (ids) =>
      byId(await db.getRepository(TenantFile).findBy({ id: In([...ids]) }), ids),
    ),
    /** Document accesses granted in each conversation (revoked ones included). */
    tenantFileSharesByConversation: new DataLoader<number, TenantFileShare[]>(async (ids) => {
      const rows = await db.getRepository(TenantFileShare).findBy({ conversationId: In([...ids]) });
      return ids.map((id) => rows.filter((r) => r.conversationId === id));
    }),
  };
}
export type Loaders = ReturnType<typeof createLoaders>;
