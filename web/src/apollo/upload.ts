import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import type { ApolloLink } from '@apollo/client';
import { xhrFetch } from './upload-fetch';

/**
 * The terminating link for operations whose variables hold files: a GraphQL multipart request
 * (apollo-upload-client) sent through XHR for progress, with the CSRF preflight header.
 */
export function createUploadLink(): ApolloLink {
  return new UploadHttpLink({
    uri: '/graphql',
    credentials: 'same-origin',
    headers: { 'apollo-require-preflight': 'true' },
    fetch: xhrFetch,
  });
}
