import type { Request } from 'express';

/** What the GraphQL checks before Apollo read of an HTTP request. */
export interface GraphqlHttpParams {
  query: unknown;
  extensions: unknown;
}

/**
 * The query and extensions of an HTTP GraphQL request, read exactly as Apollo Server reads them: on GET from every
 * parameter of the URL (URLSearchParams: Express's own parser stops at 1,000 parameters, so a `query` placed after
 * them escaped the checks while Apollo still ran it), on POST from the parsed JSON or multipart body. Every check
 * made before Apollo (document length, trusted documents) reads this, never `req.query`.
 */
export function graphqlHttpParams(req: Request): GraphqlHttpParams {
  if (req.method === 'GET' || req.method === 'HEAD') {
    const at = req.url.indexOf('?');
    const search = new URLSearchParams(at === -1 ? '' : req.url.slice(at + 1));
    // A parameter given twice is refused by Apollo; the first value is the one checked here.
    const query = search.get('query') ?? undefined;
    const raw = search.get('extensions');
    let extensions: unknown;
    try {
      extensions = raw === null ? undefined : JSON.parse(raw);
    } catch {
      extensions = undefined; // Apollo answers the malformed parameter itself
    }
    return { query, extensions };
  }
  const body = req.body as { query?: unknown; extensions?: unknown } | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { query: undefined, extensions: undefined };
  return { query: body.query, extensions: body.extensions };
}

/** The persisted-query hash of the extensions, if any. */
export function persistedHash(extensions: unknown): unknown {
  return (extensions as { persistedQuery?: { sha256Hash?: unknown } } | null | undefined)?.persistedQuery?.sha256Hash;
}
