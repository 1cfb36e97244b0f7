import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import { type ContentEncoding, pickEncoding, PUBLIC_READ_CACHE_CONTROL, weakEtagOf } from './caching';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** How long an anonymous page is served from memory: the minute its Cache-Control gives browsers and proxies. */
export const PAGE_CACHE_TTL_MS = 60_000;
/** At most this many pages, and this many bytes of them (all encodings): the oldest go first. */
const PAGE_CACHE_MAX_ENTRIES = 300;
const PAGE_CACHE_MAX_BYTES = 24 * 1024 * 1024;

/** Both encodings can be made for any page. */
const ENCODINGS = new Set<ContentEncoding>(['br', 'gzip']);

/** A server-rendered page as it is sent: status, validator, and its bodies by encoding (made once each, on demand). */
export interface SentPage {
  status: number;
  etag: string;
  identity: Buffer;
  encoded: Map<ContentEncoding, Promise<Buffer>>;
}

/** A page for sending, with its weak ETag (the same page also goes br- or gzip-encoded). */
export function sentPage(status: number, html: string): SentPage {
  return { status, etag: weakEtagOf(html), identity: Buffer.from(html, 'utf8'), encoded: new Map() };
}

/** The page's body in `encoding`: brotli at quality 5 (a few milliseconds for a page), gzip at its default level. */
function encode(page: SentPage, encoding: ContentEncoding): Promise<Buffer> {
  let body = page.encoded.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? brotli(page.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzip(page.identity);
    page.encoded.set(encoding, body);
  }
  return body;
}

/**
 * Sends a page compressed as the client accepts, with `cacheControl`, `Vary: Cookie, Accept-Encoding` and, for a
 * public page, its ETag: a matching If-None-Match answers 304 without a body.
 */
export async function sendPage(req: Request, res: Response, page: SentPage, cacheControl: string): Promise<void> {
  res.status(page.status).type('html');
  res.setHeader('Cache-Control', cacheControl);
  res.vary('Cookie');
  res.vary('Accept-Encoding');
  if (cacheControl === PUBLIC_READ_CACHE_CONTROL) {
    res.setHeader('ETag', page.etag);
    if (page.status === 200 && req.fresh) {
      res.status(304).end();
      return;
    }
  }
  const encoding = pickEncoding(req.headers['accept-encoding'], ENCODINGS);
  if (!encoding) {
    res.send(page.identity);
    return;
  }
  const body = await encode(page, encoding);
  res.setHeader('Content-Encoding', encoding);
  res.send(body);
}

/**
 * The pages painted for visitors without a session, by URL, for PAGE_CACHE_TTL_MS: the same for every such visitor,
 * so one render serves them all for a minute (docs/decisions.md « Server rendering: anonymous page cache »). A page
 * painted with a session never enters: `put` is only called for a request without a session cookie whose render
 * was signed out.
 */
export class AnonymousPageCache {
  private readonly pages = new Map<string, { page: SentPage; at: number }>();
  private bytes = 0;

  constructor(private readonly opts: { ttlMs?: number; now?: () => number } = {}) {}

  private get ttlMs() {
    return this.opts.ttlMs ?? PAGE_CACHE_TTL_MS;
  }

  private now() {
    return (this.opts.now ?? Date.now)();
  }

  get(url: string): SentPage | null {
    const entry = this.pages.get(url);
    if (!entry) return null;
    if (this.now() - entry.at >= this.ttlMs) {
      this.delete(url);
      return null;
    }
    return entry.page;
  }

  put(url: string, page: SentPage): void {
    this.delete(url);
    this.pages.set(url, { page, at: this.now() });
    // The identity body counts three times: itself and, at most, its two smaller encodings.
    this.bytes += page.identity.length * 3;
    for (const oldest of this.pages.keys()) {
      if (this.pages.size <= PAGE_CACHE_MAX_ENTRIES && this.bytes <= PAGE_CACHE_MAX_BYTES) break;
      this.delete(oldest);
    }
  }

  private delete(url: string): void {
    const entry = this.pages.get(url);
    if (!entry) return;
    this.bytes -= entry.page.identity.length * 3;
    this.pages.delete(url);
  }
}
