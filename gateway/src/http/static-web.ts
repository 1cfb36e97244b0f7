import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { pickEncoding, PUBLIC_READ_CACHE_CONTROL } from './caching';
import { isIndexablePath } from './crawlers';
import { AnonymousPageCache, sendPage, sentPage } from './page-cache';
import {
  isSignedOutRequest,
  redirectOf,
  renderPage,
  type RenderedPage,
  type ServerRenderOptions,
} from './server-render';
import { shareTags, withShareTags, type ShareLookup } from './share-preview';

/** Where `npm run build -w @flaneur/web` writes the app. */
export const WEB_DIST = path.resolve(__dirname, '../../../web/dist');

export interface StaticWebOptions {
  /** Source maps (`*.map`) are answered 404 unless this is set (development only). */
  serveSourceMaps?: boolean;
  /** `/property/{id}` answers the app with the listing's share tags (404 for an unknown id). */
  sharePreview?: { lookup: ShareLookup; publicUrl: string };
  /** Signed-out GETs of the public screens get their markup from the web's server bundle (http/server-render.ts). */
  serverRender?: ServerRenderOptions;
  /** How long a page painted for a visitor without a session is served from memory (a minute; 0: never). */
  pageCacheTtlMs?: number;
}

/** Precompressed variants written by the web build (web/scripts/compress-dist.mjs), best first. */
const VARIANTS = [
  { encoding: 'br', ext: '.br' },
  { encoding: 'gzip', ext: '.gz' },
] as const;
type Encoding = (typeof VARIANTS)[number]['encoding'];

const IMMUTABLE = { immutable: true, maxAge: '1y' } as const;

/**
 * Serves the built web app; client-side routes fall back to index.html. Absent build → nothing mounted.
 * Text files with a `.br`/`.gz` sibling are sent compressed when the client accepts it.
 */
export function staticWeb(dir = WEB_DIST, opts: StaticWebOptions = {}): Router | null {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return null;
  const variants = findVariants(dir);
  const r = Router();
  if (!opts.serveSourceMaps) {
    r.use((req, res, next) => (req.path.endsWith('.map') ? res.sendStatus(404) : next()));
  }
  // Hashed assets are immutable; index.html must always be revalidated to pick up a new build.
  r.use('/assets', precompressed(dir, '/assets', variants, IMMUTABLE));
  r.use('/assets', express.static(path.join(dir, 'assets'), { ...IMMUTABLE, fallthrough: false }));
  r.use(precompressed(dir, '', variants, { maxAge: 0 }));
  r.use(express.static(dir, { index: false, maxAge: 0 }));
  const preview = opts.sharePreview;
  const serverRender = opts.serverRender;
  const pageCache =
    serverRender && opts.pageCacheTtlMs !== 0 ? new AnonymousPageCache({ ttlMs: opts.pageCacheTtlMs }) : null;
  /** The cache's key for a request it may serve: none with a session cookie, nor for a link carrying a token. */
  const cacheKey = (req: Request) =>
    pageCache && isSignedOutRequest(req) && !/[?&]token=/.test(req.originalUrl) ? req.originalUrl : null;
  /** Sends the page of `key` from the cache: false when there is none (then render, and `sendRendered`). */
  const sendCached = async (req: Request, res: Response, key: string | null): Promise<boolean> => {
    const cached = key ? pageCache!.get(key) : null;
    if (cached) await sendPage(req, res, cached, PUBLIC_READ_CACHE_CONTROL);
    return cached !== null;
  };
  /** Sends a page just painted (`rendered`, or the shell when null), kept for `key` when painted signed out. */
  const sendRendered = (
    req: Request,
    res: Response,
    key: string | null,
    rendered: RenderedPage | null,
    status: number,
    html: string,
  ) => {
    const sent = sentPage(status, html);
    if (key && rendered && !rendered.signedIn) pageCache!.put(key, sent);
    return sendPage(req, res, sent, cacheControlOf(rendered, key));
  };
  // Read once: a new build comes with a restart.
  const indexHtml = preview || serverRender ? fs.readFileSync(index, 'utf8') : '';
  if (preview) {
    // Sent uncompressed, as it differs for each listing.
    r.get('/property/:id', async (req, res, next) => {
      if (!req.accepts('html')) return next();
      try {
        const key = cacheKey(req);
        if (await sendCached(req, res, key)) return;
        const listing = await preview.lookup(String(req.params.id));
        const page = listing ? withShareTags(indexHtml, shareTags(listing, preview.publicUrl)) : indexHtml;
        const rendered = serverRender ? await renderPage(serverRender, req, page) : null;
        // Unknown: « Bien non trouvé » (rendered here or by the app), with the status a crawler understands.
        await sendRendered(req, res, key, rendered, listing ? 200 : 404, rendered?.html ?? page);
      } catch (err) {
        next(err);
      }
    });
  }
  r.get(/^\/(?!api\/|graphql|uploads\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    // A file the build does not hold (/wp-login.php, /favicon.png…) is not a screen of the app (a username may hold
    // a dot: /profile/{username} is a screen).
    if (/\.[a-z0-9]{1,8}$/i.test(req.path) && !req.path.startsWith('/profile/'))
      return res.status(404).type('text/plain; charset=utf-8').send('Fichier introuvable.');
    res.setHeader('Cache-Control', 'no-cache');
    if (!isIndexablePath(req.path)) res.setHeader('X-Robots-Tag', 'noindex');
    if (!serverRender) return sendNegotiated(req, res, index, variants.get('/index.html'), {}, next);
    res.vary('Cookie');
    (async () => {
      const key = cacheKey(req);
      if (await sendCached(req, res, key)) return;
      const to = await redirectOf(serverRender, req);
      if (to) return res.redirect(302, to);
      const rendered = await renderPage(serverRender, req, indexHtml);
      if (!rendered) return sendNegotiated(req, res, index, variants.get('/index.html'), {}, next);
      await sendRendered(req, res, key, rendered, rendered.status, rendered.html);
    })().catch(next);
  });
  return r;
}

