import fs from 'node:fs';
import path from 'node:path';

/** The decoded text of an .eml file: every MIME part, quoted-printable or base64 undone. */
function decodeEml(raw: string): string {
  // Quoted-printable soft line breaks would split long links.
  const unfolded = raw.replace(/=\r?\n/g, '');
  const parts = [unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))];
  for (const block of raw.match(/\r?\n\r?\n((?:[A-Za-z0-9+/=]{16,}\r?\n?)+)/g) ?? []) {
    parts.push(Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  return parts.join('\n');
}

/** The decoded text of every outbox e-mail sent to an address, oldest first (ASCII words read as written). */
export function outboxTexts(dataDir: string, to: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(`-${safe}.eml`))
    .sort()
    .map((f) => decodeEml(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** The links found in the outbox e-mails sent to an address, oldest first (gateway and end-to-end tests). */
export function outboxLinks(dataDir: string, to: string): string[] {
  const dir = path.join(dataDir, 'outbox');
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

/** The newest link to `pathPrefix` sent to an address. */
export function latestLink(dataDir: string, to: string, pathPrefix: string): string {
  const link = outboxLinks(dataDir, to)
    .filter((l) => l.includes(pathPrefix))
    .pop();
  if (!link) throw new Error(`no ${pathPrefix} link in the outbox for ${to}`);
  return link;
}

/** The token of the newest link to `pathPrefix` sent to an address. */
export function latestToken(dataDir: string, to: string, pathPrefix: string): string {
  return new URL(latestLink(dataDir, to, pathPrefix)).searchParams.get('token')!;
}

/**
 * Waits (up to `timeoutMs`) until at least `count` links to `pathPrefix` were sent to an address, and answers them,
 * oldest first: mails sent off the request path (forgot password) arrive after the answer.
 */
export async function waitForLinks(
  dataDir: string,
  to: string,
  pathPrefix: string,
  count = 1,
  timeoutMs = 5000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const links = outboxLinks(dataDir, to).filter((l) => l.includes(pathPrefix));
    if (links.length >= count) return links;
    if (Date.now() > deadline)
      throw new Error(`${links.length} of ${count} ${pathPrefix} links in the outbox for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The token of the newest link to `pathPrefix` sent to an address, once it has arrived. */
export async function waitForToken(dataDir: string, to: string, pathPrefix: string, count = 1): Promise<string> {
  const links = await waitForLinks(dataDir, to, pathPrefix, count);
  return new URL(links[links.length - 1]).searchParams.get('token')!;
}
