import crypto from 'node:crypto';
import compression from 'compression';
import { parse as parseCookie } from 'cookie';
import type { Request, RequestHandler, Response } from 'express';
import { SESSION_COOKIE } from './session';

/** Answers that hold nothing of a session (anonymous listing reads): a minute fresh, ten more served while revalidated. */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
/** Every other /api and /graphql answer: read with a session or personal, never stored by a browser or a proxy. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** Photos and profile pictures are uuid-named and never rewritten: a new picture is a new URL. */
export const UPLOADS_CACHE = { immutable: true, maxAge: '1y' } as const;
/** JSON answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const JSON_TYPE = /^application\/(?:json|graphql-response\+json)\s*(?:;|$)/i;

/** The default of /api and /graphql: private, no-store until a public read says otherwise. */
export const privateByDefault: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
  next();
};

/**
 * Whether a read may be answered as public: no viewer and no session cookie at all. A request carrying a cookie
 * (even a stale one) stays private, so no public answer can carry a Set-Cookie from the session middleware.
 */
export function isAnonymousRead(viewer: unknown, cookieHeader: string | undefined): boolean {
  if (viewer) return false;
  if (!cookieHeader) return true;
  return parseCookie(cookieHeader)[SESSION_COOKIE] === undefined;
}

/** A weak validator of a body (JSON, a page): weak because the same answer also goes gzip- or br-encoded. */
export const weakEtagOf = (body: string) => `W/"${crypto.createHash('sha256').update(body).digest('base64url')}"`;

/**
 * Sends a read that is the same for every anonymous visitor. Anonymous: public Cache-Control, ETag and
 * `Vary: Cookie` (a browser that signs in meanwhile does not reuse it); express answers 304 to a matching
 * If-None-Match. With a session: the private default. Call it only on success: errors never become public.
 */
export function sendPublicRead(req: Request, res: Response, value: unknown): void {
  const body = JSON.stringify(value);
  if (isAnonymousRead(req.viewer, req.headers.cookie)) {
    res.setHeader('Cache-Control', PUBLIC_READ_CACHE_CONTROL);
    res.setHeader('ETag', weakEtagOf(body));
    res.vary('Cookie');
  }
  res.type('json').send(body);
}

/**
 * Compresses JSON answers of at least 1 KB (brotli when the client accepts it, else gzip or deflate) and adds
 * `Vary: Accept-Encoding`. Anything else goes untouched: downloads (any Content-Disposition: documents, the
 * data export) keep their exact bytes and length, event streams and files are never JSON.
 */
export function compressJson(): RequestHandler {
  return compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    filter: (_req, res) => {
      if (res.getHeader('Content-Disposition') !== undefined) return false;
      const type = res.getHeader('Content-Type');
      return typeof type === 'string' && JSON_TYPE.test(type);
    },
  });
}

/** The encodings the gateway sends, best first: brotli, then gzip. */
export type ContentEncoding = 'br' | 'gzip';

/** br if accepted, else gzip, else none; honours q=0 and `*` (RFC 9110 §12.5.3). */
export function pickEncoding<E extends ContentEncoding>(header: string | undefined, available: Set<E>): E | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  for (const encoding of ['br', 'gzip'] as E[]) {
    if (!available.has(encoding)) continue;
    if ((q.get(encoding) ?? q.get('*') ?? 0) > 0) return encoding;
  }
  return null;
}
