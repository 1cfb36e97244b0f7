import crypto from 'node:crypto';
import fs from 'node:fs';
import type { PersistedQueryOptions } from '@apollo/server';
import { MSG } from '@flaneur/schema';
import type { RequestHandler } from 'express';
import { graphqlHttpParams, persistedHash } from './http-params';

/** The web's trusted documents: codegen's persisted-documents.json, by bare sha256 hex digest. */
export interface PersistedDocuments {
  /** The document text of a hash, or undefined. */
  text(hash: string): string | undefined;
  /** Whether a free document is, character for character, one of them. */
  knows(query: string): boolean;
  /** Every [hash, text] pair (compiled once at start). */
  entries(): IterableIterator<[string, string]>;
  readonly size: number;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const HASH_KEY = /^(?:sha256:)?([0-9a-f]{64})$/;

/** Reads the manifest (`{ "sha256:<hex>": text }`) once; throws at start on a missing file or a hash that lies. */
export function loadPersistedDocuments(file: string): PersistedDocuments {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Trusted documents: cannot read ${file} (npm run codegen writes it): ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`Trusted documents: ${file} is no object`);
  const byHash = new Map<string, string>();
  for (const [key, text] of Object.entries(raw)) {
    const hex = HASH_KEY.exec(key)?.[1];
    if (!hex || typeof text !== 'string' || sha256(text) !== hex)
      throw new Error(`Trusted documents: ${file}: the entry ${key.slice(0, 80)} is not the sha256 of its text`);
    byHash.set(hex, text);
  }
  return {
    text: (hash) => byHash.get(hash),
    knows: (query) => byHash.has(sha256(query)),
    entries: () => byHash.entries(),
    size: byHash.size,
  };
}

/**
 * Apollo's persisted-query store (`persistedQueries.cache`), read only: a known hash reads the manifest, and nothing a
 * client sends is ever registered (set is a no-op). Apollo prefixes its keys ("apq:"); the digest is what follows.
 */
export function manifestCache(documents: PersistedDocuments): NonNullable<PersistedQueryOptions['cache']> {
  return {
    get: async (key) => documents.text(key.slice(key.lastIndexOf(':') + 1)),
    set: async () => undefined,
    delete: async () => false,
  };
}

/**
 * Trusted documents over HTTP, before Apollo. A hash without text must be one of the web's documents, else
 * PERSISTED_QUERY_NOT_FOUND (200, as Apollo answers it: clients then resend the text). When `enforce` (production),
 * a request without an access token (a cookie session or nobody) may send only the web's documents, by hash or as
 * their exact text: any other text is refused with 400 PERSISTED_QUERY_REQUIRED. A Bearer token sends any document
 * (its cost budget applies); outside production nothing is refused (the Sandbox works with free documents).
 */
export function trustedDocuments(documents: PersistedDocuments, opts: { enforce: boolean }): RequestHandler {
  return (req, res, next) => {
    const { query, extensions } = graphqlHttpParams(req);
    const hash = persistedHash(extensions);
    if (typeof hash === 'string' && (query === undefined || query === null || query === '')) {
      if (documents.text(hash) !== undefined) return next();
      res.setHeader('Cache-Control', 'private, no-cache, must-revalidate');
      res.status(200).json({
        errors: [{ message: MSG.persistedQueryNotFound, extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }],
      });
      return;
    }
    if (opts.enforce && !req.accessToken && typeof query === 'string' && !documents.knows(query)) {
      res.status(400).json({
        errors: [{ message: MSG.persistedQueryRequired, extensions: { code: 'PERSISTED_QUERY_REQUIRED' } }],
      });
      return;
    }
    next();
  };
}

/**
 * The trusted-documents rule of a websocket operation (the same as over HTTP): a known hash in
 * `extensions.persistedQuery` runs the manifest's text, whatever text came with it; otherwise, when `enforce`
 * (production) and the socket has no access token, the text must be one of the web's documents. Answers the text to
 * run, or null when refused.
 */
export function trustedSocketDocument(
  documents: PersistedDocuments,
  payload: { query: string; extensions?: unknown },
  opts: { enforce: boolean; withToken: boolean },
): string | null {
  const hash = persistedHash(payload.extensions);
  const known = typeof hash === 'string' ? documents.text(hash) : undefined;
  if (known !== undefined) return known;
  if (opts.enforce && !opts.withToken && !documents.knows(payload.query)) return null;
  return payload.query;
}
