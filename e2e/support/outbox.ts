import fs from 'node:fs';
import path from 'node:path';

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('[e2e] E2E_DATA_DIR unset: run the journeys through e2e/jest.config.js');
  return dir;
}

/** The decoded text of an .eml file: every MIME part, quoted-printable or base64 undone. */
function decodeEml(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const parts = [unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))];
  // base64 bodies: decode each block of base64 lines following a blank line.
  for (const block of raw.match(/\r?\n\r?\n((?:[A-Za-z0-9+/=]{16,}\r?\n?)+)/g) ?? []) {
    parts.push(Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  return parts.join('\n');
}

/** Every link found in the outbox e-mails sent to `to`, oldest first. */
export function outboxLinks(to: string): string[] {
  const dir = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(dir)) return [];
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(`-${safe}.eml`))
    .sort()
    .flatMap((f) => {
      const text = decodeEml(fs.readFileSync(path.join(dir, f), 'utf8'));
      return [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])].map((l) => l.replace(/&amp;/g, '&'));
    });
}

/** Waits for the newest link containing `pathPart` (e.g. "/auth?token=") in the mail sent to `to`. */
export async function waitForLink(to: string, pathPart: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = outboxLinks(to)
      .filter((l) => l.includes(pathPart))
      .pop();
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`[e2e] no "${pathPart}" link in the outbox for ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
