import { ApolloLink, HttpLink } from '@apollo/client';
import { isSubscriptionOperation } from '@apollo/client/utilities';
import { from, mergeMap } from 'rxjs';
import { createPersistedLink } from './persisted-link';
import { hasUploads } from './upload-fetch';

/**
 * Queries and mutations go over HTTP with the session cookie; subscriptions over graphql-ws on the
 * same path. No RetryLink: queries and mutations are never retried.
 */
export function createLink(): ApolloLink {
  const http = new HttpLink({
    uri: '/graphql',
    credentials: 'same-origin',
    // Apollo Server's CSRF prevention is on (cookie auth): a non-simple header forces a preflight.
    headers: { 'apollo-require-preflight': 'true' },
  });

  // Subscriptions over graphql-ws: its code is fetched with the first subscription (ws-link.ts), so a
  // signed-out first visit never loads it.
  const ws = lazyLink(async () => (await import('./ws-link')).createWsLink());

  // Operations carrying files (photos, profile picture, documents) go as multipart requests.
  const upload = lazyLink(async () => (await import('./upload')).createUploadLink());
  // Queries and mutations (uploads included) go by their hash only: persisted-link.ts.
  const httpOrUpload = createPersistedLink().concat(
    ApolloLink.split(({ variables }) => hasUploads(variables), upload, http),
  );

  return ApolloLink.split(({ query }) => isSubscriptionOperation(query), ws, httpOrUpload);
}

/** A terminating link built on its first operation (its code loaded then); later operations reuse it. */
export function lazyLink(load: () => Promise<ApolloLink>): ApolloLink {
  let link: Promise<ApolloLink> | undefined;
  return new ApolloLink((operation, forward) => {
    link ??= load().catch((error: unknown) => {
      link = undefined; // a failed download (offline) is tried again with the next operation
      throw error;
    });
    return from(link).pipe(mergeMap((loaded) => loaded.request(operation, forward)));
  });
}
