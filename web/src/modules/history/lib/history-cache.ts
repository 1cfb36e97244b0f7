import type { ApolloCache } from '@apollo/client';
import { HistoryDocument, type HistoryCard_ItemFragment, type HistoryQuery } from '../../../gql/graphql';
import { isOnParisDay, parisDay } from '../../../lib/format';
import { withKnownMarketBadge } from '../../market/lib/market-badge-cache';
import { namedByAnother, withKnownPublishers } from '../../moderation/lib/also-published-by-cache';

function upsert(list: HistoryQuery['history'], item: HistoryQuery['history'][number]): HistoryQuery['history'] {
  // The same home published by another account, already listed under « Aussi publiée par »: shown once.
  if (namedByAnother(list, item.property.id)) return list;
  // History is unique per (user, listing): the newer entry replaces any older one of the same listing.
  const rest = list.filter((i) => i.entry.id !== item.entry.id && i.property.id !== item.property.id);
  return [item, ...rest];
}

/**
 * Writes a new or updated Découvertes item into the cached lists (all, and today's when it is from
 * today), without a refetch. Lists not yet loaded are left alone: they will load with it.
 *
 * The item is typed here: HistoryItem has no id, so the cache stores it inside the list, and an
 * object written without its __typename no longer matches the `on HistoryItem` fragment when the
 * list is read back (its `entry` and `property` come back undefined).
 */
export function writeHistoryItem(
  cache: ApolloCache,
  written: HistoryCard_ItemFragment,
  today: string = parisDay(),
): void {
  const item = {
    ...written,
    __typename: 'HistoryItem' as const,
    entry: { ...written.entry, __typename: 'HistoryEntry' as const },
    property: withKnownPublishers(cache, withKnownMarketBadge(cache, written.property)),
  };
  cache.updateQuery({ query: HistoryDocument }, (data) => (data ? { history: upsert(data.history, item) } : undefined));
  if (!isOnParisDay(item.entry.viewedAt, today)) return;
  cache.updateQuery({ query: HistoryDocument, variables: { since: today } }, (data) =>
    data ? { history: upsert(data.history, item) } : undefined,
  );
}
