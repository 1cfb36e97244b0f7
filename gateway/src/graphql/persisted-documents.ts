import crypto from 'node:crypto';
import fs from 'node:fs';
import type { PersistedQueryOptions } from '@apollo/server';
import { MSG } from '@flaneur/schema';
import type { RequestHandler } from 'express';

/** The web's trusted documents: codegen's persisted-documents.json, by bare sha256 hex digest. */
export interface PersistedDocuments {
  /** The document text of a hash, or undefined. */
  text(hash: string): string | undefined;
  /** Whether a free document is, character for character, one of them. */
  knows(query: string): boolean;
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

interface GraphqlParams {
  query?: unknown;
  extensions?: unknown;
}

/** The query and the persisted hash of an HTTP GraphQL request (GET parameters, JSON or multipart body). */
function paramsOf(req: Parameters<RequestHandler>[0]): { query: unknown; hash: unknown } {
  let params: GraphqlParams = {};
  if (req.method === 'GET') {
    params.query = req.query.query;
    const extensions = req.query.extensions;
    try {
      params.extensions = typeof extensions === 'string' ? JSON.parse(extensions) : undefined;
    } catch {
      params.extensions = undefined; // Apollo answers the malformed parameter itself
    }
  } else if (req.body && typeof req.body === 'object' && !Array.isArray(req.body)) {
    params = req.body as GraphqlParams;
  }
  const persisted = (params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery;
  return { query: params.query, hash: persisted?.sha256Hash };
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
    const { query, hash } = paramsOf(req);
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
