import { ApolloLink, type ApolloClient } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { type Client, type ClientOptions, createClient } from 'graphql-ws';
import { knownDocumentHash } from './persisted-link';
import { graphqlWsUrl } from './ws-url';

/** Waits between reconnection attempts: 1 s, 2 s, 4 s… up to 30 s, plus up to 1 s of jitter. */
export function retryWait(retries: number): Promise<void> {
  const ms = Math.min(1000 * 2 ** retries, 30_000) + Math.random() * 1000;
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The subscriptions' terminating link, in its own chunk (links.ts imports it on the first subscription).
 * lazy: the socket opens with the first subscription and closes (1000) when the last one ends.
 *
 * A socket lost otherwise (a gateway restarting says 1012, a network cut 1006) is opened again without end
 * (graphql-ws resubscribes, through the proxy to another gateway); the events sent meanwhile are lost, so once it is
 * connected again every active query is fetched again (refetchObservableQueries).
 */
export function createWsLink(connect: (options: ClientOptions) => Client = createClient): ApolloLink {
  let apollo: ApolloClient | undefined;
  let wasConnected = false;
  let missed = false;
  const ws = connect({
    url: graphqlWsUrl(),
    lazy: true,
    retryAttempts: Infinity,
    retryWait,
    on: {
      connected: () => {
        if (missed) void apollo?.refetchObservableQueries();
        wasConnected = true;
        missed = false;
      },
      closed: (event) => {
        if (wasConnected && (event as { code?: number } | undefined)?.code !== 1000) missed = true;
      },
    },
  });
  const link = new GraphQLWsLink(ws);
  return new ApolloLink((operation) => {
    apollo ??= operation.client;
    // Trusted documents on the socket too: the gateway runs the manifest's text of this hash.
    const sha256Hash = knownDocumentHash(operation.query);
    if (sha256Hash) operation.extensions.persistedQuery = { version: 1, sha256Hash };
    return link.request(operation);
  });
}
