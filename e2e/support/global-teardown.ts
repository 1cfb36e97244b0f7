import { stopServer } from './server';

/** Stops the gateway started by the global setup (by its own handle, never by name). */
export default async function globalTeardown(): Promise<void> {
  const server = globalThis.__E2E_SERVER__;
  if (server) await stopServer(server);
  globalThis.__E2E_SERVER__ = undefined;
  await globalThis.__E2E_GEOCODER__?.close();
  globalThis.__E2E_GEOCODER__ = undefined;
}
