import fs from 'node:fs';
import path from 'node:path';
import type { ApolloServer } from '@apollo/server';
import type { Request } from 'express';
import type { Context } from '../graphql/context';
import { createLoaders } from '../graphql/loaders';
import type { Logger } from '../lib/logger';
import type { User } from '../modules/users/user.entity';
import type { Services } from '../wiring/services';
import type { DataSource } from 'typeorm';
import { SESSION_COOKIE } from './session';
import { scriptJson } from './share-preview';

/** Where `npm run build -w @flaneur/web` writes the server bundle (web/src/entry-server.tsx, CommonJS). */
export const WEB_SERVER_ENTRY = path.resolve(__dirname, '../../../web/dist-server/entry-server.cjs');

/** A GraphQL result as Apollo Client's link hands it on. */
export interface OperationResult {
  data?: Record<string, unknown> | null;
  errors?: readonly unknown[];
}
/** One trusted document (its bare sha256 digest) with its variables, as the web's server bundle asks for it. */
export interface ServerOperation {
  hash: string;
  operationName: string | undefined;
  variables: Record<string, unknown>;
}
export type ExecuteOperation = (operation: ServerOperation) => Promise<OperationResult>;

/** What the web's server bundle exports (web/src/entry-server.tsx). */
export interface ServerRenderer {
  render(
    url: string,
    execute: ExecuteOperation,
    signal?: AbortSignal,
    signedIn?: boolean,
  ): Promise<{ html: string; state: unknown; status: number }>;
  serverRenderedRoute(pathname: string, signedIn?: boolean): string | null;
  serverRedirect(url: string, signedIn: boolean): string | null;
}

/** The server bundle, or null when the web was not built with it (the client shell is served then). */
export function loadServerRenderer(file = WEB_SERVER_ENTRY): ServerRenderer | null {
  if (!fs.existsSync(file)) return null;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(file) as ServerRenderer;
}

/**
 * Queries of a server render, run in-process by Apollo Server (its plugins and limits included) as the request's
 * viewer (null: a signed-out visitor), by the trusted document's hash (the manifest is the persisted-query store),
 * never over HTTP.
 */
export function inProcessExecutor(
  apollo: ApolloServer<Context>,
  services: Services,
  db: DataSource,
): (requestId: string, viewer: User | null) => ExecuteOperation {
  return (requestId, viewer) => {
    const loaders = createLoaders(db);
    return async ({ hash, operationName, variables }) => {
      const response = await apollo.executeOperation(
        { operationName, variables, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } },
        {
          contextValue: { viewer, token: null, services, requestId, loaders },
        },
      );
      if (response.body.kind !== 'single') throw new Error('Réponse GraphQL incrémentale inattendue');
      return response.body.singleResult as OperationResult;
    };
  };
}

/** A request without a session cookie: signed out without reading any session. */
export function isSignedOutRequest(req: Request): boolean {
  return !(req.headers.cookie ?? '').split(';').some((c) => c.trim().startsWith(`${SESSION_COOKIE}=`));
}

export interface ServerRenderOptions {
  renderer: ServerRenderer;
  /** The executor of one request (its id goes to the GraphQL context). */
  execute: (requestId: string, viewer: User | null) => ExecuteOperation;
  logger: Logger;
  /** The signed-in user of the request's session cookie, or null (a destroyed session's cookie: null). */
  viewerOf: (req: Request) => Promise<User | null>;
  /** A render slower than this is dropped for the client shell (300 ms). */
  timeoutMs?: number;
}

/**
 * The viewer of a page request: null without a session cookie (no session read), else the session's user, or null if
 * it is gone. Read once per request (the redirect and the render both ask). A session store failing is thrown.
 */
export function pageViewer(opts: ServerRenderOptions, req: Request): Promise<User | null> {
  if (isSignedOutRequest(req)) return Promise.resolve(null);
  const memo = req as Request & { pageViewer?: Promise<User | null> };
  memo.pageViewer ??= opts.viewerOf(req);
  return memo.pageViewer;
}

/**
 * Where the server redirects `req` (302) instead of sending a screen, or null: the redirects the web's router makes
 * (web/src/entry-server.tsx#serverRedirect). A session store failing: no redirect (the client shell decides).
 */
export async function redirectOf(opts: ServerRenderOptions, req: Request): Promise<string | null> {
  try {
    const signedIn = (await pageViewer(opts, req)) !== null;
    return opts.renderer.serverRedirect(req.originalUrl, signedIn);
  } catch (err) {
    opts.logger.warn({ err, path: req.path }, 'server redirect skipped');
    return null;
  }
}

/** A server-rendered page: `signedIn` pages hold the viewer's data (sent `private, no-store`). */
export interface RenderedPage {
  html: string;
  status: number;
  signedIn: boolean;
}

/**
 * The rendered page of `req` as its viewer sees it, or null (not a server-rendered screen for that viewer, or the
 * render threw or was too slow: logged).
 */
export async function renderPage(
  opts: ServerRenderOptions,
  req: Request,
  indexHtml: string,
): Promise<RenderedPage | null> {
  const timeoutMs = opts.timeoutMs ?? 300;
  const started = performance.now();
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  try {
    const viewer = await pageViewer(opts, req);
    const signedIn = viewer !== null;
    if (opts.renderer.serverRenderedRoute(req.path, signedIn) === null) return null;
    const url = `http://localhost${req.originalUrl}`;
    const rendered = await Promise.race([
      opts.renderer.render(url, opts.execute(req.requestId ?? 'ssr', viewer), abort.signal, signedIn),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          abort.abort();
          reject(new Error(`rendu serveur au-delà de ${timeoutMs} ms`));
        }, timeoutMs);
      }),
    ]);
    opts.logger.info({ path: req.path, signedIn, ms: Math.round(performance.now() - started) }, 'server render');
    return { html: withServerMarkup(indexHtml, rendered.html, rendered.state), status: rendered.status, signedIn };
  } catch (err) {
    opts.logger.warn(
      { err, path: req.path, ms: Math.round(performance.now() - started) },
      'server render failed: client shell',
    );
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The first render of a process runs cold code (React, the router, Apollo on both sides) and can pass the 300 ms
 * limit: two renders at start, one with a query, warm it. Failures only logged.
 */
export function warmUpServerRenderer(opts: ServerRenderOptions): void {
  const execute = opts.execute('warm-up', null);
  void (async () => {
    for (const url of ['http://localhost/qui-peut-publier', 'http://localhost/property/1']) {
      await opts.renderer.render(url, execute).catch(() => undefined);
    }
  })().catch((err: unknown) => opts.logger.warn({ err }, 'server render warm-up failed'));
}

/**
 * index.html with the screen's markup inside #root and the Apollo cache beside it, as JSON in a data block (no inline
 * script runs, the CSP stays strict; scriptJson leaves no `<` in it, so no `</script>`). The resource hints React puts
 * before the markup go to the head.
 */
export function withServerMarkup(indexHtml: string, markup: string, state: unknown): string {
  const hints = /^(?:<link [^>]*>)+/.exec(markup)?.[0] ?? '';
  const body = markup.slice(hints.length);
  const state_ = `<script type="application/json" id="apollo-state">${scriptJson(state)}</script>`;
  // Functions, so that `$&` or `$'` in a listing's text is not read as a replacement pattern.
  return indexHtml
    .replace(/<\/head>/i, () => (hints ? `  ${hints}\n  </head>` : '</head>'))
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>${state_}`);
}