/**
 * A page holding a viewer's data is kept by no cache, not even the browser's; one painted for a visitor without a
 * session (`cacheKey`) is public for a minute; any other (the client shell, a stale cookie's page) is revalidated.
 */
function cacheControlOf(rendered: RenderedPage | null, cacheKey: string | null): string {
  if (rendered?.signedIn) return 'private, no-store';
  return rendered && cacheKey ? PUBLIC_READ_CACHE_CONTROL : 'no-cache';
}

/** URL path (`/assets/index-abc.js`) → encodings available beside the file, scanned once at start. */
function findVariants(dir: string): Map<string, Set<Encoding>> {
  const found = new Map<string, Set<Encoding>>();
  for (const rel of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const variant = VARIANTS.find((v) => rel.endsWith(v.ext));
    if (!variant) continue;
    const original = rel.slice(0, -variant.ext.length);
    if (!fs.existsSync(path.join(dir, original))) continue;
    const urlPath = '/' + original.split(path.sep).join('/');
    const set = found.get(urlPath) ?? new Set<Encoding>();
    set.add(variant.encoding);
    found.set(urlPath, set);
  }
  return found;
}

type SendOptions = { immutable?: boolean; maxAge?: string | number };

function precompressed(
  dir: string,
  mount: string,
  variants: Map<string, Set<Encoding>>,
  sendOpts: SendOptions,
): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const urlPath = mount + req.path;
    const available = variants.get(urlPath);
    // Only paths found by the scan are served here: nothing from the URL reaches the file system.
    if (!available) return next();
    sendNegotiated(req, res, path.join(dir, ...urlPath.split('/')), available, sendOpts, next);
  };
}

function sendNegotiated(
  req: Request,
  res: Response,
  file: string,
  available: Set<Encoding> | undefined,
  sendOpts: SendOptions,
  next: (err?: unknown) => void,
): void {
  if (!available) return res.sendFile(file, sendOpts, (err) => err && next(err));
  res.vary('Accept-Encoding');
  const encoding = pickEncoding(req.headers['accept-encoding'], available);
  if (!encoding) return res.sendFile(file, sendOpts, (err) => err && next(err));
  // The type of the original (send would otherwise derive it from .br/.gz); send keeps a set Content-Type.
  res.type(path.extname(file));
  res.setHeader('Content-Encoding', encoding);
  const ext = VARIANTS.find((v) => v.encoding === encoding)!.ext;
  res.sendFile(file + ext, sendOpts, (err) => err && next(err));
}
