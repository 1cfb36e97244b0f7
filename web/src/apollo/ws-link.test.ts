import { ApolloClient, ApolloLink, gql, InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { isSubscriptionOperation } from '@apollo/client/utilities';
import type { Client, ClientOptions } from 'graphql-ws';
import { Observable } from 'rxjs';
import { createWsLink } from './ws-link';

const UNREAD: TypedDocumentNode<{ unreadMessageCount: number }> = gql`
  query Unread {
    unreadMessageCount
  }
`;
const UPDATED = gql`
  subscription Updated {
    conversationUpdated {
      unreadMessageCount
    }
  }
`;

/** A graphql-ws client driven by the test: it keeps the options (and their `on` listeners) it was made with. */
function fakeWs() {
  const made: { options?: ClientOptions; payloads: unknown[] } = { payloads: [] };
  const connect = (options: ClientOptions): Client => {
    made.options = options;
    return {
      subscribe: (payload) => {
        made.payloads.push(payload);
        return () => undefined;
      },
      iterate: () => {
        throw new Error('unused');
      },
      on: () => () => undefined,
      dispose: () => undefined,
      terminate: () => undefined,
    };
  };
  const on = () => made.options!.on!;
  return {
    connect,
    options: () => made.options!,
    payloads: () => made.payloads,
    connected: () => (on().connected as (...a: unknown[]) => void)({}, {}, false),
    closed: (code: number) => (on().closed as (e: unknown) => void)({ code, reason: '' }),
  };
}

/** An Apollo Client whose queries are counted, its subscriptions going to the websocket link. */
function clientWith(ws: ReturnType<typeof fakeWs>) {
  let fetches = 0;
  const http = new ApolloLink(
    () =>
      new Observable((observer) => {
        fetches += 1;
        observer.next({ data: { unreadMessageCount: fetches } });
        observer.complete();
      }),
  );
  const link = ApolloLink.split(({ query }) => isSubscriptionOperation(query), createWsLink(ws.connect), http);
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  return { client, fetches: () => fetches };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('websocket link', () => {
  it('should fetch the active queries again once reconnected after the server closed the socket (1012)', async () => {
    const ws = fakeWs();
    const { client, fetches } = clientWith(ws);
    const values: number[] = [];
    const query = client
      .watchQuery({ query: UNREAD })
      .subscribe(({ data }) => data?.unreadMessageCount !== undefined && values.push(data.unreadMessageCount));
    const subscription = client.subscribe({ query: UPDATED }).subscribe(() => undefined);
    await settle();
    ws.connected();
    expect(fetches()).toBe(1);

    ws.closed(1012);
    ws.connected();
    await settle();

    expect(fetches()).toBe(2);
    expect(values).toEqual([1, 2]);
    query.unsubscribe();
    subscription.unsubscribe();
  });

  it('should not fetch again when the socket was closed by the client itself (1000, no subscription left)', async () => {
    const ws = fakeWs();
    const { client, fetches } = clientWith(ws);
    const query = client.watchQuery({ query: UNREAD }).subscribe(() => undefined);
    const subscription = client.subscribe({ query: UPDATED }).subscribe(() => undefined);
    await settle();
    ws.connected();
    ws.closed(1000);
    ws.connected();
    await settle();

    expect(fetches()).toBe(1);
    query.unsubscribe();
    subscription.unsubscribe();
  });

  it("should send a subscription's hash as the gateway's trusted documents expect it", async () => {
    const ws = fakeWs();
    const { client } = clientWith(ws);
    const withHash = { ...UPDATED, __meta__: { hash: `sha256:${'a'.repeat(64)}` } };
    const subscription = client.subscribe({ query: withHash }).subscribe(() => undefined);
    await settle();
    expect(ws.payloads()).toEqual([
      expect.objectContaining({
        operationName: 'Updated',
        extensions: expect.objectContaining({ persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } }),
      }),
    ]);
    subscription.unsubscribe();
  });

  it('should keep reconnecting, lazily, with waits that grow up to 30 s', () => {
    const ws = fakeWs();
    createWsLink(ws.connect);
    expect(ws.options()).toMatchObject({ lazy: true, retryAttempts: Infinity });
    jest.useFakeTimers();
    jest.spyOn(Math, 'random').mockReturnValue(0);
    try {
      const retryWait = ws.options().retryWait!;
      void retryWait(0);
      void retryWait(10);
      expect(jest.getTimerCount()).toBe(2);
      jest.advanceTimersByTime(1000);
      expect(jest.getTimerCount()).toBe(1);
      jest.advanceTimersByTime(29_000);
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
      jest.restoreAllMocks();
    }
  });
});
