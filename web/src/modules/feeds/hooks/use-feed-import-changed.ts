import { useSubscription } from '@apollo/client/react';
import { reportSubscriptionError } from '../../../apollo/subscription-errors';
import { FeedImportChangedDocument, FeedImportsDocument } from '../../../gql/graphql';

/**
 * The agency's imports, live (feedImportChanged, to the agency only): an import is normalized by id, so its card
 * follows by itself; one the list does not hold yet (a nightly fetch, another tab's upload) joins it on top.
 */
export function useFeedImportChanged(): void {
  useSubscription(FeedImportChangedDocument, {
    onData: ({ client, data }) => {
      const item = data.data?.feedImportChanged;
      if (!item) return;
      client.cache.updateQuery({ query: FeedImportsDocument }, (existing) => {
        if (!existing || existing.feedImports.some((i) => i.id === item.id)) return existing;
        return { ...existing, feedImports: [item, ...existing.feedImports] };
      });
    },
    onError: (error) => reportSubscriptionError('aux imports du flux', error),
  });
}
