import { waitForLinks } from '../../gateway/test/outbox';

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('[e2e] E2E_DATA_DIR unset: run the journeys through e2e/jest.config.js');
  return dir;
}

/** Waits for the newest link containing `pathPart` (e.g. "/auth?token=") in the mail sent to `to`. */
export async function waitForLink(to: string, pathPart: string, timeoutMs = 10_000): Promise<string> {
  return (await waitForLinks(dataDir(), to, pathPart, 1, timeoutMs)).pop()!;
}
