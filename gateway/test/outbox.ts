import fs from 'node:fs';
import path from 'node:path';

/** The links found in the outbox e-mails sent to an address, oldest first. */
export function outboxLinks(dataDir: string, to: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(`-${safe}.eml`))
    .sort()
    .flatMap((f) => {
      // Quoted-printable soft line breaks would split long links.
      const raw = fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      return [...new Set(raw.match(/https?:\/\/[^\s"<>]+/g) ?? [])];
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
