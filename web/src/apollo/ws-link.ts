import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient } from 'graphql-ws';
import { graphqlWsUrl } from './ws-url';

/**
 * The subscriptions' terminating link, in its own chunk (links.ts imports it on the first subscription).
 * lazy: the socket opens with the first subscription and closes when the last one ends.
 */
export function createWsLink(): GraphQLWsLink {
  return new GraphQLWsLink(createClient({ url: graphqlWsUrl(), lazy: true }));
}
