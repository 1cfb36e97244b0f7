import { ApolloLink, HttpLink } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { isSubscriptionOperation } from '@apollo/client/utilities';
import { createClient } from 'graphql-ws';
import { createUploadLink } from './upload';
import { hasUploads } from './upload-fetch';
import { graphqlWsUrl } from './ws-url';

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

  // lazy: the socket opens with the first subscription and closes when the last one ends.
  const ws = new GraphQLWsLink(createClient({ url: graphqlWsUrl(), lazy: true }));

  // Operations carrying files (photos, profile picture, documents) go as multipart requests.
  const httpOrUpload = ApolloLink.split(({ variables }) => hasUploads(variables), createUploadLink(), http);

  return ApolloLink.split(({ query }) => isSubscriptionOperation(query), ws, httpOrUpload);
}
