import { MSG } from '@flaneur/schema';
import express, { RequestHandler } from 'express';
import { AppError } from '../lib/errors';

/** Default limits of a JSON body (docs/security.md): larger answers 413, deeper answers 400. */
export const JSON_BODY_LIMITS = {
  /** Bytes of the raw body. */
  maxBytes: 100 * 1024,
  /** Nesting of arrays and objects, the outermost one counting 1. */
  maxDepth: 32,
} as const;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * The deepest nesting of arrays and objects in raw JSON, in one pass over the bytes (brackets inside strings are
 * skipped), stopping as soon as it exceeds `limit`. Malformed JSON is left to JSON.parse.
 */
export function jsonDepthExceeds(buf: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i += 1) {
    const c = buf[i];
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return false;
}

/** The limits of one JSON parser; omitted ones are JSON_BODY_LIMITS'. */
export interface JsonBodyOptions {
  maxBytes?: number;
  maxDepth?: number;
  /** The French message of a body over `maxBytes` (default: the generic one). */
  tooLargeMessage?: string;
}

/** A body whose raw bytes hold a `\u0000` escape (the only way JSON can carry NUL) is walked after parsing. */
const NUL_ESCAPE = Buffer.from('\\u0000');
const MAY_HOLD_NUL = Symbol('mayHoldNul');

const holdsNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v));
  return false;
};

const parser = (opts: JsonBodyOptions): RequestHandler => {
  const maxDepth = opts.maxDepth ?? JSON_BODY_LIMITS.maxDepth;
  const parse = express.json({
    limit: opts.maxBytes ?? JSON_BODY_LIMITS.maxBytes,
    verify: (req, _res, buf) => {
      if (jsonDepthExceeds(buf, maxDepth)) throw new AppError('BAD_USER_INPUT', MSG.jsonTooDeep);
      // No reviver: it would run for every value of every body; only a body that may hold a NUL is walked.
      if (buf.includes(NUL_ESCAPE)) (req as unknown as Record<symbol, boolean>)[MAY_HOLD_NUL] = true;
    },
  });
  return (req, res, next) =>
    parse(req, res, (err?: unknown) => {
      // Counted on the bytes read, chunked bodies included: not on what Content-Length declares.
      if (opts.tooLargeMessage && (err as { status?: number } | undefined)?.status === 413)
        return next(new AppError('PAYLOAD_TOO_LARGE', opts.tooLargeMessage));
      if (err || !(req as unknown as Record<symbol, boolean>)[MAY_HOLD_NUL] || !holdsNul(req.body)) return next(err);
      next(Object.assign(new Error('NUL in JSON'), { status: 400 }));
    });
};

/**
 * Parses JSON bodies of at most `maxBytes` (413 beyond) and `maxDepth` levels of nesting (400 beyond, checked on the
 * raw bytes before JSON.parse, so a deep document is never walked recursively). PostgreSQL text cannot hold NUL: a
 * string with one is refused as bad input (400) before it reaches a query. A route that needs other limits (a batch
 * endpoint) is listed in `routes` by its path under the mount point, e.g. `{ '/positions/batch': { maxBytes: 1 << 20 } }`.
 */
export function jsonBody(opts: JsonBodyOptions = {}, routes: Record<string, JsonBodyOptions> = {}): RequestHandler {
  const fallback = parser(opts);
  const perRoute = new Map(Object.entries(routes).map(([path, o]) => [path, parser({ ...opts, ...o })]));
  return (req, res, next) => (perRoute.get(req.path) ?? fallback)(req, res, next);
}
