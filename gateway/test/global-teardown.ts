/** Stops the embedded database started by the global setup. */
export default async function globalTeardown() {
  const embedded = (globalThis as { __embedded?: { stop(): Promise<void> } }).__embedded;
  await embedded?.stop();
}
