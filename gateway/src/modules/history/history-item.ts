import { Field, ObjectType } from 'type-graphql';
import type { DataSource } from 'typeorm';
import { notFound } from '../../lib/errors';
import type { Publisher } from '../properties/same-home';
import { Property } from '../properties/property.entity';
import { HistoryEntry } from './history-entry.entity';

/** A history entry with its listing, as listed: `{ entry: { id, isViewed, viewedAt… }, property }`. */
@ObjectType({ description: 'A Découvertes entry with its listing.' })
export class HistoryItem {
  @Field(() => HistoryEntry, { description: 'The entry.' })
  entry: HistoryEntry;

  @Field(() => Property, { description: 'The listing.' })
  property: Property;
}

/** Presents an entry loaded with its listing as a history item (the listing moves out of the entry). */
export function item({ property, ...entry }: HistoryEntry & { property: Property }): HistoryItem {
  return { entry: entry as HistoryEntry, property };
}

/** An entry in REST: the legacy `{ id, isViewed, viewedAt }` and how it was found (`source`; null: opened). */
export const entryJson = (e: HistoryEntry) => ({
  id: e.id,
  isViewed: e.isViewed,
  viewedAt: e.viewedAt,
  source: e.source,
});

/** A history item in REST, `{ entry, property }`: Découvertes, a walk's discoveries, the simulated discovery. */
export const itemJson = ({ entry, property }: HistoryItem) => ({ entry: entryJson(entry), property });

/**
 * A Découvertes item in REST: with other accounts publishing the same home, its listing carries `alsoPublishedBy`;
 * the key is left out otherwise, so the legacy shape of the listing is unchanged.
 */
export const itemWithPublishersJson = (item: HistoryItem, alsoPublishedBy: Publisher[]) => {
  const json = itemJson(item);
  return alsoPublishedBy.length ? { ...json, property: { ...json.property, alsoPublishedBy } } : json;
};

/** One history entry with its listing, by entry id (subscription payloads carry only the entry id). */
export async function findItem(db: DataSource, entryId: number): Promise<HistoryItem> {
  const entry = await db.getRepository(HistoryEntry).findOne({ where: { id: entryId }, relations: { property: true } });
  if (!entry?.property) throw notFound();
  return item(entry as HistoryEntry & { property: Property });
}
