import type { Client } from 'graphql-ws';

/** Collects the events of a subscription; `ready` resolves once the server has acknowledged it. */
export function collect<T = any>(client: Client, query: string, variables?: Record<string, unknown>) {
  const events: T[] = [];
  const errors: unknown[] = [];
  let resolveAck!: () => void;
  const ready = new Promise<void>((r) => (resolveAck = r));
  // graphql-ws acknowledges the connection before operations start; a short pause lets the subscribe reach the server.
  const unsubscribe = client.subscribe<T>(
    { query, variables },
    {
      next: (v) => (v.errors ? errors.push(...v.errors) : events.push(v.data as T)),
      error: (e) => errors.push(e),
      complete: () => {},
    },
  );
  client.on('connected', () => setTimeout(resolveAck, 50));
  return { events, errors, ready, unsubscribe };
}

/** Waits until `predicate` holds or `ms` pass. */
export async function waitFor(predicate: () => boolean, ms = 1000): Promise<boolean> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}
