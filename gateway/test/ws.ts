import { Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';

/** A graphql-ws client to a listening test gateway, sending the given cookie and Origin like a browser. */
export function wsClient(
  port: number,
  opts: { cookie?: string; origin?: string; lazy?: boolean; headers?: Record<string, string> } = {},
): Client {
  class CookieWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, {
        headers: {
          ...opts.headers,
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          origin: opts.origin ?? 'http://localhost:4000',
        },
      });
    }
  }
  return createClient({
    url: `ws://127.0.0.1:${port}/graphql`,
    webSocketImpl: CookieWebSocket,
    retryAttempts: 0,
    lazy: opts.lazy ?? true,
  });
}

/** Runs one query or mutation over the socket. */
export function wsExecute<T = any>(
  client: Client,
  query: string,
  variables?: Record<string, unknown>,
  extensions?: Record<string, unknown>,
): Promise<{ data?: T; errors?: readonly { message: string }[] }> {
  return new Promise((resolve, reject) => {
    let result: { data?: T; errors?: readonly { message: string }[] } = {};
    client.subscribe<T>(
      { query, variables, extensions },
      {
        next: (v) => (result = v as typeof result),
        error: (e) => (Array.isArray(e) ? resolve({ errors: e }) : reject(e)),
        complete: () => resolve(result),
      },
    );
  });
}
